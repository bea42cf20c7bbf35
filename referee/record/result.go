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
// position fin:
//   - an unknown result is taken from a ResultComment after the last move;
//   - no ending, or a resignation, at a position where the side to move is mated
//     becomes checkmate won by the side that just moved (a 投了 or %TORYO at a
//     mated position is a checkmate), except under pseudo rules (Masked, Dark),
//     where a king in check may stay there;
//   - a sennichite under continuous check by one side becomes perpetual_check won
//     by the other side; a perpetual_check without a winner gets one the same way.
func finish(rec *Record, fin *shogi.Position) {
	r := rec.Result.Normalize()
	if r.Reason == ReasonUnknown {
		if c, ok := commentResult(rec); ok {
			r = c
		}
	}
	switch r.Reason {
	case ReasonUnknown, ReasonResignation, ReasonCheckmate:
		if r.Winner != WinnerDraw && !rec.pseudo() && fin.IsCheckmate() {
			r = Result{ReasonCheckmate, colorWinner(fin.SideToMove().Opp())}
		}
	case ReasonSennichite:
		if checker, ok := perpetualChecker(rec); ok {
			r = Result{ReasonPerpetualCheck, colorWinner(checker.Opp())}
		}
	case ReasonPerpetualCheck:
		if _, ok := winnerColor(r.Winner); !ok {
			// the checking side loses; when the replay does not show it, the
			// side that just moved (and gave the last check) is taken
			checker := fin.SideToMove().Opp()
			if c, ok := perpetualChecker(rec); ok {
				checker = c
			}
			r.Winner = colorWinner(checker.Opp())
		}
	}
	rec.Result = r
}

// perpetualChecker looks at the repetition that ends the record: from the first
// earlier occurrence of the final position to the end, if every move of one side
// gave check, that side is returned (it loses a perpetual-check sennichite).
func perpetualChecker(rec *Record) (shogi.Color, bool) {
	pos := rec.StartPosition()
	keys := []uint64{pos.Key()}
	checks := []bool{false} // checks[i]: the position after ply i has the side to move in check
	for _, m := range rec.Moves {
		pos.MakeMove(m)
		keys = append(keys, pos.Key())
		checks = append(checks, pos.InCheck())
	}
	n := len(rec.Moves)
	first := -1
	for i := 0; i < n; i++ {
		if keys[i] == keys[n] {
			first = i
			break
		}
	}
	if first < 0 {
		return 0, false
	}
	// the mover of ply i (1-based) is the side to move at the start of the record
	// for odd i when the record starts with Black to move, and so on.
	startSide := rec.StartPosition().SideToMove()
	for _, c := range []shogi.Color{shogi.Black, shogi.White} {
		moved, all := 0, true
		for i := first + 1; i <= n; i++ {
			mover := startSide
			if (i-1)%2 == 1 {
				mover = startSide.Opp()
			}
			if mover != c {
				continue
			}
			moved++
			if !checks[i] {
				all = false
				break
			}
		}
		if moved > 0 && all {
			return c, true
		}
	}
	return 0, false
}
