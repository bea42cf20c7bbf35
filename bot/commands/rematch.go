package commands

import (
	"time"

	"shinpan/bot/compose"
	"shinpan/bot/games"
	"shinpan/bot/interact"
	"shinpan/bot/texts/uitexts"
	"shinpan/referee/shogi"
	"shinpan/store"
)

// A rematch challenges the other player of a finished game with the same
// settings, colours swapped when the game's option says so.

func (cm *Commands) Rematch(r *interact.Req) (interact.Answer, error) {
	var id store.GameID
	if n, ok := r.Opts.Num("game"); ok {
		id = store.GameID(n)
	} else {
		gs, err := cm.st.RecentGames(r.User, 50)
		if err != nil {
			return interact.Answer{}, err
		}
		for _, g := range gs {
			if ScopeOf(r).HasGame(g) {
				id = g.ID
				if next, ok := cm.rematchOn(r.User, g); ok {
					return interact.Say(uitexts.RematchPlayed(r.Lang, uint64(id), uint64(next))), nil
				}
				break
			}
		}
	}
	return cm.rematch(r, id)
}

// rematchOn finds the game that followed last, a finished game of the
// user's: the first one between the same two players in the same channel
// started after it ended, live or finished. /shogi rematch without a game, and
// the Rematch button under last's result, point to it instead of offering
// another rematch; naming the game in /shogi rematch still offers one.
func (cm *Commands) rematchOn(user string, last store.Game) (store.GameID, bool) {
	if last.ID == 0 {
		return 0, false
	}
	live, err := cm.st.ActiveGamesOf(user)
	if err != nil {
		return 0, false
	}
	done, err := cm.st.RecentGames(user, 50)
	if err != nil {
		return 0, false
	}
	var next store.GameID
	for _, g := range append(live, done...) {
		after := g.ID > last.ID && !g.CreatedAt.Before(last.FinishedAt) // not a game played meanwhile
		if after && (next == 0 || g.ID < next) && g.ChannelID == last.ChannelID && samePlayers(g, last) {
			next = g.ID
		}
	}
	return next, next != 0
}

func samePlayers(a, b store.Game) bool {
	return a.Players == b.Players || a.Players[0] == b.Players[1] && a.Players[1] == b.Players[0]
}

// RematchButton is the Rematch button under a finished game's result; once
// that game has its rematch (playing or played), it points to it as
// /shogi rematch does instead of offering yet another.
func (cm *Commands) RematchButton(r *interact.Req) (interact.Answer, error) {
	id := store.GameID(r.Arg)
	if meta, err := cm.st.GetGame(id); err == nil && !meta.Status.Live() && ScopeOf(r).HasGame(meta) {
		if _, seated := games.SeatOf(meta, r.User); seated {
			if next, ok := cm.rematchOn(r.User, meta); ok {
				return interact.Say(uitexts.RematchPlayed(r.Lang, uint64(id), uint64(next))), nil
			}
		}
	}
	return cm.rematch(r, id)
}

func (cm *Commands) rematch(r *interact.Req, id store.GameID) (interact.Answer, error) {
	if id == 0 {
		return interact.Say(uitexts.UI(r.Lang, uitexts.NoGame)), nil
	}
	meta, err := cm.st.GetGame(id)
	c, ok := games.SeatOf(meta, r.User)
	if err != nil || !ok || !ScopeOf(r).HasGame(meta) {
		return interact.Say(uitexts.RematchNotYours(r.Lang, uint64(id))), nil
	}
	if meta.Status.Live() {
		return interact.Say(uitexts.UI(r.Lang, uitexts.AlreadyStarted)), nil
	}
	opp := meta.Players[c.Opp()]
	black := c == shogi.Black // the challenger keeps their colour...
	if meta.Options.SwapOnRematch {
		black = !black // ...unless the game swaps
	}
	color := store.ColorWhite
	if black {
		color = store.ColorBlack
	}
	// An open offer between the two in this channel: one's own is pointed to,
	// the opponent's is accepted (pressing Rematch twice, or both pressing it,
	// makes one game).
	cs, err := cm.st.Challenges()
	if err != nil {
		return interact.Answer{}, err
	}
	for _, c := range cs {
		if c.ChannelID != meta.ChannelID || !c.ExpiresAt.After(cm.now()) {
			continue
		}
		switch {
		case c.Challenger == r.User && c.Challenged == opp:
			return interact.Say(uitexts.RematchPending(r.Lang, c.ID)), nil
		case c.Challenger == opp && c.Challenged == r.User:
			return cm.accept(r, c.ID)
		}
	}
	if compose.IsCPU(opp) {
		if gs, err := cm.st.ActiveGamesOf(r.User); err == nil {
			for _, g := range gs {
				if g.ChannelID == meta.ChannelID && (compose.IsCPU(g.Players[0]) || compose.IsCPU(g.Players[1])) {
					return interact.Say(uitexts.UI(r.Lang, uitexts.AlreadyStarted)), nil
				}
			}
		}
	}
	ch := store.Challenge{GuildID: meta.GuildID, ChannelID: meta.ChannelID, Challenger: r.User, ChallengerName: r.DisplayName(), Challenged: opp,
		Variant: meta.Variant, Options: meta.Options, Color: color, Ranked: meta.Ranked, GuildLocale: meta.GuildLocale, PublicNotation: meta.PublicNotation, CPU: meta.CPU,
		ExpiresAt: cm.now().Add(time.Duration(cm.cfg.ChallengeMinutes) * time.Minute)}
	if compose.IsCPU(opp) {
		return cm.host.StartGame(r, ch, store.CPU) // the CPU always accepts
	}
	ch, err = cm.st.CreateChallenge(ch, nil)
	if err != nil {
		return interact.Answer{}, err
	}
	// The card goes through the outbox; the sender keeps its message id
	// (payload.Challenge) for acceptance or expiry to edit. A crash before it
	// is queued leaves a challenge nobody sees, which simply expires.
	chLang := cm.readers.ChallengeLang(ch)
	card := compose.Payload{Content: uitexts.ChallengeCard(chLang, compose.ChallengeText(ch)), Mentions: []string{opp},
		Buttons: challengeButtons(chLang, ch.ID), Challenge: ch.ID}
	if err := cm.st.Enqueue(compose.ToChannel(ch.ChannelID, card)); err != nil {
		return interact.Answer{}, err
	}
	cm.host.Kick()
	return interact.Say(uitexts.UI(r.Lang, uitexts.RematchSent)), nil
}
