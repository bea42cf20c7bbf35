package bot

import (
	"strings"

	"shinpan/bot/compose"
	"shinpan/bot/games"
	"shinpan/bot/interact"
	"shinpan/bot/texts"
	"shinpan/referee/notation"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/render"
	"shinpan/store"
)

// Private notes ("?" marks) and reachable squares: both answer only the asking
// player, with their own board (RULES.md §2 Tsuitate: notes; the seeds' "show
// reachable squares").

func (b *Bot) cmdNote(r *interact.Req) (interact.Answer, error) {
	s, why := b.myGame(r, 0)
	if why != nil {
		return *why, nil
	}
	if _, closed := b.dmsClosed.Load(r.User); closed {
		return interact.Say(texts.UI(r.Lang, texts.DMsClosedYou)), nil
	}
	text, _ := b.note(s.id, r.User, r.Opts.Str("square"))
	return interact.Say(text), nil
}

func (b *Bot) cmdReach(r *interact.Req) (interact.Answer, error) {
	s, why := b.myGame(r, 0)
	if why != nil {
		return *why, nil
	}
	if _, closed := b.dmsClosed.Load(r.User); closed {
		return interact.Say(texts.UI(r.Lang, texts.DMsClosedYou)), nil
	}
	text, _ := b.reach(s.id, r.User, r.Opts.Str("square"))
	return interact.Say(text), nil
}

// note toggles a "?" mark and sends the player their board with it; it returns
// the reply and whether the board was sent (then the board is the answer).
func (b *Bot) note(id store.GameID, user, text string) (string, bool) {
	rd := b.readers.Reader(user)
	l := rd.Lang
	lg, c, sq, why := b.squareOf(id, user, text)
	if why != "" {
		return why, false
	}
	notes, err := b.st.ToggleNote(id, c, sq)
	if err != nil {
		return storeText(l, err), false
	}
	on := false
	for _, s := range notes {
		on = on || s == sq
	}
	lg.Mu.Lock()
	files := b.compose.BoardFiles(lg.Meta, lg.G, c, rd)
	lg.Mu.Unlock()
	if err := b.st.Enqueue(withGame(compose.ToDM(user, compose.Payload{Content: texts.NoteToggled(l, sq.String(), on), Files: files}), id)); err != nil {
		b.log.Error("enqueue", "game", id, "user", user, "err", err)
		return texts.NoteUnsent(l, sq.String(), on), false // the note is kept: say so
	}
	b.ob.Kick()
	return texts.UI(l, texts.BoardSent), true
}

// reach sends the player their board with the squares their piece on text can
// reach on their own board; it returns the reply and whether the board was
// sent.
func (b *Bot) reach(id store.GameID, user, text string) (string, bool) {
	rd := b.readers.Reader(user)
	l := rd.Lang
	lg, c, sq, why := b.squareOf(id, user, text)
	if why != "" {
		return why, false
	}
	lg.Mu.Lock()
	defer lg.Mu.Unlock()
	if !lg.Meta.Options.ShowReachable {
		return texts.UI(l, texts.ReachOff), false
	}
	v := lg.G.View(view.ViewerOf(c))
	pc := v.Board[sq].Piece
	if !v.Board[sq].Known || pc == shogi.NoPiece || pc.Color() != c {
		return texts.NoPieceThere(l, sq.String()), false
	}
	to := lg.G.Reach(c, sq)
	notes, err := b.st.Notes(id, c)
	if err != nil {
		b.log.Error("notes", "game", id, "err", err)
		return storeText(l, err), false
	}
	img, err := compose.RenderFor(v, rd, render.Options{Notes: notes, Reach: &render.Reach{From: sq, To: to}, CacheScope: compose.SeatScope(id, c)})
	if err != nil {
		return storeText(l, err), false
	}
	if err := b.st.Enqueue(withGame(compose.ToDM(user, compose.Payload{Content: texts.ReachTitle(l, pc.Kind(), sq.String(), len(to) == 0), Files: []compose.File{img}}), id)); err != nil {
		b.log.Error("enqueue", "game", id, "user", user, "err", err)
		return storeText(l, err), false
	}
	go b.ob.Kick()
	return texts.UI(l, texts.BoardSent), true
}

// squareOf reads the square a player names in one of their games; why is the
// answer when it cannot.
func (b *Bot) squareOf(id store.GameID, user, text string) (lg *games.Game, c shogi.Color, sq shogi.Square, why string) {
	l := b.readers.Lang(user)
	sq, err := notation.ParseSquare(strings.TrimSpace(text))
	if err != nil {
		return nil, 0, 0, texts.BadSquare(l, text)
	}
	if lg, err = b.games.Get(id); err != nil {
		return nil, 0, 0, gameLoadText(l, err)
	}
	lg.Mu.Lock()
	c, ok := games.SeatOf(lg.Meta, user)
	lg.Mu.Unlock()
	if !ok {
		return nil, 0, 0, texts.NotInGame(l, uint64(id))
	}
	return lg, c, sq, ""
}

// dmShortcut handles "?5e" (note) and "7g?" (reach) typed in DM dmID; it
// returns false for anything else.
func (b *Bot) dmShortcut(user, dmID string, id store.GameID, text string) bool {
	var r string
	var sent bool
	switch {
	case strings.HasPrefix(text, "?") || strings.HasPrefix(text, "？"):
		r, sent = b.note(id, user, strings.TrimLeft(text, "?？"))
	case strings.HasSuffix(text, "?") || strings.HasSuffix(text, "？"):
		r, sent = b.reach(id, user, strings.TrimRight(text, "?？"))
	default:
		return false
	}
	if !sent { // else the board itself is the answer
		b.dmReply(user, dmID, r)
	}
	return true
}
