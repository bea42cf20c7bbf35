package commands

import (
	"strconv"
	"strings"
	"unicode"

	"shinpan/bot/compose"
	"shinpan/bot/games"
	"shinpan/bot/interact"
	"shinpan/bot/texts"
	"shinpan/bot/texts/uitexts"
	"shinpan/referee/shogi"
	"shinpan/store"
)

// Finding what a command or a DM is about: its scope, the game it means and
// the player's seat in it (one preamble for every game command).

// Scope is where a command was used. A challenge or game number given in a
// server means that server's challenges and games only; in a DM, only the
// user's own (RULES.md §3). Outside its Scope a number reads as "no such
// challenge" or "no such game", whatever its state, so nobody can probe which
// numbers exist elsewhere.
type Scope struct {
	Guild string // "" in a DM
	User  string
}

func ScopeOf(r *interact.Req) Scope {
	return Scope{Guild: r.I.GuildID, User: r.User}
}

// DMScope is the scope of a DM typed to the bot.
func DMScope(user string) Scope { return Scope{User: user} }

func (s Scope) HasGame(g store.Game) bool {
	if s.Guild != "" {
		return g.GuildID == s.Guild
	}
	_, plays := games.SeatOf(g, s.User)
	return plays
}

func (s Scope) HasChallenge(c store.Challenge) bool {
	if s.Guild != "" {
		return c.GuildID == s.Guild
	}
	return c.Challenger == s.User || c.Challenged == s.User
}

// PickGame chooses the game a slash command is for, within its scope: the
// number given, the player's only live game, or their last-used one; else it
// asks which, pointing to the command's game option.
func (cm *Commands) PickGame(sc Scope, want store.GameID) (store.GameID, string) {
	return cm.pickFor(sc, want, true)
}

// pickFor is PickGame; without byDefault the last-used game is no answer.
func (cm *Commands) pickFor(sc Scope, want store.GameID, byDefault bool) (store.GameID, string) {
	all, err := cm.st.ActiveGamesOf(sc.User)
	rd := cm.readers.Reader(sc.User)
	if !byDefault {
		rd.Set.CurrentGame = 0
	}
	return pickGame(sc, want, rd, all, err, uitexts.WhichGameOption)
}

// PickGameIn is PickGame for a DM, with the user's settings and live games
// read already (all, or the error of reading them): when it asks which, it
// points to the #number a DM starts with.
func (cm *Commands) PickGameIn(sc Scope, want store.GameID, rd compose.Reader, all []store.Game, err error) (store.GameID, string) {
	return pickGame(sc, want, rd, all, err, uitexts.WhichGame)
}

func pickGame(sc Scope, want store.GameID, rd compose.Reader, all []store.Game, err error, which func(texts.Lang, []uint64) string) (store.GameID, string) {
	lang := rd.Lang
	if err != nil {
		return 0, compose.StoreText(lang, err)
	}
	var games []store.Game
	for _, g := range all {
		if g.ID == want && !sc.HasGame(g) {
			return 0, uitexts.GameElsewhere(lang, uint64(want)) // their own game, in another server
		}
		if sc.HasGame(g) {
			games = append(games, g)
		}
	}
	if want != 0 {
		for _, g := range games {
			if g.ID == want {
				return want, ""
			}
		}
		return 0, uitexts.NotInGame(lang, uint64(want))
	}
	switch len(games) {
	case 0:
		return 0, uitexts.UI(lang, uitexts.NoActiveGame)
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
	return 0, which(lang, ids)
}

// Seated is a player's live game, found for a command.
type Seated struct {
	ID    store.GameID
	Game  *games.Game
	Color shogi.Color
}

// MyGame finds the live game a command means for its user: want (0: the
// "game" option, else their current game), within the command's scope. When
// there is none, the answer says why.
func (cm *Commands) MyGame(r *interact.Req, want store.GameID) (Seated, *interact.Answer) {
	return cm.myGame(r, want, true)
}

// MyGameAsked is MyGame for what cannot be undone (resign, declare, abort,
// a draw): in several live games it asks which unless the command names
// one, rather than act in the last one used (RULES.md §3).
func (cm *Commands) MyGameAsked(r *interact.Req) (Seated, *interact.Answer) {
	return cm.myGame(r, 0, false)
}

func (cm *Commands) myGame(r *interact.Req, want store.GameID, byDefault bool) (Seated, *interact.Answer) {
	if want == 0 {
		if n, ok := r.Opts.Num("game"); ok {
			want = store.GameID(n)
		}
	}
	id, why := cm.pickFor(ScopeOf(r), want, byDefault)
	if id == 0 {
		return Seated{}, &interact.Answer{Text: why}
	}
	return cm.SeatIn(r, id)
}

// SeatIn is myGame for a number from a button or modal: the user must play
// that game.
func (cm *Commands) SeatIn(r *interact.Req, id store.GameID) (Seated, *interact.Answer) {
	lg, err := cm.host.Load(id)
	if err != nil {
		return Seated{}, &interact.Answer{Text: compose.GameLoadText(r.Lang, err)}
	}
	lg.Mu.Lock()
	c, mine := games.SeatOf(lg.Meta, r.User)
	inScope := ScopeOf(r).HasGame(lg.Meta)
	lg.Mu.Unlock()
	if !mine || !inScope {
		return Seated{}, &interact.Answer{Text: uitexts.NotInGame(r.Lang, uint64(id))}
	}
	return Seated{ID: id, Game: lg, Color: c}, nil
}

// GamePrefix reads the game number a DM starts with ("#12 7g7f"): named is
// false when the text does not start with # (or ＃); n is 0 when no number
// follows it, up to the first space. As a Japanese IME types them, the
// hash, the digits and the space may be full-width ("＃１２　７六歩").
// The Move box under a board reads it too (bot/moves).
func GamePrefix(text string) (n uint64, rest string, named bool) {
	head, ok := strings.CutPrefix(text, "#")
	if !ok {
		if head, ok = strings.CutPrefix(text, "＃"); !ok {
			return 0, "", false
		}
	}
	num := head
	if i := strings.IndexFunc(head, unicode.IsSpace); i >= 0 {
		num, rest = head[:i], strings.TrimSpace(head[i:])
	}
	digits := strings.Map(func(r rune) rune {
		if r >= '０' && r <= '９' {
			return r - '０' + '0'
		}
		return r
	}, num)
	v, err := strconv.ParseUint(digits, 10, 64)
	if err != nil {
		return 0, rest, true
	}
	return v, rest, true
}
