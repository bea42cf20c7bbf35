package record

import (
	"fmt"
	"io"
	"strings"

	"shinpan/referee/shogi"
)

// ReadCSA reads a CSA record (V2, V2.1, V2.2; the first game of a file):
//
//	V2.2
//	N+black's name           N-white's name
//	$EVENT:...               ($SITE $START_TIME $END_TIME $TIME_LIMIT $OPENING ...)
//	'ルール：dark             (Record.Variant; masked or dark: moves pseudo-legal)
//	PI                       (standard start; PI82HI22KA removes pieces) or
//	P1-KY-KE-GI-KI-OU-KI-GI-KE-KY ... P9 (board), P+00KA P-00AL (hands, pieces)
//	+                        (side to move)
//	+7776FU,T12              (moves; the piece named is the piece after the move,
//	'comment                  so +8822UM from a bishop promotes; T lines are times)
//	%TORYO                   (ending: %TORYO %CHUDAN %SENNICHITE %OUTE_SENNICHITE
//	                          %ILLEGAL_MOVE %+ILLEGAL_ACTION %-ILLEGAL_ACTION
//	                          %TIME_UP %KACHI %TSUMI %JISHOGI %HIKIWAKE %MATTA
//	                          %FUZUMI %MAX_MOVES)
//
// Errors: *SyntaxError, *IllegalMoveError (with the record before the move),
// ErrTooLong.
func ReadCSA(r io.Reader) (*Record, error) {
	text, err := readText(r)
	if err != nil {
		return nil, err
	}
	return parseCSA(text)
}

var csaPieces = map[string]shogi.Kind{
	"FU": shogi.Pawn, "KY": shogi.Lance, "KE": shogi.Knight, "GI": shogi.Silver, "KI": shogi.Gold,
	"KA": shogi.Bishop, "HI": shogi.Rook, "OU": shogi.King, "TO": shogi.ProPawn, "NY": shogi.ProLance,
	"NK": shogi.ProKnight, "NG": shogi.ProSilver, "UM": shogi.Horse, "RY": shogi.Dragon,
}

// csaNames is the CSA name of each Kind.
var csaNames = [shogi.NumKinds]string{"", "FU", "KY", "KE", "GI", "KA", "HI", "KI", "OU",
	"TO", "NY", "NK", "NG", "UM", "RY"}

// csaHeaderKeys maps CSA $ keys to the KIF header keys used in Record.Header.
var csaHeaderKeys = map[string]string{
	"EVENT": "棋戦", "SITE": "場所", "START_TIME": "開始日時", "END_TIME": "終了日時",
	"TIME_LIMIT": "持ち時間", "OPENING": "戦型",
}

// csaEndings maps % codes to results; winner is relative to the side to move
// as in kifTerminals (+1 wins, -1 loses, 0 draw, 2 none).
var csaEndings = map[string]struct {
	reason string
	winner int
}{
	"TORYO":           {ReasonResignation, -1},
	"CHUDAN":          {ReasonAbort, 2},
	"SENNICHITE":      {ReasonSennichite, 0},
	"OUTE_SENNICHITE": {ReasonPerpetualCheck, 2}, // winner found by replay (see finish)
	"ILLEGAL_MOVE":    {ReasonIllegalMove, -1},
	"TIME_UP":         {ReasonTimeout, -1},
	"KACHI":           {ReasonImpasse, +1},
	"TSUMI":           {ReasonCheckmate, -1},
	"JISHOGI":         {ReasonImpasse, 0},
	"MAX_MOVES":       {ReasonImpasse, 0},
	"HIKIWAKE":        {ReasonUnknown, 0},
	"MATTA":           {ReasonIllegalMove, -1},
	"FUZUMI":          {ReasonUnknown, 2},
	"ERROR":           {ReasonUnknown, 2},
}

type csaReader struct {
	s       *setup
	header  []HeaderField
	pending []string
	b       *builder
	ended   bool
	seen    bool
}

func parseCSA(text string) (*Record, error) {
	cr := &csaReader{}
	for i, line := range strings.Split(text, "\n") {
		n := i + 1
		line = strings.TrimRight(line, " \t")
		if strings.TrimSpace(line) == "" {
			continue
		}
		var stmts []string
		switch line[0] {
		case '\'', '$', 'N', 'P':
			stmts = []string{line}
		default:
			stmts = strings.Split(line, ",")
		}
		for _, st := range stmts {
			stop, err := cr.statement(n, st)
			if err != nil {
				if cr.b != nil {
					rec, _ := cr.b.done()
					return rec, err
				}
				return nil, err
			}
			if stop {
				return cr.finish(n)
			}
		}
	}
	return cr.finish(0)
}

func (cr *csaReader) finish(line int) (*Record, error) {
	if cr.b == nil {
		if !cr.seen {
			return nil, syntaxErr("csa", 0, "no CSA position or moves found")
		}
		if err := cr.begin(line, nil); err != nil {
			return nil, err
		}
	}
	return cr.b.done()
}

