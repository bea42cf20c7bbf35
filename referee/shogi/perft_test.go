package shogi

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"testing"
)

// Perft reference positions with published counts.
//
// Every source below counts every legal move, as we do (RULES.md §1): a pawn,
// bishop or rook that may promote yields both the promotion and the (useless)
// non-promotion, a lance or knight both where the non-promotion is not a dead
// square, and pawn-drop mate (uchifuzume) is excluded. This was checked in each
// source's generator, not only inferred from the numbers:
//   - 87flowers/Lebensblume src/lb/movegen.cpp: splatMaybePromoMoves emits the
//     promotion and every non-promotion except onto dead squares.
//   - WandererXII/shogiops test/debug.ts: perft pushes promotion=true and, unless
//     pieceForcePromote (dead square), promotion=false.
//   - tomori-k/ShogiLibSharp ShogiLibSharp.Core/Movegen.cs: silver, bishop and rook
//     emit both moves whenever Square.CanPromote; pawn and lance both on ranks 2-3.
//   - YaneuraOu's perft uses MoveList<LEGAL_ALL> (with the useless
//     non-promotions); its matsuri counts are the same as below.
//
// A counter-example, not used: nyashiki/nshogi tests the matsuri position with
// 198 moves at depth 1 under its "WilyPromote" generator, which drops the useless
// non-promotions; the full count is 207.
//
// Hands written with repeated letters in a source ("SPPPPbgsnp") are rewritten
// with counts ("S4Pbgsnp"), the form ParseSFEN reads; the positions are the same.
type perftRef struct {
	name string
	sfen string
	want []uint64 // want[d-1] is perft(d)
}

