package shogi

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// StartSFEN is the standard initial position.
const StartSFEN = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"

// ErrSFEN is wrapped by every SFEN parsing error.
var ErrSFEN = errors.New("bad SFEN")

func sfenErr(format string, a ...any) error {
	return fmt.Errorf("%w: %s", ErrSFEN, fmt.Sprintf(format, a...))
}

// Startpos returns the standard initial position.
func Startpos() *Position {
	p, err := ParseSFEN(StartSFEN)
	if err != nil {
		panic(err)
	}
	return p
}

// ParseSFEN reads "board side hand [movenumber]"; "startpos" is accepted too.
// It checks the syntax, that no base kind exceeds the set (18 pawns, 4 lances,
// 4 knights, 4 silvers, 4 golds, 2 bishops, 2 rooks, 2 kings, counting board and
// hands), and that no piece stands where it could never move. Errors wrap ErrSFEN
// and say what is wrong and where.
func ParseSFEN(s string) (*Position, error) {
	s = strings.TrimSpace(s)
	if s == "startpos" {
		return Startpos(), nil
	}
	f := strings.Fields(s)
	if len(f) < 3 || len(f) > 4 {
		return nil, sfenErr("want 3 or 4 fields (board side hand [move]), got %d", len(f))
	}
	p := NewPosition()
	ranks := strings.Split(f[0], "/")
	if len(ranks) != 9 {
		return nil, sfenErr("board has %d ranks, want 9 separated by '/'", len(ranks))
	}
	var count [NumKinds]int
	for r, row := range ranks {
		file := 9
		for i := 0; i < len(row); i++ {
			ch := row[i]
			if ch >= '1' && ch <= '9' {
				file -= int(ch - '0')
				if file < 0 {
					return nil, sfenErr("rank %c (%d) has more than 9 squares", 'a'+r, r+1)
				}
				continue
			}
			tok := string(ch)
			if ch == '+' {
				if i+1 >= len(row) {
					return nil, sfenErr("rank %c: '+' at the end of the rank", 'a'+r)
				}
				i++
				tok += string(row[i])
			}
			pc, ok := ParsePiece(tok)
			if !ok {
				return nil, sfenErr("rank %c: %q is not a piece", 'a'+r, tok)
			}
			if file < 1 {
				return nil, sfenErr("rank %c (%d) has more than 9 squares", 'a'+r, r+1)
			}
			sq := Sq(file, r+1)
			if deadSquare(pc.Color(), pc.Kind(), sq) {
				return nil, sfenErr("%s on %s can never move", pc.Kind().Name(), sq)
			}
			p.place(sq, pc)
			count[pc.Kind().Unpromoted()]++
			file--
		}
		if file != 0 {
			return nil, sfenErr("rank %c (%d) has %d squares, want 9", 'a'+r, r+1, 9-file)
		}
	}
	switch f[1] {
	case "b":
	case "w":
		p.SetSideToMove(White)
	default:
		return nil, sfenErr("side to move %q, want b or w", f[1])
	}
	if f[2] != "-" {
		h := f[2]
		for i := 0; i < len(h); {
			n := 0
			j := i
			for j < len(h) && h[j] >= '0' && h[j] <= '9' {
				j++
			}
			if j > i {
				v, err := strconv.Atoi(h[i:j])
				if err != nil || v < 1 || j-i > 3 {
					return nil, sfenErr("hand: bad count %q", h[i:j])
				}
				n = v
			} else {
				n = 1
			}
			if j >= len(h) {
				return nil, sfenErr("hand: count %q without a piece", h[i:j])
			}
			pc, ok := ParsePiece(string(h[j]))
			if !ok {
				return nil, sfenErr("hand: %q is not a piece", string(h[j]))
			}
			c, k := pc.Color(), pc.Kind()
			if n > SetCount[k] {
				return nil, sfenErr("hand: %d %ss: a set has %d", n, k.Name(), SetCount[k])
			}
			if p.hands[c][k] != 0 {
				return nil, sfenErr("hand: %q given twice", string(h[j]))
			}
			p.SetHand(c, k, n)
			count[k] += n
			i = j + 1
		}
	}
	for k := Pawn; k <= King; k++ {
		if count[k] > SetCount[k] {
			return nil, sfenErr("%d %ss on board and in hand, a set has %d", count[k], k.Name(), SetCount[k])
		}
	}
	if len(f) == 4 {
		n, err := strconv.Atoi(f[3])
		if err != nil || n < 1 {
			return nil, sfenErr("move number %q, want a positive integer", f[3])
		}
		p.ply = n
	}
	return p, nil
}

// deadSquare reports whether an unpromoted k of colour c on s could never move:
// a pawn or lance on the last rank, a knight on the last two.
func deadSquare(c Color, k Kind, s Square) bool {
	switch k {
	case Pawn, Lance:
		return s.RelRank(c) == 1
	case Knight:
		return s.RelRank(c) <= 2
	}
	return false
}

// SFEN returns the position as "board side hand movenumber".
func (p *Position) SFEN() string {
	var b strings.Builder
	b.WriteString(p.BoardSFEN())
	if p.side == Black {
		b.WriteString(" b ")
	} else {
		b.WriteString(" w ")
	}
	b.WriteString(p.HandSFEN())
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(p.ply))
	return b.String()
}

// BoardSFEN returns the board field of the SFEN.
func (p *Position) BoardSFEN() string {
	var b strings.Builder
	for r := 1; r <= 9; r++ {
		empty := 0
		for f := 9; f >= 1; f-- {
			pc := p.board[Sq(f, r)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteString(pc.String())
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r < 9 {
			b.WriteByte('/')
		}
	}
	return b.String()
}

// HandSFEN returns the hand field ("-" when both hands are empty).
func (p *Position) HandSFEN() string {
	s := HandString(Black, p.hands[Black]) + HandString(White, p.hands[White])
	if s == "" {
		return "-"
	}
	return s
}

// HandString writes one side's hand in SFEN order (e.g. "R2P" for Black, "b3p"
// for White); "" for an empty hand.
func HandString(c Color, h Hand) string {
	var b strings.Builder
	for _, k := range HandKinds {
		n := h[k]
		if n == 0 {
			continue
		}
		if n > 1 {
			b.WriteString(strconv.Itoa(int(n)))
		}
		b.WriteString(MakePiece(c, k).String())
	}
	return b.String()
}
