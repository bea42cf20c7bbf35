package record

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"shinpan/referee/shogi"
)

// WriteCSA writes rec as CSA V2.2:
//
//	V2.2
//	N+black's name                 (header 先手/下手)
//	N-white's name                 (header 後手/上手)
//	$EVENT:...                     ($ lines for 棋戦 場所 開始日時 終了日時 持ち時間
//	PI                              戦型 and for upper-case ASCII keys)
//	+                              (PI with removals such as PI82HI22KA for a start
//	+7776FU                         that is the initial one less some pieces, else
//	'comment                        P1..P9 and P+/P- hands; then the side to move)
//	-3334FU
//	%TORYO                         (from rec.Result)
//
// Other header fields are written as comments, and so is rec.Variant
// ("'ルール：dark", which ReadCSA reads back). A move that is not legal in its
// position (under the record's rules, see Pseudo) gives an *IllegalMoveError.
func WriteCSA(w io.Writer, rec *Record) error {
	bw := bufio.NewWriter(w)
	bw.WriteString("V2.2\n")
	keys := map[string]string{}
	for k, v := range csaHeaderKeys {
		keys[v] = k
	}
	for _, h := range rec.Header { // the names first, as CSA V2.2 orders them
		switch h.Key {
		case "先手", "下手":
			fmt.Fprintf(bw, "N+%s\n", oneLine(h.Value))
		case "後手", "上手":
			fmt.Fprintf(bw, "N-%s\n", oneLine(h.Value))
		}
	}
	var extra []HeaderField
	for _, h := range rec.Header {
		v := oneLine(h.Value)
		switch {
		case h.Key == "先手" || h.Key == "下手" || h.Key == "後手" || h.Key == "上手":
		case keys[h.Key] != "":
			fmt.Fprintf(bw, "$%s:%s\n", keys[h.Key], v)
		case csaKey(h.Key):
			fmt.Fprintf(bw, "$%s:%s\n", h.Key, v)
		case !kifGenerated[h.Key] && h.Key != VariantKey:
			extra = append(extra, h)
		}
	}
	if v := rec.variantMark(); v != "" {
		extra = append(extra, HeaderField{VariantKey, v})
	}
	for _, h := range extra {
		fmt.Fprintf(bw, "'%s：%s\n", h.Key, oneLine(h.Value))
	}
	start := rec.StartPosition()
	writeCSAPosition(bw, start)
	writeComments(bw, "'", rec.Comments[0])
	p := start.Clone()
	for i, m := range rec.Moves {
		if !rec.playable(p, m) {
			bw.Flush()
			return &IllegalMoveError{Number: i + 1, Text: m.USI(), Reason: Explain(p, m)}
		}
		bw.WriteString(csaMove(p, m) + "\n")
		writeComments(bw, "'", rec.Comments[i+1])
		p.MakeMove(m)
	}
	if code := csaEnding(rec.Result, p); code != "" {
		bw.WriteString(code + "\n")
	}
	return bw.Flush()
}

// csaKey reports whether k can be a CSA $ key: upper-case ASCII, digits, '_'.
func csaKey(k string) bool {
	if k == "" {
		return false
	}
	for i := 0; i < len(k); i++ {
		c := k[i]
		if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

func csaSign(c shogi.Color) string {
	if c == shogi.White {
		return "-"
	}
	return "+"
}

// csaMove writes m, played in p, as "+7776FU": the piece named is the piece
// after the move.
func csaMove(p *shogi.Position, m shogi.Move) string {
	us := p.SideToMove()
	to := m.To()
	if m.IsDrop() {
		return fmt.Sprintf("%s00%d%d%s", csaSign(us), to.File(), to.Rank(), csaNames[m.DropKind()])
	}
	from := m.From()
	k := p.At(from).Kind()
	if m.IsPromotion() {
		k = k.Promoted()
	}
	return fmt.Sprintf("%s%d%d%d%d%s", csaSign(us), from.File(), from.Rank(), to.File(), to.Rank(), csaNames[k])
}

// writeCSAPosition writes PI (with removals) when p is the initial position
// less some pieces with empty hands, else P1..P9 and P+/P- hand lines; then
// the side to move.
func writeCSAPosition(w *bufio.Writer, p *shogi.Position) {
	init := shogi.Startpos()
	subset := p.Hand(shogi.Black).Empty() && p.Hand(shogi.White).Empty()
	var removed strings.Builder
	for sq := shogi.Square(0); sq < shogi.NumSquares && subset; sq++ {
		pc, ip := p.At(sq), init.At(sq)
		switch {
		case pc == ip:
		case pc == shogi.NoPiece:
			fmt.Fprintf(&removed, "%d%d%s", sq.File(), sq.Rank(), csaNames[ip.Kind()])
		default:
			subset = false
		}
	}
	if subset {
		w.WriteString("PI" + removed.String() + "\n")
	} else {
		for r := 1; r <= 9; r++ {
			fmt.Fprintf(w, "P%d", r)
			for f := 9; f >= 1; f-- {
				pc := p.At(shogi.Sq(f, r))
				if pc == shogi.NoPiece {
					w.WriteString(" * ")
				} else {
					w.WriteString(csaSign(pc.Color()) + csaNames[pc.Kind()])
				}
			}
			w.WriteString("\n")
		}
		for _, c := range []shogi.Color{shogi.Black, shogi.White} {
			h := p.Hand(c)
			if h.Empty() {
				continue
			}
			w.WriteString("P" + csaSign(c))
			for _, k := range shogi.HandKinds {
				for i := 0; i < int(h[k]); i++ {
					w.WriteString("00" + csaNames[k])
				}
			}
			w.WriteString("\n")
		}
	}
	w.WriteString(csaSign(p.SideToMove()) + "\n")
}

// csaEnding returns the % line for result r at final position p ("" when the
// result is unknown).
func csaEnding(r Result, p *shogi.Position) string {
	r = r.Normalize()
	toMove := p.SideToMove()
	wc, decisive := winnerColor(r.Winner)
	switch r.Reason {
	case ReasonResignation:
		return "%TORYO"
	case ReasonCheckmate:
		return "%TSUMI"
	case ReasonSennichite:
		return "%SENNICHITE"
	case ReasonPerpetualCheck:
		return "%OUTE_SENNICHITE"
	case ReasonImpasse:
		if decisive && wc == toMove {
			return "%KACHI"
		}
		return "%JISHOGI"
	case ReasonTimeout:
		return "%TIME_UP"
	case ReasonIllegalMove:
		if decisive && wc == toMove {
			return "%" + csaSign(toMove.Opp()) + "ILLEGAL_ACTION"
		}
		return "%ILLEGAL_MOVE"
	case ReasonAbort:
		return "%CHUDAN"
	}
	if r.Winner == WinnerDraw {
		return "%HIKIWAKE"
	}
	return ""
}