// statement reads one CSA statement; stop is true at "/" (end of the game).
func (cr *csaReader) statement(n int, st string) (stop bool, err error) {
	if st == "" {
		return false, nil
	}
	if st[0] != 'P' {
		st = strings.TrimSpace(st)
		if st == "" {
			return false, nil
		}
	}
	switch {
	case st[0] == '\'':
		if cr.b == nil {
			cr.pending = append(cr.pending, st[1:])
		} else if !cr.variantComment(st[1:]) {
			cr.b.rec.AddComment(len(cr.b.rec.Moves), st[1:])
		}
		return false, nil
	case st == "/":
		return true, nil
	case cr.ended:
		return false, nil
	case st[0] == 'V':
		cr.seen = true
		return false, nil
	case strings.HasPrefix(st, "N+"), strings.HasPrefix(st, "N-"):
		key := "先手"
		if st[1] == '-' {
			key = "後手"
		}
		cr.header = append(cr.header, HeaderField{key, st[2:]})
		cr.seen = true
		return false, nil
	case st[0] == '$':
		k, v, ok := strings.Cut(st[1:], ":")
		if !ok {
			return false, syntaxErr("csa", n, "%q: want $KEY:value", st)
		}
		if kk, ok := csaHeaderKeys[k]; ok {
			k = kk
		}
		cr.header = append(cr.header, HeaderField{k, v})
		cr.seen = true
		return false, nil
	case st[0] == 'P':
		if cr.b != nil {
			return false, syntaxErr("csa", n, "position line %q after the moves began", st)
		}
		cr.seen = true
		return false, cr.positionLine(n, st)
	case st == "+" || st == "-":
		if cr.b != nil {
			return false, syntaxErr("csa", n, "side to move %q after the moves began", st)
		}
		side := shogi.Black
		if st == "-" {
			side = shogi.White
		}
		return false, cr.begin(n, &side)
	case st[0] == 'T':
		return false, nil
	case st[0] == '%':
		return false, cr.ending(n, st)
	case st[0] == '+' || st[0] == '-':
		return false, cr.move(n, st)
	}
	return false, syntaxErr("csa", n, "%q is not a CSA statement", st)
}

// positionLine reads PI, P1..P9, P+ and P- lines into cr.s.
func (cr *csaReader) positionLine(n int, st string) error {
	if len(st) < 2 {
		return syntaxErr("csa", n, "%q: want PI, P1..P9, P+ or P-", st)
	}
	switch c := st[1]; {
	case c == 'I':
		cr.s = fromPosition(shogi.Startpos())
		rest := st[2:]
		for len(rest) > 0 {
			if len(rest) < 4 {
				return syntaxErr("csa", n, "%q: want PI followed by squares and pieces such as 82HI", st)
			}
			sq, ok := csaSquare(rest[0:2])
			k := csaPieces[rest[2:4]]
			if !ok || k == shogi.NoKind || cr.s.board[sq].Kind() != k {
				return syntaxErr("csa", n, "%q: no %s on %s to remove", st, rest[2:4], rest[0:2])
			}
			cr.s.board[sq] = shogi.NoPiece
			rest = rest[4:]
		}
	case c >= '1' && c <= '9':
		if cr.s == nil {
			cr.s = &setup{}
		}
		r := int(c - '0')
		row := st[2:]
		if len(row) < 27 {
			row += strings.Repeat(" ", 27-len(row))
		}
		if len(row) != 27 {
			return syntaxErr("csa", n, "%q: a board line has 9 squares of 3 characters", st)
		}
		for i := 0; i < 9; i++ {
			cell := row[3*i : 3*i+3]
			sq := shogi.Sq(9-i, r)
			if strings.TrimSpace(cell) == "*" || strings.TrimSpace(cell) == "" {
				cr.s.board[sq] = shogi.NoPiece
				continue
			}
			k := csaPieces[cell[1:]]
			if (cell[0] != '+' && cell[0] != '-') || k == shogi.NoKind {
				return syntaxErr("csa", n, "%q: %q is not a piece", st, cell)
			}
			cr.s.board[sq] = shogi.MakePiece(csaColor(cell[0]), k)
		}
	case c == '+' || c == '-':
		if cr.s == nil {
			cr.s = &setup{}
		}
		side := csaColor(c)
		rest := st[2:]
		for len(rest) > 0 {
			if len(rest) < 4 {
				return syntaxErr("csa", n, "%q: want squares and pieces such as 00KA or 63TO", st)
			}
			sqs, name := rest[0:2], rest[2:4]
			rest = rest[4:]
			if sqs == "00" && name == "AL" {
				for k := shogi.Pawn; k < shogi.King; k++ {
					cr.s.hands[side][k] += cr.s.rest(k)
				}
				continue
			}
			k := csaPieces[name]
			if k == shogi.NoKind {
				return syntaxErr("csa", n, "%q: %q is not a piece", st, name)
			}
			if sqs == "00" {
				if k.IsPromoted() || k == shogi.King {
					return syntaxErr("csa", n, "%q: %s cannot be in hand", st, name)
				}
				if cr.s.hands[side][k]++; cr.s.hands[side][k] > shogi.SetCount[k] {
					return syntaxErr("csa", n, "%q: %d %ss: a set has %d", st, cr.s.hands[side][k], k.Name(), shogi.SetCount[k])
				}
				continue
			}
			sq, ok := csaSquare(sqs)
			if !ok {
				return syntaxErr("csa", n, "%q: bad square %q", st, sqs)
			}
			cr.s.board[sq] = shogi.MakePiece(side, k)
		}
	default:
		return syntaxErr("csa", n, "%q: want PI, P1..P9, P+ or P-", st)
	}
	return nil
}

