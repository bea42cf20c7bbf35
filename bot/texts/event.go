package texts

import (
	"strconv"
	"strings"

	"shinpan/referee"
	"shinpan/referee/notation"
	"shinpan/referee/policy"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// Names are how the two players are shown: display names or Discord mentions
// ("<@id>"), supplied by the caller; texts escape them (Escape). Empty names
// read "Black" and "White".
type Names struct{ Black, White string }

// Of returns c's name.
func (n Names) Of(c shogi.Color) string {
	if c == shogi.White {
		return n.White
	}
	return n.Black
}

// Ctx is what a text may use besides its event: nothing hidden from the reader.
type Ctx struct {
	Lang    Lang
	Variant view.Variant
	Names   Names
	GameID  uint64
	// Notation is how the reader writes moves (USI, Western, Japanese, KIF, CSA).
	Notation notation.Notation
	// Before is the reader's own view of the position before the move (their
	// own pieces only in Tsuitate, their visible squares in Dark, the board in
	// Standard and Masked), used to write a move the event carries in Notation.
	// nil: moves are written in USI.
	Before *shogi.Position
	// Last is the destination of the previous move the reader saw, for
	// Japanese 同. Set shogi.NoSquare when there is none: the zero value is 9a.
	// Used only with Before.
	Last    shogi.Square
	Options policy.Options
	// YourTurn: the reader is to move after the action (policy.YourTurn);
	// PlayerUpdate then says so.
	YourTurn bool
}

func (c Ctx) t(k msg, args ...any) string { return tr(c.Lang, k, args...) }

// Event returns one line for one event, addressed to e.To: e.g. to the mover
// "You played ☗７六歩 (move 1).", to a Tsuitate opponent "☗ moved (move 1) —
// your turn.", to the channel "☗ moved (move 1).". "" for an event with
// nothing to say.
func Event(ctx Ctx, e view.Event) string {
	f := ctx.fragment(e, e.To, false)
	if f == "" {
		return ""
	}
	if e.To != view.ToPublic && e.Kind == view.EvMoved && e.Player != colorOf(e.To) {
		f = ctx.withTurn(f)
	}
	return clip(sentence(ctx.Lang, f))
}

// colorOf returns the side of a player audience (Black for the channel).
func colorOf(a view.Audience) shogi.Color {
	if a == view.ToWhite {
		return shogi.White
	}
	return shogi.Black
}

// isPlayer reports whether a is c's audience.
func isPlayer(a view.Audience, c shogi.Color) bool {
	return a != view.ToPublic && a == view.AudienceOf(c)
}

// fragment is an event's text without the final full stop, as read by to.
// bothMasks is set when the same message says both masks are chosen (a mask
// can then no longer change).
func (c Ctx) fragment(e view.Event, to view.Audience, bothMasks bool) string {
	switch e.Kind {
	case view.EvMoved:
		if e.Move == "" {
			return c.t(mMovedHidden, e.Player.Symbol(), e.Number)
		}
		mv := c.moveText(e.Player, e.Move)
		if isPlayer(to, e.Player) {
			return c.t(mMovedSelf, mv, e.Number)
		}
		return c.t(mMovedOpen, mv, e.Number)
	case view.EvCapture:
		owner := e.Piece.Color()
		name := c.pieceName(e.Piece)
		sq := c.square(e.Square)
		if e.Piece != shogi.NoPiece && isPlayer(to, owner) {
			return c.t(mCaptureYours, name, sq)
		}
		return c.t(mCaptureOther, owner.Symbol(), name, sq)
	case view.EvCheck:
		if c.Variant == view.Masked && isPlayer(to, e.Player) {
			return c.t(mCheckMask)
		}
		return c.t(mCheck)
	case view.EvFoul:
		if isPlayer(to, e.Player) {
			if e.Limit > 0 && e.Count >= e.Limit {
				return c.t(mFoulSelfLast, e.Count, e.Limit)
			}
			return c.t(mFoulSelf, e.Count, e.Limit)
		}
		return c.t(mFoulOther, e.Player.Symbol(), e.Count, e.Limit)
	case view.EvBounce:
		if !isPlayer(to, e.Player) {
			return ""
		}
		return c.t(mBounce)
	case view.EvEnd:
		s := c.endText(e)
		if to != view.ToPublic && e.Winner != nil {
			if *e.Winner == colorOf(to) {
				s = sentence(c.Lang, s) + c.t(mYouWin)
			} else {
				s = sentence(c.Lang, s) + c.t(mYouLose)
			}
		}
		return s
	case view.EvReveal:
		return c.revealHeader(e)
	case view.EvMaskSet:
		if !isPlayer(to, e.Player) {
			return ""
		}
		k := mMaskSet
		if bothMasks {
			k = mMaskSetFinal
		}
		return c.t(k, c.pieceName(e.Piece), c.square(e.Square))
	case view.EvMasksDone:
		return c.t(mMasksSet) + c.t(mSep) + c.t(mMasksCommit, safeCode(e.Commitments[0]), safeCode(e.Commitments[1])) +
			c.t(mSep) + c.t(mMasksVerify, c.GameID)
	case view.EvRefused:
		return c.t(mRefused)
	}
	return ""
}

// safeCode keeps s fit for a `code` span: no backticks, no line breaks, short.
func safeCode(s string) string {
	s = strings.Map(func(r rune) rune {
		switch r {
		case '`', '\n', '\r':
			return -1
		}
		return r
	}, s)
	return shorten(s, 80)
}

// side writes s with its symbol and name: "☗ Alice", or "☗" without a name.
func (c Ctx) side(s shogi.Color) string {
	name := strings.TrimSpace(c.Names.Of(s))
	if name == "" {
		return s.Symbol()
	}
	return c.t(mSideNamed, s.Symbol(), nameText(name))
}

// colorWord is "Black"/"White" (先手/後手).
func (c Ctx) colorWord(s shogi.Color) string {
	if s == shogi.White {
		return c.t(mWhite)
	}
	return c.t(mBlack)
}

// square writes s: "5e" in English, "５五" in Japanese.
func (c Ctx) square(s shogi.Square) string { return squareIn(c.Lang, s) }

func squareIn(l Lang, s shogi.Square) string {
	if !s.Valid() {
		return "-"
	}
	if l == JA {
		return notation.FullWidthDigit(s.File()) + notation.KanjiRank(s.Rank())
	}
	return s.String()
}

var pieceKeys = [shogi.NumKinds]msg{"", mPawn, mLance, mKnight, mSilver, mBishop, mRook, mGold, mKing,
	mTokin, mProLance, mProKnight, mProSilver, mHorse, mDragon}

// PieceName returns the name of kind k in l: "silver", "tokin", "dragon";
// 銀, と, 龍.
func PieceName(l Lang, k shogi.Kind) string {
	if k == shogi.NoKind || k >= shogi.NumKinds {
		return tr(l, mPiece)
	}
	return tr(l, pieceKeys[k])
}

func (c Ctx) pieceName(p shogi.Piece) string { return PieceName(c.Lang, p.Kind()) }

// VariantName returns the variant's name in l: "Tsuitate shogi", 衝立将棋.
func VariantName(l Lang, v view.Variant) string {
	switch v {
	case view.Tsuitate:
		return tr(l, mVarTsuitate)
	case view.Masked:
		return tr(l, mVarMasked)
	case view.Dark:
		return tr(l, mVarDark)
	}
	return tr(l, mVarStandard)
}

// moveText writes the move usi by side s in the reader's notation, with the
// side's symbol: "☗ P-7f", "☗７六歩", "☗ 7g7f". It uses ctx.Before only when the
// move fits it (the mover's piece on the origin, or the piece in hand);
// otherwise, or without Before, it writes USI.
func (c Ctx) moveText(s shogi.Color, usi string) string {
	m, err := shogi.ParseUSI(usi)
	if err != nil {
		return s.Symbol() + " " + Escape(safeCode(usi))
	}
	text := m.USI()
	if c.Before != nil && c.Notation != notation.USI && fits(c.Before, s, m) {
		text = formatSafe(c.Before, m, c.Notation, c.Last, text)
	}
	text = Escape(text) // "P*5e", "S*5e": a drop's * is markdown
	if strings.HasPrefix(text, s.Symbol()) {
		return text
	}
	return s.Symbol() + " " + text
}

// fits reports whether m can be side s's move in p, so that Format can write it.
func fits(p *shogi.Position, s shogi.Color, m shogi.Move) bool {
	if p.SideToMove() != s || !m.To().Valid() {
		return false
	}
	if t := p.At(m.To()); t != shogi.NoPiece && t.Color() == s {
		return false
	}
	if m.IsDrop() {
		return p.HandCount(s, m.DropKind()) > 0 && p.At(m.To()) == shogi.NoPiece
	}
	pc := p.At(m.From())
	return pc != shogi.NoPiece && pc.Color() == s
}

// formatSafe is notation.Format, falling back to fallback should it fail.
func formatSafe(p *shogi.Position, m shogi.Move, n notation.Notation, last shogi.Square, fallback string) (out string) {
	defer func() {
		if recover() != nil {
			out = fallback
		}
	}()
	if !last.Valid() {
		last = shogi.NoSquare
	}
	if s := notation.Format(p.Clone(), m, n, last); s != "" {
		return s
	}
	return fallback
}

// endText describes how the game ended, without the reader's own result.
func (c Ctx) endText(e view.Event) string {
	if e.Winner == nil {
		switch e.Reason {
		case view.ReasonSennichite:
			return c.t(mEndSennichite)
		case view.ReasonMoveLimit:
			n := c.Options.MoveLimit
			if n <= 0 {
				n = e.Number - 1
			}
			return c.t(mEndMoveLimit, n)
		case view.ReasonAbort:
			return c.t(mEndAbort)
		case view.ReasonDrawAgreed:
			return c.t(mEndDrawAgreed)
		case view.ReasonModerator:
			return c.t(mEndModerator)
		case view.ReasonTimeout:
			return c.t(mEndTimeoutDraw)
		case view.ReasonImpasse:
			return c.t(mEndImpasseDraw)
		case view.ReasonNoLegalMove:
			return c.t(mEndNoMoveDraw)
		}
		return c.t(mEndDraw)
	}
	w := *e.Winner
	W, L := c.side(w), c.side(w.Opp())
	switch e.Reason {
	case view.ReasonCheckmate:
		return c.t(mEndCheckmate, W)
	case view.ReasonFoulLimit:
		if n := c.Options.FoulLimit; n > 0 {
			return c.t(mEndFoulLimit, L, n, n, W)
		}
		return c.t(mEndFoulLimitPlain, L, W)
	case view.ReasonMaskCaptured:
		return c.t(mEndMaskCaptured, L, W)
	case view.ReasonMaskCheckmated:
		return c.t(mEndMaskCheckmated, L, W)
	case view.ReasonKingCaptured:
		return c.t(mEndKingCaptured, L, W)
	case view.ReasonNoLegalMove:
		return c.t(mEndNoLegalMove, L, W)
	case view.ReasonPerpetualCheck:
		if c.Variant == view.Masked {
			return c.t(mEndPerpetualMask, L, W)
		}
		return c.t(mEndPerpetual, L, W)
	case view.ReasonImpasse:
		return c.t(mEndImpasse, W)
	case view.ReasonResignation:
		return c.t(mEndResignation, L, W)
	case view.ReasonTimeout:
		return c.t(mEndTimeout, L, W)
	case view.ReasonModerator:
		return c.t(mEndModeratorWin, W)
	}
	return c.t(mEndWin, W)
}

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
// list in USI. Everything in it is public once the game is over.
func RevealDetails(ctx Ctx, e view.Event) []string {
	if e.Kind != view.EvReveal {
		return nil
	}
	var lines []string
	if ctx.Variant == view.Masked {
		for s := shogi.Black; s <= shogi.White; s++ {
			sq, salt := e.Masks[s], safeCode(e.Salts[s])
			lines = append(lines, ctx.t(mRevealCommit, s.Symbol(), ctx.square(sq), salt, safeCode(e.Commitments[s])))
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
			typed, usi := safeCode(notation.Echo(f.Text)), safeCode(f.Move) // as refusals quote it
			if typed == usi {
				lines = append(lines, ctx.t(mRevealFoulUSI, f.Number, f.Player.Symbol(), usi, whyCode(ctx.Lang, f.Reason)))
			} else {
				// typed is in a code span; the USI beside it is not ("(P*5e)").
				lines = append(lines, ctx.t(mRevealFoul, f.Number, f.Player.Symbol(), typed, Escape(usi), whyCode(ctx.Lang, f.Reason)))
			}
		}
	}
	lines = append(lines, "", ctx.t(mRevealMoves, len(e.Moves)))
	var row []string
	for i, m := range e.Moves {
		row = append(row, strconv.Itoa(i+1)+"."+Escape(safeCode(m)))
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
		l = clip(l)
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
}

// whyCode writes a foul reason code in l (the code itself when unknown).
func whyCode(l Lang, code string) string {
	if k, ok := whyKeys[code]; ok {
		return tr(l, k)
	}
	return Escape(safeCode(code))
}
