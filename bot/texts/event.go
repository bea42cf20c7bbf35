package texts

import (
	"strings"

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
	Last shogi.Square
	// Start is the game's start position, for writing a whole game's moves
	// (the reveal's move list) in Notation; nil: they are written in USI.
	Start   *shogi.Position
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
	return Clip(sentence(ctx.Lang, f))
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
		mv := c.MoveText(e.Player, e.Move)
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
		return c.t(mMasksSet) + c.t(mSep) + c.t(mMasksCommit, SafeCode(e.Commitments[0]), SafeCode(e.Commitments[1])) +
			c.t(mSep) + c.t(mMasksVerify, c.GameID)
	case view.EvRefused:
		return c.t(mRefused)
	}
	return ""
}

// SafeCode keeps s fit for a `code` span: no backticks, no line breaks, short.
func SafeCode(s string) string {
	s = strings.Map(func(r rune) rune {
		switch r {
		case '`', '\n', '\r':
			return -1
		}
		return r
	}, s)
	return Shorten(s, 80)
}

// Side writes s with its symbol and name: "☗ Alice", or "☗" without a name.
func (c Ctx) Side(s shogi.Color) string {
	name := strings.TrimSpace(c.Names.Of(s))
	if name == "" {
		return s.Symbol()
	}
	return c.t(mSideNamed, s.Symbol(), Name(name))
}

// ColorName is a side's name in l: "Black"/"White" (先手/後手).
func ColorName(l Lang, s shogi.Color) string { return tr(l, sideKey(s)) }

func sideKey(s shogi.Color) msg {
	if s == shogi.White {
		return mWhite
	}
	return mBlack
}

// square writes s: "5e" in English, "５五" in Japanese.
func (c Ctx) square(s shogi.Square) string { return squareIn(c.Lang, s) }

// SquareName returns square s as texts in l write it: "7g", ７七.
func SquareName(l Lang, s shogi.Square) string { return squareIn(l, s) }

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
	W, L := c.Side(w), c.Side(w.Opp())
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
