package notation

import (
	"flag"
	"math/rand"
	"sort"
	"testing"

	"shinpan/referee/shogi"
)

// randomGame plays up to n random legal moves from startpos and calls visit
// before each move with the position, its legal moves and the last destination.
func randomGame(rng *rand.Rand, n int, visit func(p *shogi.Position, legal []shogi.Move, last shogi.Square)) {
	p := shogi.Startpos()
	last := shogi.NoSquare
	for i := 0; i < n; i++ {
		legal := p.LegalMoves(nil)
		if len(legal) == 0 {
			return
		}
		visit(p, legal, last)
		m := legal[rng.Intn(len(legal))]
		p.MakeMove(m)
		last = m.To()
	}
}

// randomPosition scatters a random part of a set over the board (many golds,
// silvers, promoted pieces and sliders, so that 右左直上引寄 are needed), puts the
// rest in random hands, and gives the move to a random side whose opponent is
// not in check. Every other position packs the pieces around one square,
// mostly of one colour, so that several same pieces reach the same squares.
func randomPosition(rng *rand.Rand) *shogi.Position {
	for {
		clustered := rng.Intn(2) == 0
		p := shogi.NewPosition()
		var pool []shogi.Kind
		for k := shogi.Pawn; k <= shogi.Gold; k++ {
			for i := 0; i < shogi.SetCount[k]; i++ {
				pool = append(pool, k)
			}
		}
		rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
		free := rng.Perm(shogi.NumSquares)
		mine := 2 // colour 0..1 at random, or mostly mine when clustered
		if clustered {
			centre := shogi.Square(rng.Intn(shogi.NumSquares))
			dist := func(s int) int {
				df, dr := shogi.Square(s).File()-centre.File(), shogi.Square(s).Rank()-centre.Rank()
				return max(df, -df, dr, -dr)
			}
			sort.SliceStable(free, func(i, j int) bool { return dist(free[i]) < dist(free[j]) })
			mine = rng.Intn(2)
		}
		put := func(c shogi.Color, k shogi.Kind) bool {
			for len(free) > 0 {
				s := shogi.Square(free[0])
				free = free[1:]
				if (k == shogi.Pawn || k == shogi.Lance) && s.RelRank(c) == 1 || k == shogi.Knight && s.RelRank(c) <= 2 {
					continue
				}
				p.Put(s, shogi.MakePiece(c, k))
				return true
			}
			return false
		}
		// Usually one king each; sometimes (Masked shogi) a king in a hand or
		// two kings of one side, as PseudoMoves allows.
		switch rng.Intn(6) {
		case 0:
			put(shogi.Black, shogi.King)
			put(shogi.Black, shogi.King)
		case 1:
			put(shogi.Black, shogi.King)
			p.SetHand(shogi.Color(rng.Intn(2)), shogi.King, 1)
		default:
			put(shogi.Black, shogi.King)
			put(shogi.White, shogi.King)
		}
		onBoard := rng.Intn(len(pool) + 1)
		for i, k := range pool {
			c := shogi.Color(rng.Intn(2))
			if mine < 2 && rng.Intn(4) != 0 {
				c = shogi.Color(mine)
			}
			if i >= onBoard {
				p.SetHand(c, k, p.HandCount(c, k)+1)
				continue
			}
			if k.CanPromote() && rng.Intn(3) == 0 {
				k = k.Promoted()
			}
			put(c, k)
		}
		if mine < 2 {
			p.SetSideToMove(shogi.Color(mine))
		} else {
			p.SetSideToMove(shogi.Color(rng.Intn(2)))
		}
		q := p.Clone()
		q.PassTurn()
		if !q.InCheck() {
			return p
		}
	}
}

// ownView returns p with the pieces of the side not to move removed
// (Tsuitate: what the mover sees).
func ownView(p *shogi.Position) *shogi.Position {
	v := p.Clone()
	them := p.SideToMove().Opp()
	for s := shogi.Square(0); s < shogi.NumSquares; s++ {
		if pc := v.At(s); pc != shogi.NoPiece && pc.Color() == them {
			v.Put(s, shogi.NoPiece)
		}
	}
	return v
}

// long runs the round trips over ten times as many games and positions:
// go test ./referee/notation -run RoundTrip -args -long
var long = flag.Bool("long", false, "run the round-trip tests at ten times the size")

func scale(n int) int {
	if *long {
		return 10 * n
	}
	return n
}

var allNotations = []Notation{USI, Western, Japanese, KIF, CSA}

// checkRoundTrip formats every candidate in every notation and resolves it back.
func checkRoundTrip(t *testing.T, p *shogi.Position, cands []shogi.Move, last shogi.Square, count *int) {
	t.Helper()
	for _, m := range cands {
		for _, n := range allNotations {
			text := FormatAmong(p, m, n, last, cands)
			got, err := Resolve(p, text, cands, last)
			*count++
			if err != nil || got != m {
				t.Fatalf("%s: %s %s written %q resolves to %v, %v\nsfen %s last %v", n, m, p.SFEN(), text, got, err, p.SFEN(), last)
			}
		}
	}
}

func TestRoundTripRandomGames(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	count := 0
	for g := 0; g < scale(5); g++ {
		randomGame(rng, 150, func(p *shogi.Position, legal []shogi.Move, last shogi.Square) {
			checkRoundTrip(t, p, legal, last, &count)
			// Format (against LegalMoves) must agree with FormatAmong(legal).
			for _, m := range legal {
				for _, n := range allNotations {
					if a, b := Format(p, m, n, last), FormatAmong(p, m, n, last, legal); a != b {
						t.Fatalf("Format %q != FormatAmong %q", a, b)
					}
				}
			}
		})
	}
	t.Logf("%d texts resolved back", count)
}

func TestRoundTripRandomPositions(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	count := 0
	for i := 0; i < scale(100); i++ {
		p := randomPosition(rng)
		last := shogi.NoSquare
		if rng.Intn(2) == 0 {
			last = shogi.Square(rng.Intn(shogi.NumSquares))
		}
		checkRoundTrip(t, p, p.LegalMoves(nil), last, &count)
		checkRoundTrip(t, p, p.PseudoMoves(nil), last, &count)
		v := ownView(p)
		checkRoundTrip(t, v, v.OwnBoardMoves(nil), shogi.NoSquare, &count)
	}
	t.Logf("%d texts resolved back", count)
}
