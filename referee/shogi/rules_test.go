package shogi

import (
	"math/rand"
	"sort"
	"strings"
	"testing"
)

func mustSFEN(t testing.TB, s string) *Position {
	t.Helper()
	p, err := ParseSFEN(s)
	if err != nil {
		t.Fatalf("ParseSFEN(%q): %v", s, err)
	}
	return p
}

func usiList(ms []Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.USI()
	}
	sort.Strings(out)
	return out
}

func legalSet(p *Position) map[string]bool {
	var buf [MaxMoves]Move
	set := map[string]bool{}
	for _, m := range p.LegalMoves(buf[:0]) {
		set[m.USI()] = true
	}
	return set
}

// TestLegalMoveRules covers every rule of RULES.md §1 move generation with a
// position each: which moves must and must not be legal.
func TestLegalMoveRules(t *testing.T) {
	cases := []struct {
		name, sfen string
		want, not  []string
	}{
		{"optional promotion entering the zone", "4k4/9/9/5S3/9/9/9/9/4K4 b - 1",
			[]string{"4d4c", "4d4c+", "4d3c", "4d3c+"}, nil},
		{"optional promotion leaving the zone", "4k4/1B7/9/9/9/9/9/9/4K4 b - 1",
			[]string{"8b5e", "8b5e+", "8b7a", "8b7a+"}, nil},
		{"pawn must promote on the last rank", "4k4/6P2/9/9/9/9/9/9/4K4 b - 1",
			[]string{"3b3a+"}, []string{"3b3a"}},
		{"useless pawn non-promotion counts", "4k4/9/6P2/9/9/9/9/9/4K4 b - 1",
			[]string{"3c3b", "3c3b+"}, nil},
		{"lance must promote on the last rank", "4k4/8L/9/9/9/9/9/9/4K4 b - 1",
			[]string{"1b1a+"}, []string{"1b1a"}},
		{"knight must promote on the last two ranks", "4k4/9/9/7N1/9/9/9/9/4K4 b - 1",
			[]string{"2d1b+", "2d3b+"}, []string{"2d1b", "2d3b"}},
		{"knight may stay unpromoted on rank c", "4k4/9/9/9/7N1/9/9/9/4K4 b - 1",
			[]string{"2e1c", "2e1c+", "2e3c+", "2e3c"}, nil},
		{"white pawn must promote on rank i", "4k4/9/9/9/9/9/9/2p6/5K3 w - 1",
			[]string{"7h7i+"}, []string{"7h7i"}},
		{"white knight dead squares", "4k4/9/9/9/9/9/2n6/9/4K4 w - 1",
			[]string{"7g8i+", "7g6i+"}, []string{"7g8i", "7g6i"}},
		{"gold and king never promote", "4k4/9/9/4G4/9/9/9/9/4K4 b - 1",
			[]string{"5d5c"}, []string{"5d5c+"}},
		{"nifu forbids a second pawn on a file", "4k4/9/9/9/9/9/4P4/9/4K4 b P 1",
			[]string{"P*4e"}, []string{"P*5e", "P*5b"}},
		{"a tokin does not count for nifu", "4k4/9/9/4+P4/9/9/9/9/4K4 b P 1",
			[]string{"P*5e"}, nil},
		{"dead drops", "4k4/9/9/9/9/9/9/9/4K4 b PLN 1",
			[]string{"P*1b", "L*1b", "N*1c"}, []string{"P*1a", "L*1a", "N*1a", "N*1b"}},
		{"white dead drops", "4k4/9/9/9/9/9/9/9/4K4 w pln 1",
			[]string{"P*1h", "L*1h", "N*1g"}, []string{"P*1i", "L*1i", "N*1i", "N*1h"}},
		{"no drop on an occupied square", "4k4/9/9/9/4p4/9/9/9/4K4 b G 1",
			[]string{"G*5f"}, []string{"G*5e"}},
		{"a pinned silver moves only along the pin", "4r4/9/9/9/9/9/9/4S4/4K4 b - 1",
			[]string{"5h5g"}, []string{"5h4g", "5h6g", "5h4i", "5h6i"}},
		{"a pinned piece may capture the pinner", "4k4/9/9/9/4r4/9/9/4R4/4K4 b - 1",
			[]string{"5h5e", "5h5f", "5h5g"}, []string{"5h4h", "5h6h"}},
		{"a lance pins along its file only", "4k4/4l4/9/9/9/9/9/4G4/4K4 b - 1",
			[]string{"5h5g"}, []string{"5h4h", "5h6h", "5h4g", "5h6g"}},
		{"king may not step into check", "4k4/9/9/9/9/9/9/3r5/4K4 b - 1",
			[]string{"5i4i", "5i6h"}, []string{"5i6i", "5i5h", "5i4h"}},
		{"king may not step along the checking line", "4k4/9/9/9/4r4/9/9/9/4K4 b - 1",
			[]string{"5i4i", "5i6i", "5i4h", "5i6h"}, []string{"5i5h"}},
		{"check evasion: interpose, capture or move", "4k4/9/9/9/4r4/9/9/3G5/4K4 b B 1",
			[]string{"6h5h", "6h5g", "B*5h", "B*5f", "5i4i"}, []string{"6h6g", "B*1a", "5i5h"}},
		{"double check allows only king moves", "4k4/9/9/9/4r3b/9/9/9/B3K4 b G 1",
			[]string{"5i4i", "5i6i", "5i6h"}, []string{"G*5h", "9i5e", "5i4h", "5i5h", "9i8h"}},
		{"uchifuzume: a pawn-drop mate is illegal", "3lkl3/9/4G4/9/9/9/9/9/4K4 b P 1",
			[]string{"P*1e"}, []string{"P*5b"}},
		{"pawn-drop check answered by a capture is legal", "3lks3/9/4G4/9/9/9/9/9/4K4 b P 1",
			[]string{"P*5b"}, nil},
		{"a capture by a pinned piece is no answer", "3lks1R1/9/4G4/9/9/9/9/9/4K4 b P 1",
			nil, []string{"P*5b"}},
		{"pawn-drop check answered by a king step is legal", "4kl3/9/4G4/9/9/9/9/9/4K4 b P 1",
			[]string{"P*5b"}, nil},
		{"pawn-drop check answered by capturing with the king is legal", "3lkl3/9/9/9/9/9/9/9/4K4 b P 1",
			[]string{"P*5b"}, nil},
		{"a non-pawn drop mate is legal", "3lkl3/9/4G4/9/9/9/9/9/4K4 b G 1",
			[]string{"G*5b"}, nil},
		{"a pawn push mate is legal", "3lkl3/4P4/4G4/9/9/9/9/9/4K4 b - 1",
			[]string{"5b5a+"}, nil},
		{"discovered check is legal", "4k4/9/9/9/9/9/4S4/9/4R3K b - 1",
			[]string{"5g4f", "5g6f"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := mustSFEN(t, c.sfen)
			set := legalSet(p)
			for _, m := range c.want {
				if !set[m] {
					t.Errorf("%s should be legal; legal: %v", m, keys(set))
				}
				mv, _ := ParseUSI(m)
				if r := p.LegalReason(mv); r != NoReason {
					t.Errorf("LegalReason(%s) = %v, want legal", m, r)
				}
			}
			for _, m := range c.not {
				if set[m] {
					t.Errorf("%s should be illegal", m)
				}
				mv, _ := ParseUSI(m)
				if r := p.LegalReason(mv); r == NoReason {
					t.Errorf("LegalReason(%s) = legal, want a reason", m)
				}
			}
		})
	}
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func TestDoubleCheckOnlyKingMoves(t *testing.T) {
	p := mustSFEN(t, "4k4/9/9/9/4r3b/9/9/9/B3K4 b G 1")
	if c := p.Checkers(); c.Count() != 2 {
		t.Fatalf("checkers = %d, want 2", c.Count())
	}
	var buf [MaxMoves]Move
	for _, m := range p.LegalMoves(buf[:0]) {
		if m.From() != Sq(5, 9) {
			t.Errorf("%s is not a king move", m)
		}
	}
}

func TestReasons(t *testing.T) {
	p := mustSFEN(t, "3lkl3/9/4G4/9/4p4/9/5P2P/4S4/4K3L b P 1")
	cases := []struct {
		move string
		want Reason
	}{
		{"P*5b", Uchifuzume},
		{"P*4e", Nifu},
		{"P*4a", SquareOccupied},
		{"P*1a", DeadDrop},
		{"G*1a", NotInHand},
		{"6g6f", NotYourPiece},
		{"5i5h", OwnPieceOnTarget},
		{"1i1f", PathBlocked},
		{"5h5f", CannotMoveThere},
		{"5c5a", CannotMoveThere},
		{"5h6g+", CannotPromote},
		{"5c4b+", CannotPromote},
		{"5i4i", NoReason},
		{"5h6g", NoReason},
	}
	for _, c := range cases {
		m, err := ParseUSI(c.move)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.LegalReason(m); got != c.want {
			t.Errorf("LegalReason(%s) = %v, want %v", c.move, got, c.want)
		}
	}
	q := mustSFEN(t, "4k4/9/9/9/4r4/9/9/4S4/4K4 b - 1")
	if got := q.LegalReason(NewMove(Sq(5, 8), Sq(4, 7), false)); got != KingInCheck {
		t.Errorf("pinned silver: %v, want KingInCheck", got)
	}
	r := mustSFEN(t, "4k4/9/9/9/9/9/9/9/L3K4 b - 1")
	if got := r.LegalReason(NewMove(Sq(9, 9), Sq(9, 1), false)); got != MustPromote {
		t.Errorf("lance to 9a: %v, want MustPromote", got)
	}
}

// TestOwnBoardAndPseudo checks the two generators the hidden variants use.
func TestOwnBoardAndPseudo(t *testing.T) {
	// A black lance on 1i, a white pawn on 1e. On its own board Black's lance
	// passes through 1e; on the true board it stops on it.
	p := mustSFEN(t, "4k4/9/9/9/8p/9/9/9/4K3L b P 1")
	var buf [MaxMoves]Move
	own := usiList(p.OwnBoardMoves(buf[:0]))
	if !contains2(own, "1i1b") || !contains2(own, "1i1a+") || !contains2(own, "P*1e") {
		t.Errorf("own-board moves miss moves through or onto the hidden pawn: %v", own)
	}
	pseudo := usiList(p.PseudoMoves(buf[:0]))
	if contains2(pseudo, "1i1d") || !contains2(pseudo, "1i1e") || contains2(pseudo, "P*1e") {
		t.Errorf("pseudo moves wrong around the pawn: %v", pseudo)
	}
	// The king may walk into attack in PseudoMoves, not in LegalMoves.
	q := mustSFEN(t, "4k4/9/9/9/9/9/9/3r5/4K4 b - 1")
	if !contains2(usiList(q.PseudoMoves(buf[:0])), "5i6i") || legalSet(q)["5i6i"] {
		t.Error("pseudo-legal king move into check mishandled")
	}
	// A captured king goes to the hand and may be dropped (Masked).
	m := mustSFEN(t, "4k4/4R4/9/9/9/9/9/9/4K4 b - 1")
	m.MakeMove(NewMove(Sq(5, 2), Sq(5, 1), false))
	if m.HandCount(Black, King) != 1 || m.SFEN() != "4R4/9/9/9/9/9/9/9/4K4 w K 2" {
		t.Fatalf("king capture: %s", m.SFEN())
	}
	m.PassTurn()
	if !contains2(usiList(m.PseudoMoves(buf[:0])), "K*5e") {
		t.Error("a king in hand cannot be dropped")
	}
}

func contains2(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// randomGame plays n random legal moves from the start position.
func randomPositions(seed int64, games, plies int, f func(p *Position)) {
	rng := rand.New(rand.NewSource(seed))
	var buf [MaxMoves]Move
	for g := 0; g < games; g++ {
		p := Startpos()
		for i := 0; i < plies; i++ {
			f(p)
			ms := p.LegalMoves(buf[:0])
			if len(ms) == 0 {
				break
			}
			// Prefer captures and drops now and then so hands fill up.
			p.MakeMove(ms[rng.Intn(len(ms))])
		}
	}
}

// TestGeneratorsAgreeWithReasons: for many random positions, each generator's
// list is exactly the set of moves its Reason function accepts, and
// Legal ⊆ Pseudo ⊆ OwnBoard on boards where the target is not an enemy piece.
func TestGeneratorsAgreeWithReasons(t *testing.T) {
	n := 0
	randomPositions(1, 40, 120, func(p *Position) {
		var lb, pb, ob [MaxMoves]Move
		legal := p.LegalMoves(lb[:0])
		pseudo := p.PseudoMoves(pb[:0])
		own := p.OwnBoardMoves(ob[:0])
		check := func(name string, list []Move, reason func(Move) Reason) {
			set := map[Move]bool{}
			for _, m := range list {
				if set[m] {
					t.Fatalf("%s: %s listed twice in %s", name, m, p.SFEN())
				}
				set[m] = true
				if r := reason(m); r != NoReason {
					t.Fatalf("%s lists %s but reason says %v in %s", name, m, r, p.SFEN())
				}
			}
			for _, m := range allCandidateMoves() {
				if !set[m] && reason(m) == NoReason {
					t.Fatalf("%s misses %s in %s", name, m, p.SFEN())
				}
			}
		}
		if n%7 == 0 {
			check("legal", legal, p.LegalReason)
			check("pseudo", pseudo, p.PseudoReason)
			check("own", own, p.OwnBoardReason)
		}
		n++
		for _, m := range legal {
			if !p.IsPseudoLegal(m) {
				t.Fatalf("legal %s not pseudo-legal in %s", m, p.SFEN())
			}
		}
	})
}

var candCache []Move

// allCandidateMoves lists every syntactically possible move: all from/to pairs
// with and without promotion, and all drops.
func allCandidateMoves() []Move {
	if candCache != nil {
		return candCache
	}
	for f := Square(0); f < NumSquares; f++ {
		for t := Square(0); t < NumSquares; t++ {
			if f != t {
				candCache = append(candCache, NewMove(f, t, false), NewMove(f, t, true))
			}
		}
	}
	for k := Pawn; k <= King; k++ {
		for t := Square(0); t < NumSquares; t++ {
			candCache = append(candCache, NewDrop(k, t))
		}
	}
	return candCache
}

func TestMakeUnmakeRestores(t *testing.T) {
	randomPositions(2, 30, 150, func(p *Position) {
		before := p.SFEN()
		key := p.Key()
		var buf [MaxMoves]Move
		for _, m := range p.PseudoMoves(buf[:0]) {
			u := p.MakeMove(m)
			q, err := ParseSFEN(p.SFEN())
			if err != nil {
				t.Fatalf("after %s: %v", m, err)
			}
			if q.Key() != p.Key() {
				t.Fatalf("incremental key differs from a fresh one after %s in %s", m, before)
			}
			p.UnmakeMove(m, u)
			if p.SFEN() != before || p.Key() != key {
				t.Fatalf("unmake %s: %s != %s", m, p.SFEN(), before)
			}
		}
	})
}

func TestSFENRoundTrip(t *testing.T) {
	for _, s := range []string{
		StartSFEN,
		"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
		"8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
		"4k4/9/9/9/9/9/9/9/4K4 b 2P3p 7",
		"4k4/9/9/9/9/9/9/9/4K4 b RB2G2S2N2L9Prb2g2s2n2l9p 300",
	} {
		p := mustSFEN(t, s)
		if got := p.SFEN(); got != s {
			t.Errorf("round trip: got %q want %q", got, s)
		}
	}
}

func TestSFENErrors(t *testing.T) {
	for _, c := range []struct{ sfen, want string }{
		{"", "want 3 or 4 fields"},
		{"9/9/9 b - 1", "board has 3 ranks"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN b - 1", "rank i (9) has 8 squares"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNLL b - 1", "more than 9 squares"},
		{"4k4/9/9/9/9/9/9/9/4K4 x - 1", "side to move"},
		{"4k4/9/9/9/9/9/9/9/4K4 b 19P 1", "19 pawns: a set has 18"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b P 1", "19 pawns"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b R 1", "3 rooks"},
		{"4k4/9/9/9/9/9/9/9/4K4 b - 0", "move number"},
		{"4k4/9/9/9/9/9/9/9/4K4 b X 1", "not a piece"},
		{"4k4/9/9/9/9/9/9/9/4K4 b PP 1", "given twice"},
		{"P3k4/9/9/9/9/9/9/9/4K4 b - 1", "can never move"},
		{"4k4/9/9/9/9/9/9/9/4K+G3 b - 1", "not a piece"},
	} {
		_, err := ParseSFEN(c.sfen)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseSFEN(%q) = %v, want error containing %q", c.sfen, err, c.want)
		}
	}
}

func FuzzParseSFEN(f *testing.F) {
	f.Add(StartSFEN)
	f.Add("8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124")
	f.Add("4k4/9/9/9/9/9/9/9/4K4 b 18p 1")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseSFEN(s)
		if err != nil {
			return
		}
		out := p.SFEN()
		q, err := ParseSFEN(out)
		if err != nil {
			t.Fatalf("re-parse of %q: %v", out, err)
		}
		if q.SFEN() != out || q.Key() != p.Key() {
			t.Fatalf("unstable round trip %q -> %q", out, q.SFEN())
		}
		var buf [MaxMoves]Move
		p.LegalMoves(buf[:0])
		p.PseudoMoves(buf[:0])
		p.OwnBoardMoves(buf[:0])
	})
}
