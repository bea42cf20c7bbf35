package record

import (
	"fmt"
	"strings"

	"shinpan/referee/shogi"
)

// Reasons a game ends (Result.Reason).
const (
	ReasonCheckmate      = "checkmate"       // the side to move is mated (詰み; also a resignation at a mated position)
	ReasonResignation    = "resignation"     // 投了, %TORYO
	ReasonSennichite     = "sennichite"      // fourfold repetition without continuous check: a draw
	ReasonPerpetualCheck = "perpetual_check" // repetition under continuous check: the checking side loses
	ReasonImpasse        = "impasse"         // 持将棋 (draw) or an impasse declaration (入玉宣言, %KACHI)
	ReasonTimeout        = "timeout"         // 切れ負け, 時間切れ, %TIME_UP: the side to move lost on time
	ReasonIllegalMove    = "illegal_move"    // 反則勝ち/反則負け, %ILLEGAL_MOVE, or an illegal move in the record
	ReasonAbort          = "abort"           // 中断, %CHUDAN
	ReasonUnknown        = "unknown"         // the record does not say
	// Endings of the hidden variants. KIF and CSA have no word for them: the
	// record says them in a comment after the last move (see ResultComment).
	ReasonMaskCaptured = "mask_captured" // Masked: a mask was captured
	ReasonKingCaptured = "king_captured" // Dark: a king was captured
	ReasonNoLegalMove  = "no_legal_move" // the side to move had no move
)

// Winners (Result.Winner).
const (
	WinnerBlack = "black" // sente, 先手 / 下手
	WinnerWhite = "white" // gote, 後手 / 上手
	WinnerDraw  = "draw"
	WinnerNone  = "none" // no result (aborted or unknown)
)

// Reasons lists every valid Result.Reason.
var Reasons = []string{ReasonCheckmate, ReasonResignation, ReasonSennichite, ReasonPerpetualCheck,
	ReasonImpasse, ReasonTimeout, ReasonIllegalMove, ReasonAbort, ReasonUnknown,
	ReasonMaskCaptured, ReasonKingCaptured, ReasonNoLegalMove}

// Winners lists every valid Result.Winner.
var Winners = []string{WinnerBlack, WinnerWhite, WinnerDraw, WinnerNone}

// Result is how a game ended: Reason is one of the Reason* constants and Winner
// one of the Winner* constants. The zero Result means unknown (see Normalize).
type Result struct {
	Reason string
	Winner string
}

// Unknown is the result of a record that does not say how the game ended.
var Unknown = Result{ReasonUnknown, WinnerNone}

// String returns "REASON WINNER", e.g. "resignation black".
func (r Result) String() string {
	r = r.Normalize()
	return r.Reason + " " + r.Winner
}

// Normalize fills an empty Reason with "unknown" and an empty Winner with "none".
func (r Result) Normalize() Result {
	if r.Reason == "" {
		r.Reason = ReasonUnknown
	}
	if r.Winner == "" {
		r.Winner = WinnerNone
	}
	return r
}

