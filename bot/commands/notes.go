package commands

import (
	"strings"

	"shinpan/bot/compose"
	"shinpan/bot/games"
	"shinpan/bot/interact"
	"shinpan/bot/texts/uitexts"
	"shinpan/referee/notation"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/render"
	"shinpan/store"
)

// Private notes ("?" marks) and reachable squares: both answer only the asking
// player, with their own board (RULES.md §2 Tsuitate: notes; the seeds' "show
// reachable squares").

func (cm *Commands) Note(r *interact.Req) (interact.Answer, error) {
	s, why := cm.MyGame(r, 0)
	if why != nil {
		return *why, nil
	}
	if cm.host.DMsClosed(r.User) {
		return interact.Say(uitexts.UI(r.Lang, uitexts.DMsClosedYou)), nil
	}
	text, _ := cm.note(s.ID, r.User, r.Opts.Str("square"))
	return interact.Say(text), nil
}

func (cm *Commands) Reach(r *interact.Req) (interact.Answer, error) {
	s, why := cm.MyGame(r, 0)
	if why != nil {
		return *why, nil
	}
	if cm.host.DMsClosed(r.User) {
		return interact.Say(uitexts.UI(r.Lang, uitexts.DMsClosedYou)), nil
	}
	text, _ := cm.reach(s.ID, r.User, r.Opts.Str("square"))
	return interact.Say(text), nil
}

// note toggles a "?" mark and sends the player their board with it; it returns
// the reply and whether the board was sent (then the board is the answer).
func (cm *Commands) note(id store.GameID, user, text string) (string, bool) {
	rd := cm.readers.Reader(user)
	l := rd.Lang
	lg, c, sq, why := cm.SquareOf(id, user, text)
	if why != "" {
		return why, false
	}
	notes, err := cm.st.ToggleNote(id, c, sq)
	if err != nil {
		return compose.StoreText(l, err), false
	}
	at := notation.SquareIn(rd.Notation(), sq) // as the reader writes squares
	on := false
	for _, s := range notes {
		on = on || s == sq
	}
	lg.Mu.Lock()
	files := cm.compose.BoardFiles(lg.Meta, lg.G, c, rd)
	lg.Mu.Unlock()
	if err := cm.st.Enqueue(compose.ForGame(compose.ToDM(user, compose.Payload{Content: uitexts.NoteToggled(l, at, on), Files: files}), id)); err != nil {
		cm.log.Error("enqueue", "game", id, "user", user, "err", err)
		return uitexts.NoteUnsent(l, at, on), false // the note is kept: say so
	}
	cm.host.Kick()
	return uitexts.UI(l, uitexts.BoardSent), true
}

// reach sends the player their board with the squares their piece on text can
// reach on their own board; it returns the reply and whether the board was
// sent.
func (cm *Commands) reach(id store.GameID, user, text string) (string, bool) {
	rd := cm.readers.Reader(user)
	l := rd.Lang
	lg, c, sq, why := cm.SquareOf(id, user, text)
	if why != "" {
		return why, false
	}
	at := notation.SquareIn(rd.Notation(), sq) // as the reader writes squares
	lg.Mu.Lock()
	defer lg.Mu.Unlock()
	if !lg.Meta.Options.ShowReachable {
		return uitexts.UI(l, uitexts.ReachOff), false
	}
	v := lg.G.View(view.ViewerOf(c))
	pc := v.Board[sq].Piece
	if !v.Board[sq].Known || pc == shogi.NoPiece || pc.Color() != c {
		return uitexts.NoPieceThere(l, at), false
	}
	to := lg.G.Reach(c, sq)
	notes, err := cm.st.Notes(id, c)
	if err != nil {
		cm.log.Error("notes", "game", id, "err", err)
		return compose.StoreText(l, err), false
	}
	img, err := compose.RenderFor(v, rd, render.Options{Notes: notes, Reach: &render.Reach{From: sq, To: to}, CacheScope: compose.SeatScope(id, c)})
	if err != nil {
		return compose.StoreText(l, err), false
	}
	if err := cm.st.Enqueue(compose.ForGame(compose.ToDM(user, compose.Payload{Content: uitexts.ReachTitle(l, pc.Kind(), at, len(to) == 0), Files: []compose.File{img}}), id)); err != nil {
		cm.log.Error("enqueue", "game", id, "user", user, "err", err)
		return compose.StoreText(l, err), false
	}
	go cm.host.Kick()
	return uitexts.UI(l, uitexts.BoardSent), true
}

// SquareOf reads the square a player names in one of their games; why is the
// answer when it cannot.
func (cm *Commands) SquareOf(id store.GameID, user, text string) (lg *games.Game, c shogi.Color, sq shogi.Square, why string) {
	l := cm.readers.Lang(user)
	sq, err := notation.ParseSquare(strings.TrimSpace(text))
	if err != nil {
		return nil, 0, 0, uitexts.BadSquare(l, text)
	}
	if lg, err = cm.host.Load(id); err != nil {
		return nil, 0, 0, compose.GameLoadText(l, err)
	}
	lg.Mu.Lock()
	c, ok := games.SeatOf(lg.Meta, user)
	lg.Mu.Unlock()
	if !ok {
		return nil, 0, 0, uitexts.NotInGame(l, uint64(id))
	}
	return lg, c, sq, ""
}

// DMShortcut handles "?5e" (note) and "7g?" (reach) typed in DM dmID; it
// returns false for anything else. named: id is the user's default game
// among several, so a refusal names it (as a move's does, bot/dm.go).
func (cm *Commands) DMShortcut(user, dmID string, id store.GameID, text string, named bool) bool {
	var r string
	var sent bool
	switch {
	case strings.HasPrefix(text, "?") || strings.HasPrefix(text, "？"):
		r, sent = cm.note(id, user, strings.TrimLeft(text, "?？"))
	case strings.HasSuffix(text, "?") || strings.HasSuffix(text, "？"):
		r, sent = cm.reach(id, user, strings.TrimRight(text, "?？"))
	default:
		return false
	}
	if !sent { // else the board itself is the answer
		if named {
			r = uitexts.InGame(cm.readers.Lang(user), uint64(id), r)
		}
		cm.host.DMReply(user, dmID, r)
	}
	return true
}
