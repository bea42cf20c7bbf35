package bot

import (
	"shinpan/bot/compose"
	"shinpan/bot/games"
	"shinpan/bot/interact"
	"shinpan/bot/texts"
	"shinpan/referee/shogi"
	"shinpan/store"
)

// Finding what a command or a DM is about: its scope, the game it means and
// the player's seat in it (one preamble for every game command).

// scope is where a command was used. A challenge or game number given in a
// server means that server's challenges and games only; in a DM, only the
// user's own (RULES.md §3). Outside its scope a number reads as "no such
// challenge" or "no such game", whatever its state, so nobody can probe which
// numbers exist elsewhere.
type scope struct {
	guild string // "" in a DM
	user  string
}

func scopeOf(r *interact.Req) scope {
	return scope{guild: r.I.GuildID, user: r.User}
}

// dmScope is the scope of a DM typed to the bot.
func dmScope(user string) scope { return scope{user: user} }

func (s scope) game(g store.Game) bool {
	if s.guild != "" {
		return g.GuildID == s.guild
	}
	_, plays := games.SeatOf(g, s.user)
	return plays
}

func (s scope) challenge(c store.Challenge) bool {
	if s.guild != "" {
		return c.GuildID == s.guild
	}
	return c.Challenger == s.user || c.Challenged == s.user
}

// pickGame chooses the game a DM or command is for, within its scope: the
// #number given, the player's only live game, or their last-used one; else it
// asks which.
func (b *Bot) pickGame(sc scope, want store.GameID) (store.GameID, string) {
	return b.pickGameAs(sc, want, b.readers.Reader(sc.user))
}

// pickGameAs is pickGame with the user's settings read already.
func (b *Bot) pickGameAs(sc scope, want store.GameID, rd compose.Reader) (store.GameID, string) {
	all, err := b.st.ActiveGamesOf(sc.user)
	return b.pickGameIn(sc, want, rd, all, err)
}

// pickGameIn is pickGameAs with the user's live games read already (all,
// or the error of reading them).
func (b *Bot) pickGameIn(sc scope, want store.GameID, rd compose.Reader, all []store.Game, err error) (store.GameID, string) {
	lang := rd.Lang
	if err != nil {
		return 0, storeText(lang, err)
	}
	var games []store.Game
	for _, g := range all {
		if g.ID == want && !sc.game(g) {
			return 0, texts.GameElsewhere(lang, uint64(want)) // their own game, in another server
		}
		if sc.game(g) {
			games = append(games, g)
		}
	}
	if want != 0 {
		for _, g := range games {
			if g.ID == want {
				return want, ""
			}
		}
		return 0, texts.NotInGame(lang, uint64(want))
	}
	switch len(games) {
	case 0:
		return 0, texts.UI(lang, texts.NoActiveGame)
	case 1:
		return games[0].ID, ""
	}
	for _, g := range games {
		if g.ID == rd.Set.CurrentGame {
			return g.ID, ""
		}
	}
	var ids []uint64
	for _, g := range games {
		ids = append(ids, uint64(g.ID))
	}
	return 0, texts.WhichGame(lang, ids)
}

// seated is a player's live game, found for a command.
type seated struct {
	id store.GameID
	lg *games.Game
	c  shogi.Color
}

// myGame finds the live game a command means for its user: want (0: the
// "game" option, else their current game), within the command's scope. When
// there is none, the answer says why.
func (b *Bot) myGame(r *interact.Req, want store.GameID) (seated, *interact.Answer) {
	if want == 0 {
		if n, ok := r.Opts.Num("game"); ok {
			want = store.GameID(n)
		}
	}
	id, why := b.pickGame(scopeOf(r), want)
	if id == 0 {
		return seated{}, &interact.Answer{Text: why}
	}
	return b.seatIn(r, id)
}

// seatIn is myGame for a number from a button or modal: the user must play
// that game.
func (b *Bot) seatIn(r *interact.Req, id store.GameID) (seated, *interact.Answer) {
	lg, err := b.games.Get(id)
	if err != nil {
		return seated{}, &interact.Answer{Text: gameLoadText(r.Lang, err)}
	}
	lg.Mu.Lock()
	c, mine := games.SeatOf(lg.Meta, r.User)
	inScope := scopeOf(r).game(lg.Meta)
	lg.Mu.Unlock()
	if !mine || !inScope {
		return seated{}, &interact.Answer{Text: texts.NotInGame(r.Lang, uint64(id))}
	}
	return seated{id: id, lg: lg, c: c}, nil
}