var perftRefs = []perftRef{
	{
		// "Matsuri" (指し手生成祭り), the usual move-generation benchmark, White to move,
		// both sides with pieces in hand, a bishop in White's zone (optional
		// non-promotions). 87flowers/Lebensblume tests/perft.cpp;
		// liamt19/Peeper Logic/Util/PerftData.cs; tomori-k/ShogiLibSharp
		// ShogiLibSharp.Tests/PerftTests.cs (d4 = 516925165).
		name: "matsuri",
		sfen: "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
		want: []uint64{207, 28684, 4809015, 516925165},
	},
	{
		// The position with the most legal moves known (593): promotions and
		// non-promotions of four silvers, a bishop and a rook in the zone, every drop.
		// sugyan/shunsai DESIGN.md ("Known perft values": 593, 105677, 53393368);
		// tomori-k/ShogiLibSharp ShogiLibSharp.Tests/PerftTests.cs (d3 = 53393368).
		name: "max-moves",
		sfen: "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
		want: []uint64{593, 105677, 53393368},
	},
	{
		// Only the kings on the board, everything else in hand: drops, nifu, dead
		// drops, checks by drops. 87flowers/Lebensblume tests/perft.cpp;
		// liamt19/Peeper Logic/Util/PerftData.cs.
		name: "kings-and-hands",
		sfen: "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1",
		want: []uint64{524, 248257, 112911856},
	},
	{
		// White to move in a late middlegame with dragons on both sides.
		// 87flowers/Lebensblume tests/perft.cpp; liamt19/Peeper Logic/Util/PerftData.cs.
		name: "lebensblume-124",
		sfen: "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
		want: []uint64{178, 18041, 2552846, 207741677},
	},
	{
		// Matsuri with a white gold dropped beside Black's king, White to move.
		// 87flowers/Lebensblume tests/perft.cpp.
		name: "matsuri-gold",
		sfen: "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R2g2K2/LN4b1L w RGsn5p 3",
		want: []uint64{160, 20791, 2685299, 266976811},
	},
	{
		// The start position with all pawns in hand: pawn drops and nifu.
		// 87flowers/Lebensblume tests/perft.cpp.
		name: "pawns-in-hand",
		sfen: "lnsgkgsnl/1r5b1/9/9/9/9/9/1B5R1/LNSGKGSNL b 9P9p 1",
		want: []uint64{119, 13311, 1473109, 158016152},
	},
	// Not used: Lebensblume's "kl7/1p7/9/9/9/9/9/7P1/7LK b RB2G2S2N2L8Prb2g2s2nl8p 1"
	// holds five lances, which ParseSFEN rightly rejects.

	// WandererXII/shogiops test/variant/shogi.test.ts, "random perft" (d1, d2), taken
	// there from the TalkChess thread "Shogi perft numbers" (forum3 t=71550).
	{name: "gentest-1", sfen: "l2kg2+R1/4n3+L/p1gpps3/4np3/6P1N/PP+rP2pS1/1pG2P3/4P1G2/LN3KB1+p b SPbsl4p 1", want: []uint64{107, 20080}},
	{name: "gentest-2", sfen: "l+Rl2+R3/3k1s2+L/p1p1p4/2Ppnp1S1/4n1Pbp/PP2G4/1G3P+n2/Kp2P4/L8 w GS4Pbgsnp 1", want: []uint64{240, 39392}},
	{name: "gentest-3", sfen: "l+Rl2g2+R/3k1s2+L/p1p1p4/2Ppnp1S1/4n1Pbp/PP2G4/1G3P+n2/Kp2P4/L8 b S4Pbgsnp 1", want: []uint64{110, 24582}},
	{name: "gentest-4", sfen: "l2kgb1+R1/4n3+L/p1gpps3/4np3/6P1N/PPGP2pS1/1p3P3/4P1G2/LN3KB1+p b RSPsl4p 1", want: []uint64{158, 21443}},
	{name: "gentest-5", sfen: "l8/1r1gk3+L/p1Npp2S1/2Psnpg2/5+r2N/PP1P2pS1/1pG1BP3/4P1G2/LN3KB1+p b S2Pl3p 1", want: []uint64{109, 10902}},
	{name: "gentest-6", sfen: "lr6l/3g1kg2/p2pp2s+P/2Ps1ppp1/8L/P1nP2PR1/1P3PS2/1SGK5/LN3G3 b B2N3Pb2p 1", want: []uint64{7, 755}}, // in check
	{name: "gentest-7", sfen: "lr7/3g1kg2/p2pp2s+L/2Ps1ppp1/9/PP1P1BPS1/5P1PS/1G6+r/LN3KB2 b G2NL3Pn2p 1", want: []uint64{184, 18331}},
	{name: "gentest-8", sfen: "l+Rl2g2+R/2p+Sks2+L/p3p4/2Ppnp1S1/4n1Pbp/PP2G4/1G3P+n2/Kp2P4/L8 w GS4Pbnp 1", want: []uint64{2, 326}}, // in check
	{name: "gentest-9", sfen: "l2s5/3kn2R+L/p1gpp+B3/4np3/2+r3P1N/PP1P2pS1/1pG2P3/4P1G2/LN3KB1+p b GLP2s4p 1", want: []uint64{165, 16018}},
	{name: "gentest-11", sfen: "lr7/3g1kg2/p2pp2s+L/2Psnp1p1/5+rS2/PP1P5/4BPS2/1G2P1G2/LN3KB1L w 2N3P4p 1", want: []uint64{72, 6928}},
	{name: "gentest-12", sfen: "lr7/3g1kg2/p2pp2s+L/2Ps1ppp1/9/P2P1BPS1/1P3P3/1G3B3/LN2KG1r1 w 3NL3Ps3p 1", want: []uint64{123, 16661}},
	{name: "gentest-13", sfen: "l+Rl2+R3/3k1s2+L/p1p1p4/2Ppnp1S1/4n1Pbp/PP2G4/KG3P+n2/1p2P4/Ls7 w GS4Pbgnp 1", want: []uint64{188, 30364}},
	{name: "gentest-14", sfen: "lr6l/3g1kg2/p2pp2s+P/2Ps1ppp1/7nL/P2P2PR1/1P3PN2/1SGK2S2/LN3G3 w BN3Pb2p 1", want: []uint64{109, 14585}},
	{name: "gentest-15", sfen: "l1S6/r3k3+L/p1gppl3/4np+B2/2+r3P1N/PP1P2pS1/1pG2P3/4P1G2/LN3KB1+p b GSPsn4p 1", want: []uint64{163, 21883}},
	{name: "gentest-16", sfen: "lr7/3g1kg2/p2pp2sl/2Ps1ppp1/8L/P2P2PR1/1P3PS2/1G7/LN2KG3 b B3N3Pbs3p 1", want: []uint64{145, 23120}},
	{name: "gentest-17", sfen: "l8/1r1g1k3/p1Npp1gs+L/2Psnp1p1/5+rS2/PP1P2pS1/1pG1BP3/4P1G1p/LN3KB1L b N2P2p 1", want: []uint64{84, 4399}},
	{name: "gentest-18a", sfen: "lr7/3g1kg2/p2pp2s+L/2Ps1p1p1/5+rp2/PP1P1B1S1/5PP1S/1G2P1G2/LN3KB1L b 2NPn4p 1", want: []uint64{86, 8763}},
	{name: "gentest-18b", sfen: "l2kgs1+R1/4n+B2+L/p1gpp4/4np3/6P1N/PP+rP2pS1/1pG2P3/4P1G2/LN3KB1+p w 2SPl4p 1", want: []uint64{95, 10625}},
	{name: "gentest-19", sfen: "l8/1r1gk3+L/p1Npp4/2Psnp+r2/8N/PP1P2pS1/1pG1BP3/4P1G2/LN3KB1+p b GS2Psl3p 1", want: []uint64{156, 22669}},
	{name: "gentest-20", sfen: "lr7/3g1kg2/p2pp2s+L/2Ps1ppp1/9/PP1P1BPS1/5P1P1/1G3B1g1/LN3KN1+r b S2NL3P2p 1", want: []uint64{181, 12037}},
	// Uchifuzume: P*1b would check the king on 1a, which can neither take it (the
	// silver on 1c guards it) nor flee (2b is the silver's too, 2a holds its own
	// lance): the drop is illegal, and the 85 moves leave it out (TestUchifuzume).
	{name: "gentest-21", sfen: "7lk/9/8S/9/9/9/9/7L1/8K b P 1", want: []uint64{85, 639}},

	// WandererXII/shogiops test/fixtures/perftStandard.ts (depth 1, random game
	// positions), chosen for mates, checks and the largest counts.
	{name: "shogiops-mated", sfen: "1p2kg1n1/s+N1+P1s2l/5l2b/pB3pPP1/lP3N3/2NpSg1RL/+pS1P2+p2/3G5/4KG3 w R4P3p 116", want: []uint64{0}},
	{name: "shogiops-1", sfen: "6g2/1+N2lgs1l/l+Pkp+Bp2b/5P1p1/2pnP1PNp/2PP3P1/L3S2+n1/5RS2/2G1K1G1P w RS5P 80", want: []uint64{1}},
	{name: "shogiops-3a", sfen: "4gk3/2gs+P1pb1/1r2p1+Ppl/lp6p/1n3p1P1/2p2P2P/LPP1PSN1S/1S4GRL/1N4K2 w 3Pbgn 68", want: []uint64{3}},
	{name: "shogiops-3b", sfen: "1+P5+P1/lPpk1sgP1/2s1+P+P3/P7l/1p2+b1P1P/pBgg2Np1/+p5RnL/3K1+p3/6RN1 w SL2Pgsnp 150", want: []uint64{3}},
	{name: "shogiops-3c", sfen: "3k2b2/1r1s1g2l/l2gs2+P1/1P6P/p1ppB4/2GPPKgp1/l4PNPL/+nS4R2/NN4S2 b 6Pp 97", want: []uint64{3}},
	{name: "shogiops-6", sfen: "2p1g3b/3+P1ps2/+P2skg3/2PP1P1Pl/3n1LP2/1p1Gp3p/N3P1+n2/L1G2KSRL/1RBS5 b 4Pnp 111", want: []uint64{6}},
	{name: "shogiops-270", sfen: "3g4b/4gr2l/l1s3n2/1PPp1sksp/2pP1Pn1P/4p2p1/1+p1+p1+p2L/3G4K/2S1+p2NB w rgnl4p 130", want: []uint64{270}},
	{name: "shogiops-245", sfen: "6k2/2r2p3/2+Np+N+Pp1g/2sP5/2pg4L/1p+n1pL1p1/1+p4K2/+lR4S1p/B6G1 b BGS4Psnl3p 149", want: []uint64{245}},
	{name: "shogiops-227", sfen: "1nk1g4/1r4+P1+P/l2s3+P1/4p4/P1PPP2n1/2p2p3/+p+p3G3/1B2G3R/1+s2K1+b1L b GSL2Ps2nl4p 97", want: []uint64{227}},
	{name: "shogiops-222", sfen: "4p4/l+B1g1k2l/nn2s1bP1/1sP2P1R1/P1SpP1Rn1/3PG4/L+p3G1+p+p/5+l3/K1+p6 w Pgsn5p 144", want: []uint64{222}},
	{name: "shogiops-221a", sfen: "+P+R1+Lg1kn1/1+P1s3g1/5+P1+P1/Pp2gPnPl/L8/SPP2Sp2/+b2K1G1p1/4P4/5+p+pNL w NPrbs2p 148", want: []uint64{221}},
	{name: "shogiops-221b", sfen: "3p5/2s3k2/rp1s4l/2Pg1PgPL/3Pb4/N3pp3/L2+p5/P2N1R1SP/2BK1s3 w 3P2g2nl4p 134", want: []uint64{221}},
	{name: "shogiops-187", sfen: "rnpp2k1b/1+Ps1g3l/+L+P2pgn2/8p/PP3p2P/1G2Sn1pL/B1+pP1G+p2/4+n+p1+p1/+p1K6 b RSLPs 143", want: []uint64{187}},
	{name: "shogiops-161", sfen: "1pgkg4/l+N4s1l/n5+P1n/1Ps1p2pP/2p4N1/p2pP4/P+pS2K1Pp/LB4pGR/3GS3L b RB3P 81", want: []uint64{161}},
	{name: "shogiops-144", sfen: "2+P1gG2+P/1s+P3+R1n/n2l1s1Bp/1prk3P1/2p6/p3p2n1/N1K1B+p1p+l/L+lP4G1/2S3G1+p b S3P2p 147", want: []uint64{144}},
	{name: "shogiops-134", sfen: "5g1+Pb/L2s5/l4kNGN/l1gPp3P/lr2PpP1B/3N5/+p1G+n5/1+pps1S2R/+p7K w 2Ps5p 130", want: []uint64{134}},
	{name: "shogiops-95", sfen: "1r7/lpk4pg/4p1s1+P/2pp4l/1P1N2p2/3PK1n1p/+p3PR2L/L2GGp3/2S2S3 w BGS2N2Pb3p 122", want: []uint64{95}},
	{name: "shogiops-68", sfen: "p1g5p/Ps3rkb+P/4+Pgs2/+P1P1p2p1/1p3p1nl/l4S3/+nNNK2+p+p1/+l3PP1RL/B3G2S1 b Pg2p 133", want: []uint64{68}},
	{name: "shogiops-65", sfen: "2s1k1sn1/4g1gbl/l1+N1p3p/pp3r2P/5ppN1/PPpPP1r2/L1B2P1+pL/2G+p1K1P1/N1S2GS2 w 2p 70", want: []uint64{65}},
	{name: "shogiops-48", sfen: "lk3g1pG/rgsp1s3/2+Pl+N+P1PP/P2B1+N1+N1/3Pp4/2L1PPp1p/L+p1S1G1+p1/3S+n2+p1/2K2RB1+p w P 140", want: []uint64{48}},
	{name: "shogiops-47", sfen: "3gs1k2/l1r2b1sl/nPp+Pg2p1/4Pp3/p1P3pn1/Pp4P1p/3p+pP2N/LBGGp1RSL/1NS2K2P w - 68", want: []uint64{47}},
	{name: "shogiops-38", sfen: "2p1g1b1l/s3kPpns/2P6/3P1gP2/pp2P2np/lP3pRpR/1+pBpK1NPP/L3N1G1L/P2SGS3 b - 117", want: []uint64{38}},
}