func csaColor(c byte) shogi.Color {
	if c == '-' {
		return shogi.White
	}
	return shogi.Black
}

// csaSquare reads "77" (file, rank); "00" and zeros are not squares.
func csaSquare(s string) (shogi.Square, bool) {
	if len(s) != 2 || s[0] < '1' || s[0] > '9' || s[1] < '1' || s[1] > '9' {
		return shogi.NoSquare, false
	}
	return shogi.Sq(int(s[0]-'0'), int(s[1]-'0')), true
}

// begin builds the start position and starts the moves; side is the side to
// move when given ("+"/"-"), else Black.
func (cr *csaReader) begin(n int, side *shogi.Color) error {
	if cr.s == nil {
		cr.s = fromPosition(shogi.Startpos())
	}
	if side != nil {
		cr.s.side = *side
	}
	cr.s.ply = 1
	start, err := cr.s.position()
	if err != nil {
		return syntaxErr("csa", n, "start position: %v", err)
	}
	cr.b = newBuilder(start)
	cr.b.rec.Header = cr.header
	for _, c := range cr.pending {
		if !cr.variantComment(c) {
			cr.b.rec.AddComment(0, c)
		}
	}
	cr.seen = true
	return nil
}

// variantComment reads a comment "ルール：dark" (Record.Variant) before the
// first move; it reports whether c was one.
func (cr *csaReader) variantComment(c string) bool {
	key, value, ok := splitKIFHeader(c)
	if !ok || key != VariantKey || len(cr.b.rec.Moves) > 0 {
		return false
	}
	cr.b.rec.setVariant(value)
	return true
}

// move reads "+7776FU" (a trailing ",T12" was split off already).
func (cr *csaReader) move(n int, st string) error {
	if cr.b == nil {
		side := csaColor(st[0])
		if err := cr.begin(n, &side); err != nil {
			return err
		}
	}
	b := cr.b
	if len(st) != 7 {
		return syntaxErr("csa", n, "%q: want a move such as +7776FU", st)
	}
	k := csaPieces[st[5:7]]
	to, okTo := csaSquare(st[3:5])
	if k == shogi.NoKind || !okTo {
		return syntaxErr("csa", n, "%q: want a move such as +7776FU", st)
	}
	if csaColor(st[0]) != b.side() {
		return b.illegal(shogi.NoMove, st, fmt.Sprintf("it is %s's turn", b.side()))
	}
	if st[1:3] == "00" {
		if k.IsPromoted() || k == shogi.King && !b.rec.pseudo() {
			return b.illegal(shogi.NoMove, st, fmt.Sprintf("a %s cannot be dropped", k.Name()))
		}
		return b.play(shogi.NewDrop(k, to), st)
	}
	from, ok := csaSquare(st[1:3])
	if !ok {
		return syntaxErr("csa", n, "%q: bad origin %q", st, st[1:3])
	}
	if from == to {
		return b.illegal(shogi.NoMove, st, "origin and destination are the same")
	}
	pc := b.pos.At(from)
	m := shogi.NewMove(from, to, false)
	if pc == shogi.NoPiece || pc.Color() != b.side() {
		return b.illegal(m, st, Explain(b.pos, m))
	}
	switch before := pc.Kind(); {
	case before == k:
	case before.CanPromote() && before.Promoted() == k:
		m = shogi.NewMove(from, to, true)
	default:
		return b.illegal(m, st, fmt.Sprintf("the piece on %s is a %s, which cannot become %s", from, before.Name(), k.Name()))
	}
	return b.play(m, st)
}

// ending reads a %CODE line.
func (cr *csaReader) ending(n int, st string) error {
	code := st[1:]
	if cr.b == nil {
		if err := cr.begin(n, nil); err != nil {
			return err
		}
	}
	b := cr.b
	cr.ended = true
	switch code {
	case "+ILLEGAL_ACTION":
		b.rec.Result = Result{ReasonIllegalMove, WinnerWhite}
		return nil
	case "-ILLEGAL_ACTION":
		b.rec.Result = Result{ReasonIllegalMove, WinnerBlack}
		return nil
	}
	e, ok := csaEndings[code]
	if !ok {
		b.rec.Result = Unknown
		b.rec.warn("csa line %d: the ending %q is not one this reader knows: result unknown", n, st)
		return nil
	}
	b.rec.Result = relResult(e.reason, e.winner, b.side())
	return nil
}
