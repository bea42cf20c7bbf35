package texts

import (
	"strconv"
	"strings"

	"shinpan/referee"
	"shinpan/referee/notation"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// revealHeader is the line that opens the end-of-game reveal.
func (c Ctx) revealHeader(e view.Event) string {
	switch c.Variant {
	case view.Tsuitate:
		return c.t(mRevealTsuitate, len(e.Moves), len(e.Fouls))
	case view.Dark:
		return c.t(mRevealDark, len(e.Moves))
	case view.Masked:
		return c.t(mRevealMasked, c.maskAtEnd(e, shogi.Black), c.maskAtEnd(e, shogi.White))
	}
	return c.t(mRevealStandard, len(e.Moves))
}

// maskAtEnd says where side s's mask stood at the end, from the reveal alone:
// "☗'s mask: the silver on 5e (chosen on 7g)".
func (c Ctx) maskAtEnd(e view.Event, s shogi.Color) string {
	at, chosen := e.MasksAtEnd[s], e.Masks[s]
	if !at.Valid() {
		at = chosen
	}
	if !at.Valid() {
		return c.t(mMaskWhereSq, s.Symbol(), "-")
	}
	var out string
	pc := shogi.NoPiece
	if p, err := shogi.ParseSFEN(e.SFEN); err == nil {
		pc = p.At(at)
	}
	switch {
	case pc != shogi.NoPiece && pc.Color() == s:
		out = c.t(mMaskWherePiece, s.Symbol(), c.pieceName(pc), c.square(at))
	case pc != shogi.NoPiece:
		out = c.t(mMaskCaptured, s.Symbol(), c.square(at))
	default:
		out = c.t(mMaskWhereSq, s.Symbol(), c.square(at))
	}
	if chosen.Valid() && chosen != at {
		out += c.t(mMaskChosen, c.square(chosen))
	}
	return out
}

// RevealDetails returns the rest of the end-of-game reveal as messages of at
// most MaxLen characters each: the mask openings with how to check them
// (Masked), every foul attempt with its reason (Tsuitate), and the whole move
// list in the reader's notation (from ctx.Start; in USI without it), when
// a move was played.
// Everything in it is public once the game is over.
func RevealDetails(ctx Ctx, e view.Event) []string {
	if e.Kind != view.EvReveal {
		return nil
	}
	var lines []string
	if ctx.Variant == view.Masked {
		for s := shogi.Black; s <= shogi.White; s++ {
			sq, salt := e.Masks[s], SafeCode(e.Salts[s])
			lines = append(lines, ctx.t(mRevealCommit, s.Symbol(), ctx.square(sq), salt, SafeCode(e.Commitments[s])))
			pre := referee.MaskPreimage(strconv.FormatUint(ctx.GameID, 10), s, sq, salt) // salt fit for a code span
			lines = append(lines, ctx.t(mRevealCheck, pre))
		}
	}
	if ctx.Variant == view.Tsuitate || len(e.Fouls) > 0 {
		lines = append(lines, "")
		if len(e.Fouls) == 0 {
			lines = append(lines, ctx.t(mRevealNoFouls))
		} else {
			lines = append(lines, ctx.t(mRevealFouls))
		}
		for _, f := range e.Fouls {
			lines = append(lines, ctx.FoulLine(f))
		}
	}
	if len(e.Moves) == 0 { // over before a move: no list (the result says "moves played: 0")
		return pack(lines)
	}
	lines = append(lines, "", ctx.t(mRevealMoves, len(e.Moves)))
	var row []string
	for i, m := range ctx.listMoves(e.Moves) {
		row = append(row, strconv.Itoa(i+1)+"."+m)
		if len(row) == 10 {
			lines = append(lines, strings.Join(row, " "))
			row = nil
		}
	}
	if len(row) > 0 {
		lines = append(lines, strings.Join(row, " "))
	}
	return pack(lines)
}

// pack joins lines into messages of at most MaxLen characters, breaking
// between lines (a line too long on its own is clipped).
func pack(lines []string) []string {
	var out []string
	var cur strings.Builder
	n := 0
	for _, l := range lines {
		l = Clip(l)
		ln := len([]rune(l))
		if n > 0 && n+1+ln > MaxLen {
			out = append(out, strings.TrimSpace(cur.String()))
			cur.Reset()
			n = 0
		}
		if n > 0 {
			cur.WriteByte('\n')
			n++
		}
		cur.WriteString(l)
		n += ln
	}
	if s := strings.TrimSpace(cur.String()); s != "" {
		out = append(out, s)
	}
	return out
}

// whyKeys maps shogi.Reason codes (and the Masked "mask_attacked") to texts.
var whyKeys = map[string]msg{
	"not_your_piece":      mWhyNotYourPiece,
	"not_in_hand":         mWhyNotInHand,
	"own_piece_on_target": mWhyOwnPiece,
	"square_occupied":     mWhyOccupied,
	"cannot_move_there":   mWhyCannotMove,
	"path_blocked":        mWhyPathBlocked,
	"cannot_promote":      mWhyCannotPromote,
	"must_promote":        mWhyMustPromote,
	"dead_drop":           mWhyDeadDrop,
	"nifu":                mWhyNifu,
	"king_in_check":       mWhyKingInCheck,
	"uchifuzume":          mWhyUchifuzume,
	"mask_attacked":       mWhyMaskAttacked,
	"king_on_target":      mWhyKingOnTarget,
}

// whyCode writes a foul reason code in l (the code itself when unknown).
func whyCode(l Lang, code string) string {
	if k, ok := whyKeys[code]; ok {
		return tr(l, k)
	}
	return Escape(SafeCode(code))
}

// listMoves writes a game's moves (USI) from ctx.Start in ctx.Notation, each
// as the announcements wrote it (notation.FormatSeen on the whole board, no
// 同), escaped for markdown; in USI without a start or once a move does not
// fit the board.
func (c Ctx) listMoves(moves []string) []string {
	var p *shogi.Position
	if c.Start != nil && c.Notation != notation.USI {
		p = c.Start.Clone()
	}
	out := make([]string, len(moves))
	for i, usi := range moves {
		out[i] = Escape(SafeCode(usi))
		m, err := shogi.ParseUSI(usi)
		if p == nil || err != nil {
			p = nil
			continue
		}
		t, ok := notation.FormatSeen(p, m, c.Notation, shogi.NoSquare)
		if !ok {
			p = nil
			continue
		}
		out[i] = Escape(t)
		p.MakeMove(m)
	}
	return out
}

// FoulLine is one foul attempt as the reveal lists it: its move number, the
// side, what was typed (quoted as refusals quote it) and why it was a foul.
func (c Ctx) FoulLine(f view.FoulRecord) string {
	typed, usi := SafeCode(notation.Echo(f.Text)), SafeCode(f.Move)
	if typed == usi {
		return c.t(mRevealFoulUSI, f.Number, f.Player.Symbol(), usi, whyCode(c.Lang, f.Reason))
	}
	// typed is in a code span; the USI beside it is not ("(P*5e)").
	return c.t(mRevealFoul, f.Number, f.Player.Symbol(), typed, Escape(usi), whyCode(c.Lang, f.Reason))
}