// Budgets in leaf nodes: a depth runs when its count is at most the budget.
// -short keeps to small trees (also for -race); the default run stays a few
// seconds; SHINPAN_PERFT_DEEP=1 runs every listed depth (minutes).
const (
	perftShortBudget   = 1_000_000
	perftDefaultBudget = 60_000_000
)

func perftBudget() uint64 {
	switch {
	case os.Getenv("SHINPAN_PERFT_DEEP") != "":
		return ^uint64(0)
	case testing.Short():
		return perftShortBudget
	}
	return perftDefaultBudget
}

func pfPos(t testing.TB, sfen string) *Position {
	t.Helper()
	p, err := ParseSFEN(sfen)
	if err != nil {
		t.Fatalf("ParseSFEN(%q): %v", sfen, err)
	}
	return p
}

func TestPerftReference(t *testing.T) {
	budget := perftBudget()
	for _, r := range perftRefs {
		t.Run(r.name, func(t *testing.T) {
			t.Parallel()
			for d, want := range r.want {
				depth := d + 1
				if want > budget {
					t.Logf("depth %d (%d nodes) skipped: over the budget of %d (-short, or set SHINPAN_PERFT_DEEP=1)", depth, want, budget)
					continue
				}
				p := pfPos(t, r.sfen)
				before := p.SFEN()
				key := p.Key()
				if got := p.Perft(depth); got != want {
					t.Errorf("perft(%d) = %d, want %d\n  sfen %s", depth, got, want, r.sfen)
				}
				if p.SFEN() != before || p.Key() != key {
					t.Errorf("perft(%d) left the position changed: %s (key %x), was %s (key %x)", depth, p.SFEN(), p.Key(), before, key)
				}
			}
		})
	}
}