// Valid reports whether Reason and Winner are among the listed values.
func (r Result) Valid() bool {
	return contains(Reasons, r.Reason) && contains(Winners, r.Winner)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// ParseResult reads "REASON WINNER" as written by Result.String (e.g.
// "checkmate white"). Both words must be valid.
func ParseResult(s string) (Result, error) {
	f := strings.Fields(s)
	if len(f) != 2 || !contains(Reasons, f[0]) || !contains(Winners, f[1]) {
		return Unknown, fmt.Errorf("bad result %q: want REASON WINNER, REASON one of %s, WINNER one of %s",
			s, strings.Join(Reasons, " "), strings.Join(Winners, " "))
	}
	return Result{f[0], f[1]}, nil
}

// resultCommentPrefix starts the comment that states a result KIF and CSA
// cannot.
const resultCommentPrefix = "result: "

// ResultComment returns the comment that states r after the last move
// ("result: mask_captured black"); the readers take a result from it when the
// record's ending words say none.
func ResultComment(r Result) string { return resultCommentPrefix + r.String() }

// commentResult reads the ResultComment after the record's last move.
func commentResult(rec *Record) (Result, bool) {
	for _, c := range rec.Comments[len(rec.Moves)] {
		if s, ok := strings.CutPrefix(strings.TrimSpace(c), resultCommentPrefix); ok {
			if r, err := ParseResult(s); err == nil && r.Reason != ReasonUnknown {
				return r, true
			}
		}
	}
	return Unknown, false
}

// colorWinner returns the winner word for side c.
func colorWinner(c shogi.Color) string {
	if c == shogi.White {
		return WinnerWhite
	}
	return WinnerBlack
}

// winnerColor returns the side named by a winner word; ok is false for draw/none.
func winnerColor(w string) (c shogi.Color, ok bool) {
	switch w {
	case WinnerBlack:
		return shogi.Black, true
	case WinnerWhite:
		return shogi.White, true
	}
	return shogi.Black, false
}

// finish settles a record's result once all moves are read, on the final
// position fin. An unknown result is first taken from a ResultComment after
// the last move. Then the stated ending is checked against the board
// (RULES.md, records), except under pseudo rules (Masked, Dark), whose
// endings the board alone cannot show:
//   - where the board ends the game — the side to move has no legal move
//     (checkmate, or no_legal_move), or, in standard shogi, a position occurs
//     for the fourth time (sennichite, or perpetual_check lost by the side
//     that gave check with every move of the cycle) — the board's verdict is
//     the result;
//   - a stated checkmate, no_legal_move, sennichite or perpetual_check the
//     board does not show, and an impasse declaration (the side to move
//     wins by impasse) that is not valid by the 27-point rule, become
//     unknown: the game as recorded did not end that way, and an invalid
//     declaration is refused while play goes on;
//   - other endings (resignation, timeout, abort, an agreed impasse, ...)
//     are taken as stated.
//
// Where the stated ending and the verdict differ, a warning says both; a
// resignation by the side that is mated is no disagreement (records often
// write a mate as 投了 or %TORYO).
func finish(rec *Record, fin *shogi.Position) {
	stated := rec.Result.Normalize()
	if stated.Reason == ReasonUnknown {
		if c, ok := commentResult(rec); ok {
			stated = c
		}
	}
	rec.Result = stated
	if rec.pseudo() {
		return
	}
	if board, at, ok := boardEnding(rec, fin); ok {
		rec.Result = board
		switch {
		case stated == board, stated.Reason == ReasonUnknown:
		case stated.Reason == ReasonResignation && stated.Winner == board.Winner &&
			(board.Reason == ReasonCheckmate || board.Reason == ReasonNoLegalMove):
		default:
			rec.warn("the record says %s but the board says %s: %s", stated, board, at)
		}
		return
	}
	why := ""
	switch stated.Reason {
	case ReasonCheckmate, ReasonNoLegalMove:
		why = fmt.Sprintf("%s is not mated and has a legal move", fin.SideToMove())
	case ReasonSennichite, ReasonPerpetualCheck:
		why = "no position occurred for the fourth time"
		if rec.Variant != "" {
			why = "there is no repetition rule in " + rec.Variant
		}
	case ReasonImpasse:
		if w, ok := winnerColor(stated.Winner); !ok || w != fin.SideToMove() {
			return
		}
		if rec.Variant != "" {
			why = "there is no impasse declaration in " + rec.Variant
		} else if err := fin.CheckImpasse(); err != nil {
			c := fin.SideToMove().String()
			detail := strings.NewReplacer("your ", c+"'s ", "you have", c+" has").
				Replace(strings.TrimPrefix(err.Error(), "the impasse declaration is not valid: "))
			why = fmt.Sprintf("%s's impasse declaration is not valid (%s); an invalid declaration is refused and play goes on", c, detail)
		}
	}
	if why != "" {
		rec.Result = Unknown
		rec.warn("the record says %s but the board says %s: %s", stated, Unknown, why)
	}
}

// boardEnding returns how the board ends the record's game, if it does, and
// a phrase saying where: the final position has no legal move, or (standard
// shogi only) a position occurred for the fourth time — at the end, or
// earlier, the record going on after the game was over.
func boardEnding(rec *Record, fin *shogi.Position) (Result, string, bool) {
	if !fin.HasLegalMove() {
		mover := colorWinner(fin.SideToMove().Opp())
		if fin.InCheck() {
			return Result{ReasonCheckmate, mover}, fmt.Sprintf("%s is checkmated", fin.SideToMove()), true
		}
		return Result{ReasonNoLegalMove, mover}, fmt.Sprintf("%s has no legal move", fin.SideToMove()), true
	}
	if rec.Variant != "" {
		return Result{}, "", false // Tsuitate has no repetition rule
	}
	pos := rec.StartPosition()
	h := shogi.NewHistory(pos.Key())
	for i, m := range rec.Moves {
		mover := pos.SideToMove()
		pos.MakeMove(m)
		h.Push(pos.Key(), mover, pos.InCheck())
		four, perpetual, loser := h.Sennichite()
		if !four {
			continue
		}
		at := fmt.Sprintf("the position after move %d occurred for the fourth time", i+1)
		if rest := len(rec.Moves) - i - 1; rest > 0 {
			at += fmt.Sprintf(", and the record goes on for %d more moves", rest)
		}
		if perpetual {
			return Result{ReasonPerpetualCheck, colorWinner(loser.Opp())},
				at + fmt.Sprintf(" with %s giving check with every move", loser), true
		}
		return Result{ReasonSennichite, WinnerDraw}, at, true
	}
	return Result{}, "", false
}
