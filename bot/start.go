package bot

import (
	"errors"
	mrand "math/rand/v2"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/budget"
	"shinpan/bot/compose"
	"shinpan/bot/games"
	"shinpan/bot/interact"
	"shinpan/bot/outbox"
	"shinpan/bot/texts/uitexts"
	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/store"
)

// Starting a game, from an accepted challenge or at once against the CPU, has
// one path: seat the players, probe each person's DMs (a closed DM is told in
// the channel and nothing starts), build the referee, and store the game with
// its first messages in one transaction.

// seating puts a challenge's two sides in [Black, White] by its colour choice
// (the challenger's colour; random when none).
func seating(challenger, other string, color store.ColorChoice) [2]string {
	switch color {
	case store.ColorBlack:
		return [2]string{challenger, other}
	case store.ColorWhite:
		return [2]string{other, challenger}
	}
	if mrand.IntN(2) == 0 {
		return [2]string{challenger, other}
	}
	return [2]string{other, challenger}
}

// startGame starts challenge c against other (a user, or store.CPU) for the
// user of r and returns r's answer. A stored challenge (c.ID set) is consumed
// in the same transaction; a challenge to the CPU is never stored.
func (b *Bot) startGame(r *interact.Req, c store.Challenge, other string) (interact.Answer, error) {
	players := seating(c.Challenger, other, c.Color)
	for col, p := range players {
		if compose.IsCPU(p) {
			continue
		}
		if err := b.dmProbe(p, shogi.Color(col), c, probeOf(r, c)); err != nil {
			if !outbox.DMsClosed(err) {
				return interact.Answer{}, err
			}
			if err := b.st.Enqueue(compose.ToChannel(c.ChannelID, compose.Payload{Content: uitexts.DMsClosed(b.readers.ChallengeLang(c), compose.Mention(p)), Mentions: []string{p}})); err != nil {
				return interact.Answer{}, err
			}
			b.ob.Kick()
			return interact.Say(uitexts.UI(r.Lang, uitexts.NotStartedDMsClosed)), nil
		}
	}
	meta := store.Game{GuildID: c.GuildID, ChannelID: c.ChannelID, Players: players, Variant: c.Variant,
		Options: c.Options, StartSFEN: shogi.StartSFEN, RulesVersion: referee.RulesVersion, Ranked: c.Ranked && !compose.IsCPU(other),
		GuildLocale: c.GuildLocale, PublicNotation: c.PublicNotation, CPU: c.CPU}
	g, err := referee.New("0", c.Variant, meta.StartSFEN, c.Options.Options)
	if err != nil {
		return interact.Answer{}, err
	}
	for col, p := range players { // for the result's record (compose.StartNames)
		switch p {
		case c.Challenger:
			meta.Names[col] = c.ChallengerName
		case r.User:
			meta.Names[col] = r.DisplayName()
		}
	}
	games.UpdateMeta(&meta, g)
	meta.Clocks = c.Options.StartClocks()
	meta.Deadline = b.turnDeadline(meta, c.Options.StartTurn(meta.Clocks, shogi.Black, g.NeedsMasks(), b.now()), 0) // Black's move, or Black's mask
	gs := b.guildSettings(c.GuildID)
	if gs.Channel != "" {
		meta.ChannelID = gs.Channel // the server's games channel (bot/commands/admin.go)
	}
	out := b.compose.StartMessages(meta, g, c, b.cfg.threadsIn(gs))
	var game store.Game
	if c.ID != 0 {
		game, err = b.st.AcceptChallenge(c.ID, meta, r.I.ID, out)
	} else {
		game, err = b.st.CreateGame(meta, r.I.ID, out)
	}
	switch {
	case errors.Is(err, store.ErrDuplicate):
		return interact.Say(uitexts.UI(r.Lang, uitexts.AlreadyStarted)), nil
	case errors.Is(err, store.ErrNotFound):
		return interact.Say(uitexts.UI(r.Lang, uitexts.NoChallenge)), nil
	case errors.Is(err, store.ErrExpired):
		return interact.Say(uitexts.UI(r.Lang, uitexts.ChallengeTimedOut)), nil
	case err != nil:
		return interact.Answer{}, err
	}
	b.started(game)
	switch {
	case !b.owns(game.ID):
		b.cl.AdoptNew(game.ID) // its owner runs its clocks, its CPU and its messages
	default:
		b.track(game)
		if _, err := b.games.Get(game.ID); err != nil {
			b.log.Error("load new game", "game", game.ID, "err", err)
		}
		b.ob.Kick()
		if compose.IsCPU(players[0]) || compose.IsCPU(players[1]) {
			go b.cpuTurn(game.ID)
		}
	}
	return interact.Say(uitexts.Accepted(r.Lang, uint64(game.ID))), nil
}

// started makes a new game's players name the game their next typed move
// is for, when they play another (RULES.md §3): their default game, the
// last one they acted in, is forgotten, so a move meant for the new game
// is not played in the old one. When it is their only game, it becomes
// their default, as their typed moves go there: its news needs no number
// (compose.ActionMessages).
func (b *Bot) started(meta store.Game) {
	for _, u := range meta.Players {
		if compose.IsCPU(u) {
			continue
		}
		var def store.GameID // another game goes on (or unread): none
		if gs, err := b.st.ActiveGamesOf(u); err == nil && len(gs) == 1 && gs[0].ID == meta.ID {
			def = meta.ID
		}
		s, err := b.st.GetSettings(u)
		if (err != nil && !errors.Is(err, store.ErrNotFound)) || s.CurrentGame == def || s.CurrentGame == meta.ID {
			continue // as it should be (or unread: a move then goes as before)
		}
		if _, err := b.st.UpdateSettings(u, func(s *store.Settings) {
			if s.CurrentGame != meta.ID {
				s.CurrentGame = def
			}
		}); err != nil {
			b.log.Warn("settings", "user", u, "err", err)
		}
	}
}

// dmProbe opens the DM with a player and sends the welcome, so a closed DM
// shows before the game starts. It is the one message sent outside the
// outbox: it must fail now, while nothing is stored, for the game not to
// start; a message queued in the outbox would only fail after the commit.
// As it goes before the game is saved, its nonce is derived from what it is
// for (of) and the player: a second Accept after a crash sends the same nonce
// and Discord keeps one welcome. Someone waits on the button: its requests
// go ahead of the queued sends (budget.Urgent).
func (b *Bot) dmProbe(user string, c shogi.Color, ch store.Challenge, of string) error {
	urgent := discordgo.WithContext(budget.Urgent(b.ctx))
	ch2, err := b.rest.DMChannel(user, urgent)
	if err != nil {
		return err
	}
	b.dms.KeepDMChannel(user, ch2) // a catch-up reads it, should their first DM come while the bot is down
	nonce, err := b.st.KeyedNonce("probe", of, user)
	if err != nil {
		return err
	}
	_, err = b.rest.PostNow(ch2, compose.Payload{Content: uitexts.Hello(b.readers.Lang(user), ch.Variant, c)}, nonce, urgent)
	return err
}

// probeOf names what a start's welcome DMs are for: the stored challenge, or
// for a game against the CPU (never stored) the command that asked for it.
func probeOf(r *interact.Req, c store.Challenge) string {
	if c.ID != 0 {
		return "challenge:" + itoa(c.ID)
	}
	return "interaction:" + r.I.ID
}