// The start position: 87flowers/Lebensblume tests/perft.cpp and liamt19/Peeper
// Logic/Util/PerftData.cs (depths 1-7); WandererXII/shogiops
// test/variant/shogi.test.ts (depths 1-4). Depths 1-4 run always, 5 unless
// -short, 6 only with SHINPAN_PERFT_DEEP=1.
func TestPerftStartpos(t *testing.T) {
	want := []uint64{1, 30, 900, 25470, 719731, 19861490, 547581517}
	p := Startpos()
	for d, n := range want {
		if d == 5 && testing.Short() {
			t.Log("depth 5 left out under -short")
			break
		}
		if d == 6 && os.Getenv("SHINPAN_PERFT_DEEP") == "" {
			t.Log("depth 6 left out (set SHINPAN_PERFT_DEEP=1)")
			break
		}
		if got := p.Perft(d); got != n {
			t.Fatalf("startpos perft(%d) = %d, want %d", d, got, n)
		}
	}
	if p.SFEN() != StartSFEN {
		t.Fatalf("perft left %s", p.SFEN())
	}
}

// refSFEN returns the SFEN of the named reference position.
func refSFEN(name string) string {
	for _, r := range perftRefs {
		if r.name == name {
			return r.sfen
		}
	}
	panic("no reference position " + name)
}

func TestDivideSumsToPerft(t *testing.T) {
	for _, sfen := range []string{StartSFEN, refSFEN("matsuri"), "7lk/9/8S/9/9/9/9/7L1/8K b P 1"} {
		p := pfPos(t, sfen)
		var sum uint64
		for _, n := range p.Divide(2) {
			sum += n
		}
		if got := p.Perft(2); sum != got {
			t.Errorf("%s: divide(2) sums to %d, perft(2) = %d", sfen, sum, got)
		}
	}
}

func TestUchifuzume(t *testing.T) {
	p := pfPos(t, "7lk/9/8S/9/9/9/9/7L1/8K b P 1")
	drop := NewDrop(Pawn, Sq(1, 2))
	if p.IsLegal(drop) {
		t.Fatalf("P*1b is pawn-drop mate and must be illegal")
	}
	if !p.IsPseudoLegal(drop) {
		t.Fatalf("P*1b must stay pseudo-legal (PseudoMoves ignores uchifuzume)")
	}
	// Without the silver the king takes the pawn: the drop is a plain check.
	q := p.Clone()
	q.Put(Sq(1, 3), NoPiece)
	if !q.IsLegal(drop) {
		t.Fatalf("P*1b without the guarding silver must be legal")
	}

	// P*5b against the king on 5a, boxed in by its own lance, gold and pawns.
	for _, c := range []struct {
		sfen  string
		legal bool
		why   string
	}{
		{"3lkg2R/3p1p3/4G4/9/9/9/9/9/4K4 b P 1", false, "the gold on 4a could take, but the rook on 1a pins it"},
		{"3lkg3/3p1p3/4G4/9/9/9/9/9/4K4 b P 1", true, "the unpinned gold on 4a takes the pawn"},
		{"3lkg3/3p1p3/9/9/4L4/9/9/9/4K4 b P 1", true, "the gold takes; the lance behind does not matter"},
		{"3lk1l2/3p1p3/4G4/9/9/9/9/9/4K4 b P 1", true, "the king steps to 4a"},
		{"3lkg3/3p1p3/9/9/9/9/9/9/4K4 b P 1", true, "the king or the gold takes the undefended pawn"},
		{"2Blkg2R/3p1p3/4G4/9/9/9/9/9/4K4 b P 1", false, "as the first, with a black bishop on 7a beside the lance"},
		{"3lkl3/3p1g3/4G4/7B1/9/9/9/9/4K4 b P 1", false, "the gold on 4b could take, but the bishop on 2d pins it"},
		{"3lkl3/3p1g3/4G4/9/9/9/9/9/4K4 b P 1", true, "the gold on 4b takes"},
		{"3lkl3/3p1p3/9/9/4L4/9/9/9/4K4 b P 1", false, "the king cannot take: the lance on 5e guards 5b through the pawn's square"},
	} {
		p := pfPos(t, c.sfen)
		if got := p.IsLegal(NewDrop(Pawn, Sq(5, 2))); got != c.legal {
			t.Errorf("%s: P*5b legal = %v, want %v (%s)", c.sfen, got, c.legal, c.why)
		}
		if got := p.LegalReason(NewDrop(Pawn, Sq(5, 2))) == Uchifuzume; got == c.legal {
			t.Errorf("%s: LegalReason uchifuzume = %v, want %v", c.sfen, got, !c.legal)
		}
	}
}

// TestAttacksAgainstStepping compares Attacks for every piece on every square
// with square-by-square stepping, over random occupancies of every density.
func TestAttacksAgainstStepping(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 81))
	for i := 0; i < 300; i++ {
		var occ Bitboard
		density := rng.IntN(100)
		for s := Square(0); s < NumSquares; s++ {
			if rng.IntN(100) < density {
				occ.Set(s)
			}
		}
		for s := Square(0); s < NumSquares; s++ {
			for c := Black; c <= White; c++ {
				for k := Pawn; k < NumKinds; k++ {
					pc := MakePiece(c, k)
					if got, want := Attacks(pc, s, occ), steppedAttacks(pc, s, occ); got != want {
						t.Fatalf("Attacks(%s, %s) with occupancy %v:\n got %v\nwant %v", pc, s, occ.Squares(), got.Squares(), want.Squares())
					}
				}
			}
		}
	}
}

// steppedAttacks walks each of pc's steps from s, a slider up to and including
// the first square of occ.
func steppedAttacks(pc Piece, s Square, occ Bitboard) Bitboard {
	sign := 1
	if pc.Color() == White {
		sign = -1
	}
	var b Bitboard
	for _, st := range naiveMoves[pc.Kind()] {
		f, r := s.File(), s.Rank()
		for {
			f, r = f+st.df*sign, r+st.dr*sign
			if f < 1 || f > 9 || r < 1 || r > 9 {
				break
			}
			b.Set(Sq(f, r))
			if !st.slide || occ.Has(Sq(f, r)) {
				break
			}
		}
	}
	return b
}

// ---- A slow, independent reference generator for differential tests. ----

type naiveStep struct {
	df, dr int
	slide  bool
}

var naiveMoves = func() [NumKinds][]naiveStep {
	var m [NumKinds][]naiveStep
	gold := []naiveStep{{0, -1, false}, {1, -1, false}, {-1, -1, false}, {1, 0, false}, {-1, 0, false}, {0, 1, false}}
	diag := []naiveStep{{1, -1, true}, {-1, -1, true}, {1, 1, true}, {-1, 1, true}}
	orth := []naiveStep{{0, -1, true}, {0, 1, true}, {1, 0, true}, {-1, 0, true}}
	m[Pawn] = []naiveStep{{0, -1, false}}
	m[Lance] = []naiveStep{{0, -1, true}}
	m[Knight] = []naiveStep{{1, -2, false}, {-1, -2, false}}
	m[Silver] = []naiveStep{{0, -1, false}, {1, -1, false}, {-1, -1, false}, {1, 1, false}, {-1, 1, false}}
	m[Gold], m[ProPawn], m[ProLance], m[ProKnight], m[ProSilver] = gold, gold, gold, gold, gold
	m[King] = []naiveStep{{0, -1, false}, {1, -1, false}, {-1, -1, false}, {1, 0, false}, {-1, 0, false}, {0, 1, false}, {1, 1, false}, {-1, 1, false}}
	m[Bishop] = diag
	m[Rook] = orth
	m[Horse] = append(slices.Clone(diag), naiveStep{0, -1, false}, naiveStep{0, 1, false}, naiveStep{1, 0, false}, naiveStep{-1, 0, false})
	m[Dragon] = append(slices.Clone(orth), naiveStep{1, -1, false}, naiveStep{-1, -1, false}, naiveStep{1, 1, false}, naiveStep{-1, 1, false})
	return m
}()

// naiveReach lists the squares the piece on from reaches: sliders stop at the
// first piece (included); squares with a piece of the mover's colour are left out.
func naiveReach(p *Position, from Square) []Square {
	pc := p.At(from)
	c := pc.Color()
	sign := 1
	if c == White {
		sign = -1
	}
	var out []Square
	for _, st := range naiveMoves[pc.Kind()] {
		f, r := from.File(), from.Rank()
		for {
			f, r = f+st.df*sign, r+st.dr*sign
			if f < 1 || f > 9 || r < 1 || r > 9 {
				break
			}
			t := Sq(f, r)
			if q := p.At(t); q != NoPiece {
				if q.Color() != c {
					out = append(out, t)
				}
				break
			}
			out = append(out, t)
			if !st.slide {
				break
			}
		}
	}
	return out
}

func naiveAttacked(p *Position, s Square, by Color) bool {
	for from := Square(0); from < NumSquares; from++ {
		pc := p.At(from)
		if pc == NoPiece || pc.Color() != by {
			continue
		}
		// naiveReach leaves out own pieces; s holds a piece of the other side or
		// nothing whenever this is asked.
		if slices.Contains(naiveReach(p, from), s) {
			return true
		}
	}
	return false
}

func naiveKing(p *Position, c Color) Square {
	k := NoSquare
	for s := Square(0); s < NumSquares; s++ {
		if p.At(s) == MakePiece(c, King) {
			if k != NoSquare {
				return NoSquare
			}
			k = s
		}
	}
	return k
}

// naivePseudo lists the moves by piece movement, promotion and the drop rules,
// without king safety or uchifuzume, in the generators' documented order: pieces
// by ascending square, destinations ascending, promotion first; with kingLast the
// king of a side with exactly one king comes after the other pieces; then drops
// by kind and square (unless drops is false).
func naivePseudo(p *Position, drops, kingLast bool) []Move {
	us := p.SideToMove()
	var out []Move
	board := func(from Square) {
		k := p.At(from).Kind()
		to := naiveReach(p, from)
		slices.Sort(to)
		for _, to := range to {
			if k.CanPromote() && (from.InZone(us) || to.InZone(us)) {
				out = append(out, NewMove(from, to, true))
			}
			if !deadSquareNaive(us, k, to) {
				out = append(out, NewMove(from, to, false))
			}
		}
	}
	ksq := NoSquare
	if kingLast {
		ksq = naiveKing(p, us)
	}
	for from := Square(0); from < NumSquares; from++ {
		if pc := p.At(from); pc != NoPiece && pc.Color() == us && from != ksq {
			board(from)
		}
	}
	if ksq != NoSquare {
		board(ksq)
	}
	if !drops {
		return out
	}
	for k := Pawn; k <= King; k++ {
		if p.HandCount(us, k) == 0 {
			continue
		}
		for to := Square(0); to < NumSquares; to++ {
			if p.At(to) != NoPiece || deadSquareNaive(us, k, to) {
				continue
			}
			if k == Pawn {
				nifu := false
				for r := 1; r <= 9; r++ {
					if p.At(Sq(to.File(), r)) == MakePiece(us, Pawn) {
						nifu = true
					}
				}
				if nifu {
					continue
				}
			}
			out = append(out, NewDrop(k, to))
		}
	}
	return out
}

func deadSquareNaive(c Color, k Kind, s Square) bool {
	rel := s.Rank()
	if c == White {
		rel = 10 - rel
	}
	switch k {
	case Pawn, Lance:
		return rel == 1
	case Knight:
		return rel <= 2
	}
	return false
}

// naiveLegal filters naivePseudo by king safety (for a side with exactly one
// king) and uchifuzume.
func naiveLegal(p *Position) []Move {
	us, them := p.SideToMove(), p.SideToMove().Opp()
	var out []Move
	for _, m := range naivePseudo(p, true, true) {
		q := p.Do(m)
		if k := naiveKing(q, us); k != NoSquare && naiveAttacked(q, k, them) {
			continue
		}
		if m.IsDrop() && m.DropKind() == Pawn {
			if ek := naiveKing(q, them); ek != NoSquare && naiveAttacked(q, ek, us) && naiveStepFront(us, m.To()) == ek {
				// A drop cannot answer a pawn's check: only board moves can.
				if !naiveHasLegalBoardMove(q) {
					continue
				}
			}
		}
		out = append(out, m)
	}
	return out
}

func naiveStepFront(c Color, s Square) Square {
	r := s.Rank() - 1
	if c == White {
		r = s.Rank() + 1
	}
	if r < 1 || r > 9 {
		return NoSquare
	}
	return Sq(s.File(), r)
}

func naiveHasLegalBoardMove(p *Position) bool {
	us, them := p.SideToMove(), p.SideToMove().Opp()
	for _, m := range naivePseudo(p, false, false) {
		q := p.Do(m)
		if k := naiveKing(q, us); k == NoSquare || !naiveAttacked(q, k, them) {
			return true
		}
	}
	return false
}

func sortedMoves(ms []Move) []Move {
	out := slices.Clone(ms)
	slices.Sort(out)
	return out
}

// diffMoves says how got differs from want, order included ("" when equal).
func diffMoves(got, want []Move) string {
	if slices.Equal(got, want) {
		return ""
	}
	g, w := sortedMoves(got), sortedMoves(want)
	var extra, missing []string
	for _, m := range g {
		if _, ok := slices.BinarySearch(w, m); !ok {
			extra = append(extra, m.USI())
		}
	}
	for _, m := range w {
		if _, ok := slices.BinarySearch(g, m); !ok {
			missing = append(missing, m.USI())
		}
	}
	if len(extra) == 0 && len(missing) == 0 {
		if len(g) != len(w) {
			return fmt.Sprintf("duplicates: got %d moves, want %d", len(g), len(w))
		}
		return fmt.Sprintf("same moves in another order: got %v, want %v", got, want)
	}
	return fmt.Sprintf("extra %v, missing %v", extra, missing)
}

// withoutEnemy returns p with every piece of the side not to move removed.
func withoutEnemy(p *Position) *Position {
	q := p.Clone()
	them := p.SideToMove().Opp()
	for s := Square(0); s < NumSquares; s++ {
		if pc := q.At(s); pc != NoPiece && pc.Color() == them {
			q.Put(s, NoPiece)
		}
	}
	return q
}

// TestGeneratorsAgainstNaive plays seeded random games from the reference
// positions and compares LegalMoves, PseudoMoves and OwnBoardMoves (order
// included: callers may rely on it, e.g. seeded random players), InCheck and
// the incremental key with the slow reference at every ply.
func TestGeneratorsAgainstNaive(t *testing.T) {
	games, plies := 3, 80
	if testing.Short() {
		games, plies = 1, 40
	}
	starts := []string{
		StartSFEN,
		refSFEN("matsuri"),
		refSFEN("max-moves"),
		refSFEN("kings-and-hands"),
		refSFEN("lebensblume-124"),
		refSFEN("pawns-in-hand"),
		"7lk/9/8S/9/9/9/9/7L1/8K b P 1",
		"3rkr3/9/8p/4N4/1B7/9/1SG6/1KS6/9 b LPp 1", // uchifuzume with pins about
		"9/9/2B3B2/9/4k4/9/9/9/8K w - 1",           // two bishops eyeing the king
		"4k4/4g4/9/4L4/9/9/9/4K4/9 w - 1",          // pinned gold, lance
		"l3k3l/9/9/9/4r4/9/4G4/4K4/9 b - 1",        // pinned gold on a file
		"8k/9/9/9/4K4/9/9/9/8b w 2P2p 1",           // lone pieces, drops
		"4k4/9/9/9/9/9/9/9/4K4 b Rrbgsnl2p 1",      // pieces in hand, empty board
		"ln1g1g1nl/1ks2r3/1pppp1bpp/p3spp2/9/P1P1SP1P1/1PBPP1P1P/3R1SK2/LN1G1G1NL b - 1", // quiet middlegame
	}
	rng := rand.New(rand.NewPCG(2, 14))
	var buf [MaxMoves]Move
	for _, start := range starts {
		for g := 0; g < games; g++ {
			p := pfPos(t, start)
			for ply := 0; ply < plies; ply++ {
				legal := p.LegalMoves(buf[:0])
				if d := diffMoves(legal, naiveLegal(p)); d != "" {
					t.Fatalf("LegalMoves differs at %s: %s", p.SFEN(), d)
				}
				if d := diffMoves(p.PseudoMoves(nil), naivePseudo(p, true, false)); d != "" {
					t.Fatalf("PseudoMoves differs at %s: %s", p.SFEN(), d)
				}
				if d := diffMoves(p.OwnBoardMoves(nil), naivePseudo(withoutEnemy(p), true, false)); d != "" {
					t.Fatalf("OwnBoardMoves differs at %s: %s", p.SFEN(), d)
				}
				us := p.SideToMove()
				k := naiveKing(p, us)
				if want := k != NoSquare && naiveAttacked(p, k, us.Opp()); p.InCheck() != want {
					t.Fatalf("InCheck = %v, want %v at %s", p.InCheck(), want, p.SFEN())
				}
				if fresh := pfPos(t, p.SFEN()); fresh.Key() != p.Key() {
					t.Fatalf("incremental key %x, fresh key %x at %s", p.Key(), fresh.Key(), p.SFEN())
				}
				if len(legal) == 0 {
					break
				}
				m := legal[rng.IntN(len(legal))]
				before, key := p.SFEN(), p.Key()
				u := p.MakeMove(m)
				// Every move must come back cleanly, then we play it for real.
				p.UnmakeMove(m, u)
				if p.SFEN() != before || p.Key() != key {
					t.Fatalf("make/unmake %s changed %s into %s", m, before, p.SFEN())
				}
				p.MakeMove(m)
			}
		}
	}
}
