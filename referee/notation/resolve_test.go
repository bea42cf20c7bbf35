package notation

import (
	"errors"
	"strings"
	"testing"

	"shinpan/internal/testkit"
	"shinpan/referee/shogi"
)

const (
	start = "startpos"
	// After 7g7f 3c3d: the bishops see each other.
	bishops = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"
	// After 7g7f 3c3d 8h2b+: White takes back on 2b.
	takeBack = "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4"
	// Black golds 6f 5f 4f; White golds 6d 5d 4d (mirror).
	blackGolds3 = "4k4/9/9/9/9/3GGG3/9/9/4K4 b - 1"
	whiteGolds3 = "4k4/9/9/3ggg3/9/9/9/9/4K4 w - 1"
	// Gold 5d (moves back to 5e) and 6f (moves up).
	goldsUpBack = "4k4/9/9/4G4/9/3G5/9/9/4K4 b - 1"
	whiteUpBack = "4k4/9/9/3g5/9/4g4/9/9/4K4 w - 1"
	// Gold 6e (sideways to 5e) and 4f (up).
	goldsSide = "4k4/9/9/9/3G5/5G3/9/9/4K4 b - 1"
	// Golds 6f, 6e, 5f to 5e: 左上, 寄, 直.
	goldsCombo = "4k4/9/9/9/3G5/3GG4/9/9/4K4 b - 1"
	whiteCombo = "4k4/9/9/4gg3/5g3/9/9/9/4K4 w - 1"
	// Silvers 6d (back), 6f and 4f (up) to 5e: 引, 左上, 右.
	silvers = "4k4/9/9/3S5/9/3S1S3/9/9/4K4 b - 1"
	// Silvers 6f 5f to 5e: 左 and 直.
	silvers2 = "4k4/9/9/9/9/3SS4/9/9/4K4 b - 1"
	knights  = "4k4/9/9/9/9/9/3N1N3/9/4K4 b - 1"
	// Dragons 1c and 2b to 2d: 右 and 左 (both move back).
	dragons      = "4k4/7+R1/8+R/9/9/9/9/9/4K4 b - 1"
	whiteDragons = "4k4/9/9/9/9/9/+r8/1+r7/4K4 w - 1"
	horses       = "+B+B2k4/9/9/9/9/9/9/9/4K4 b - 1"
	rooks        = "4k4/9/9/9/R7R/9/9/9/4K4 b - 1"
	// Gold 5h is pinned by the rook on 5a; gold 3h is free.
	pinned = "k3r4/9/9/9/9/9/9/4G1G2/4K4 b - 1"
	// Gold 5h on the board, gold in hand.
	goldHand = "4k4/9/9/9/9/9/9/4G4/4K4 b G 1"
	// Black pawn 7d may promote on 7c; pawn 3b must promote on 3a.
	pawnZone = "4k4/6P2/9/2P6/9/9/9/9/4K4 b - 1"
	promoted = "4k4/9/9/4+P4/4+S4/2+N3+L2/9/9/4K4 b - 1"
	sliders  = "4k4/9/9/9/9/1+B5+R1/9/9/4K4 b - 1"
	kingHand = "4k4/9/9/9/9/9/9/9/9 b K 1"
)

type want struct {
	usi  string    // the move, or "" for an error
	kind ErrorKind // the error kind when usi is ""
}

func ok(usi string) want   { return want{usi: usi} }
func bad(k ErrorKind) want { return want{kind: k} }
func lastSq(s string) shogi.Square {
	if s == "" {
		return shogi.NoSquare
	}
	sq, err := ParseSquare(s)
	if err != nil {
		panic(err)
	}
	return sq
}

func TestResolve(t *testing.T) {
	cases := []struct {
		sfen, last, text string
		want             want
	}{
		// Every notation for 7g7f from the start.
		{start, "", "76歩", ok("7g7f")},
		{start, "", "７六歩", ok("7g7f")},
		{start, "", "7六歩", ok("7g7f")},
		{start, "", "七六歩", ok("7g7f")},
		{start, "", "▲７六歩", ok("7g7f")},
		{start, "", "☗76歩", ok("7g7f")},
		{start, "", "  ７六 歩\u3000", ok("7g7f")},
		// Invisible format characters (a zero-width space, a BOM, a direction
		// mark) are not read, as the refusal's quote (Echo) does not show them.
		{start, "", "7g\u200b7f", ok("7g7f")},
		{start, "", "\ufeff７六歩", ok("7g7f")},
		{start, "", "P-7f\u200e", ok("7g7f")},
		{start, "", "7g7f\u202e", ok("7g7f")},
		{start, "", "７六歩(77)", ok("7g7f")},
		{start, "", "７六歩（７７）", ok("7g7f")},
		{start, "", "7f歩", ok("7g7f")},
		{start, "", "P-7f", ok("7g7f")},
		{start, "", "P7f", ok("7g7f")},
		{start, "", "p-7f", ok("7g7f")},
		{start, "", "P-76", ok("7g7f")},
		{start, "", "P7g-7f", ok("7g7f")},
		{start, "", "P77-76", ok("7g7f")},
		{start, "", "Ｐ－７ｆ", ok("7g7f")},
		{start, "", "P−7f", ok("7g7f")},
		{start, "", "ｐー７ｆ", ok("7g7f")},  // a Japanese IME's kana mode: - is ー
		{start, "", "7g7f.", ok("7g7f")}, // a phone's full stop (two spaces)
		{start, "", "P-7f.", ok("7g7f")},
		{start, "", "７六歩。", ok("7g7f")},
		{start, "", "７六歩！", ok("7g7f")},
		{start, "", ".", bad(Unparsable)},
		{start, "", "７ｇー７ｆ", ok("7g7f")},
		{start, "", "7g7f", ok("7g7f")},
		{start, "", "7G7F", ok("7g7f")},
		{start, "", "７ｇ７ｆ", ok("7g7f")},
		{start, "", "7g-7f", ok("7g7f")},
		{start, "", "7f", ok("7g7f")},
		{start, "", "76", ok("7g7f")},
		{start, "", "７六", ok("7g7f")},
		{start, "", "+7776FU", ok("7g7f")},
		{start, "", "7776fu", ok("7g7f")},
		{start, "", "P-7f!", ok("7g7f")},
		// Two golds can reach 5h: ambiguity, origins and 右/左.
		{start, "", "G-5h", bad(Ambiguous)},
		{start, "", "58金", bad(Ambiguous)},
		{start, "", "G6i-5h", ok("6i5h")},
		{start, "", "G69-58", ok("6i5h")},
		{start, "", "g4i5h", ok("4i5h")},
		{start, "", "５八金右", ok("4i5h")},
		{start, "", "5八金左", ok("6i5h")},
		{start, "", "５八金上", bad(Ambiguous)},
		{start, "", "５八金引", bad(NoSuchMove)},
		{start, "", "58金(49)", ok("4i5h")},
		{start, "", "+6958KI", ok("6i5h")},
		{start, "", "K-5h", ok("5i5h")},
		{start, "", "58玉", ok("5i5h")},
		{start, "", "58王", ok("5i5h")},
		{start, "", "78銀", ok("7i7h")},
		{start, "", "S-7h", ok("7i7h")},
		{start, "", "R-5h", ok("2h5h")},
		{start, "", "58飛", ok("2h5h")},
		{start, "", "5h", bad(Ambiguous)},
		// Nothing fits.
		{start, "", "P-7e", bad(NoSuchMove)},
		{start, "", "G-5e", bad(NoSuchMove)},
		{start, "", "B-7g", bad(NoSuchMove)},
		{start, "", "P*5e", bad(NoSuchMove)},
		{start, "", "55歩打", bad(NoSuchMove)},
		{start, "", "7g7e", bad(NoSuchMove)},
		{start, "", "+7776KI", bad(NoSuchMove)},
		{start, "", "76歩(66)", bad(NoSuchMove)},
		{start, "", "P-7f+", bad(NoSuchMove)},
		{start, "", "７六歩成", bad(NoSuchMove)},
		{start, "", "7g7f+", bad(NoSuchMove)},
		{start, "", "同歩", bad(NoSuchMove)},
		// Not a move at all.
		{start, "", "hello", bad(Unparsable)},
		{start, "", "", bad(Unparsable)},
		{start, "", "   ", bad(Unparsable)},
		{start, "", "▲", bad(Unparsable)},
		{start, "", "76歩歩", bad(Unparsable)},
		{start, "", "76歩右右", bad(Unparsable)},
		{start, "", "76歩成不成", bad(Unparsable)},
		{start, "", "P-7f-", bad(Unparsable)},
		{start, "", "+G-5h", bad(Unparsable)},
		{start, "", "7j", bad(Unparsable)},
		{start, "", "07歩", bad(Unparsable)},
		{start, "", "P*", bad(Unparsable)},
		{start, "", "G6i*5h", bad(Unparsable)},
		{start, "", "7g7g", bad(Unparsable)},
		{start, "", "x", bad(Unparsable)},
		{start, "", "76歩打(77)", bad(Unparsable)},
		{start, "", strings.Repeat("7", 200), bad(Unparsable)},
		// White, and 同.
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2", "", "P-3d", ok("3c3d")},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2", "", "☖３四歩", ok("3c3d")},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2", "", "-3334FU", ok("3c3d")},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2", "", "3c3d", ok("3c3d")},
		{takeBack, "2b", "同銀", ok("3a2b")},
		{takeBack, "2b", "同　銀", ok("3a2b")},
		{takeBack, "2b", "同 銀", ok("3a2b")},
		{takeBack, "2b", "☖同　銀", ok("3a2b")},
		{takeBack, "2b", "同　銀(31)", ok("3a2b")},
		{takeBack, "2b", "22銀", ok("3a2b")},
		{takeBack, "2b", "同飛", ok("8b2b")},
		{takeBack, "2b", "同", bad(Ambiguous)},
		{takeBack, "", "同銀", bad(NoSuchMove)},
		{takeBack, "2b", "Sx2b", ok("3a2b")},
		{takeBack, "2b", "S-2b", ok("3a2b")},
		// Promotion: stated, missing, forced, forbidden.
		{bishops, "", "Bx2b+", ok("8h2b+")},
		{bishops, "", "Bx2b=", ok("8h2b")},
		{bishops, "", "B-2b=", ok("8h2b")},
		{bishops, "", "Bx2b", bad(PromotionUnstated)},
		{bishops, "", "22角", bad(PromotionUnstated)},
		{bishops, "", "2b", bad(PromotionUnstated)},
		{bishops, "", "22角成", ok("8h2b+")},
		{bishops, "", "22角成り", ok("8h2b+")},
		{bishops, "", "22角不成", ok("8h2b")},
		{bishops, "", "22角生", ok("8h2b")},
		{bishops, "", "２二角成(88)", ok("8h2b+")},
		{bishops, "", "２二角(88)", bad(PromotionUnstated)},
		{bishops, "", "8h2b", ok("8h2b")},
		{bishops, "", "8h2b+", ok("8h2b+")},
		{bishops, "", "+8822UM", ok("8h2b+")},
		{bishops, "", "+8822KA", ok("8h2b")},
		{pawnZone, "", "7c", bad(PromotionUnstated)},
		{pawnZone, "", "P-7c+", ok("7d7c+")},
		{pawnZone, "", "73歩不成", ok("7d7c")},
		{pawnZone, "", "3a", ok("3b3a+")},
		{pawnZone, "", "P-3a", ok("3b3a+")},
		{pawnZone, "", "31歩", ok("3b3a+")},
		{pawnZone, "", "31歩成", ok("3b3a+")},
		{pawnZone, "", "P-3a=", bad(NoSuchMove)},
		{pawnZone, "", "31歩不成", bad(NoSuchMove)},
		{pawnZone, "", "3b3a", bad(NoSuchMove)},
		{pawnZone, "", "3b3a+", ok("3b3a+")},
		// Drops: 打 needed only when a board piece could also go there.
		{goldHand, "", "G-5g", ok("5h5g")},
		{goldHand, "", "57金", ok("5h5g")},
		{goldHand, "", "G*5g", ok("G*5g")},
		{goldHand, "", "G'5g", ok("G*5g")},
		{goldHand, "", "g*5g", ok("G*5g")},
		{goldHand, "", "57金打", ok("G*5g")},
		{goldHand, "", "G-5c", ok("G*5c")},
		{goldHand, "", "G5c", ok("G*5c")},
		{goldHand, "", "53金", ok("G*5c")},
		{goldHand, "", "53金打", ok("G*5c")},
		{goldHand, "", "+0053KI", ok("G*5c")},
		{goldHand, "", "G5h-5g", ok("5h5g")},
		{goldHand, "", "57金上", ok("5h5g")},
		{goldHand, "", "G*5g+", bad(NoSuchMove)},
		{goldHand, "", "S*5g", bad(NoSuchMove)},
		{kingHand, "", "K*5e", ok("K*5e")},
		{kingHand, "", "55玉", ok("K*5e")},
		// 右左直 for Black and mirrored for White.
		{blackGolds3, "", "55金左", ok("6f5e")},
		{blackGolds3, "", "55金直", ok("5f5e")},
		{blackGolds3, "", "55金右", ok("4f5e")},
		{blackGolds3, "", "55金", bad(Ambiguous)},
		{blackGolds3, "", "55金上", bad(Ambiguous)},
		{blackGolds3, "", "55金行", bad(Ambiguous)},
		{blackGolds3, "", "G6f-5e", ok("6f5e")},
		{whiteGolds3, "", "55金左", ok("4d5e")},
		{whiteGolds3, "", "55金直", ok("5d5e")},
		{whiteGolds3, "", "55金右", ok("6d5e")},
		{whiteGolds3, "", "☖５五金右", ok("6d5e")},
		// 上 and 引, 寄.
		{goldsUpBack, "", "55金上", ok("6f5e")},
		{goldsUpBack, "", "55金行", ok("6f5e")},
		{goldsUpBack, "", "55金引", ok("5d5e")},
		{goldsUpBack, "", "55金寄", bad(NoSuchMove)},
		{whiteUpBack, "", "55金上", ok("6d5e")},
		{whiteUpBack, "", "55金引", ok("5f5e")},
		{goldsSide, "", "55金寄", ok("6e5e")},
		{goldsSide, "", "55金上", ok("4f5e")},
		// Both words: 左上.
		{goldsCombo, "", "55金左上", ok("6f5e")},
		{goldsCombo, "", "55金上左", ok("6f5e")},
		{goldsCombo, "", "55金寄", ok("6e5e")},
		{goldsCombo, "", "55金直", ok("5f5e")},
		{goldsCombo, "", "55金左", bad(Ambiguous)},
		{goldsCombo, "", "55金上", bad(Ambiguous)},
		{whiteCombo, "", "55金左上", ok("4d5e")},
		{whiteCombo, "", "55金寄", ok("4e5e")},
		{whiteCombo, "", "55金直", ok("5d5e")},
		// Silvers.
		{silvers, "", "55銀引", ok("6d5e")},
		{silvers, "", "55銀左上", ok("6f5e")},
		{silvers, "", "55銀右", ok("4f5e")},
		{silvers, "", "55銀左", bad(Ambiguous)},
		{silvers2, "", "55銀直", ok("5f5e")},
		{silvers2, "", "55銀左", ok("6f5e")},
		{silvers2, "", "55銀右", ok("5f5e")}, // read leniently: the right one of the two
		// Knights.
		{knights, "", "55桂左", ok("6g5e")},
		{knights, "", "55桂右", ok("4g5e")},
		{knights, "", "N6g-5e", ok("6g5e")},
		{knights, "", "55桂", bad(Ambiguous)},
		// Dragons and horses: left/right of each other.
		{dragons, "", "２四竜右", ok("1c2d")},
		{dragons, "", "２四竜左", ok("2b2d")},
		{dragons, "", "24龍左", ok("2b2d")},
		{dragons, "", "24竜引", bad(Ambiguous)},
		{dragons, "", "+R1c-2d", ok("1c2d")},
		{dragons, "", "+R-2d", bad(Ambiguous)},
		{whiteDragons, "", "８六竜右", ok("9g8f")},
		{whiteDragons, "", "８六竜左", ok("8h8f")},
		{horses, "", "８二馬左", ok("9a8b")},
		{horses, "", "８二馬右", ok("8a8b")},
		{rooks, "", "55飛左", ok("9e5e")},
		{rooks, "", "55飛右", ok("1e5e")},
		{rooks, "", "55飛寄", bad(Ambiguous)},
		// Only candidates count: the pinned gold is not one (open shogi).
		{pinned, "", "47金", ok("3h4g")},
		{pinned, "", "G-4g", ok("3h4g")},
		// Promoted pieces.
		{promoted, "", "53と", ok("5d5c")},
		{promoted, "", "+P-5c", ok("5d5c")},
		{promoted, "", "T-5c", ok("5d5c")},
		{promoted, "", "44成銀", ok("5e4d")},
		{promoted, "", "44全", ok("5e4d")},
		{promoted, "", "+S-4d", ok("5e4d")},
		{promoted, "", "65成桂", ok("7f6e")},
		{promoted, "", "65圭", ok("7f6e")},
		{promoted, "", "35成香", ok("3f3e")},
		{promoted, "", "35杏", ok("3f3e")},
		{promoted, "", "+L-3e", ok("3f3e")},
		{promoted, "", "53銀", bad(NoSuchMove)},
		{sliders, "", "53馬", ok("8f5c")},
		{sliders, "", "+B-5c", ok("8f5c")},
		{sliders, "", "25竜", ok("2f2e")},
		{sliders, "", "25龍", ok("2f2e")},
		{sliders, "", "25竜王", ok("2f2e")},
		{sliders, "", "+R-2e", ok("2f2e")},
	}
	for _, c := range cases {
		p := testkit.SFEN(t, c.sfen)
		cands := p.LegalMoves(nil)
		if c.sfen == kingHand {
			cands = p.PseudoMoves(nil)
		}
		m, err := Resolve(p, c.text, cands, lastSq(c.last))
		if c.want.usi != "" {
			if err != nil || m.USI() != c.want.usi {
				t.Errorf("%s %q: got %v, %v; want %s", c.sfen, c.text, m, err, c.want.usi)
			}
			continue
		}
		var re *ResolveError
		if !errors.As(err, &re) || re.Kind != c.want.kind {
			t.Errorf("%s %q: got %v, %v; want a %s error", c.sfen, c.text, m, err, c.want.kind)
			continue
		}
		// Every move an error names resolves to itself.
		for i, w := range re.Written {
			if got, err := Resolve(p, w, cands, lastSq(c.last)); err != nil || got != re.Moves[i] {
				t.Errorf("%s %q: listed %q resolves to %v, %v; want %v", c.sfen, c.text, w, got, err, re.Moves[i])
			}
		}
	}
}

// TestSideMark: a leading ▲☗ or △☖ naming the side to move is read past; one
// naming the other side is refused, whatever the rest of the text says.
func TestSideMark(t *testing.T) {
	p := testkit.SFEN(t, shogi.StartSFEN)
	after := testkit.SFEN(t, "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2")
	for _, c := range []struct {
		p    *shogi.Position
		text string
		want string // the move, or "" for the other-side refusal
	}{
		{p, "▲７六歩", "7g7f"}, {p, "☗7g7f", "7g7f"}, {p, " ▲ P-7f", "7g7f"}, {p, "７六歩", "7g7f"},
		{p, "△７六歩", ""}, {p, "☖7g7f", ""},
		{after, "△３四歩", "3c3d"}, {after, "☖3c3d", "3c3d"}, {after, "▲３四歩", ""},
	} {
		m, err := Resolve(c.p, c.text, c.p.LegalMoves(nil), shogi.NoSquare)
		if c.want != "" {
			if err != nil || m.USI() != c.want {
				t.Errorf("%q: %v %v, want %s", c.text, m, err, c.want)
			}
			continue
		}
		var re *ResolveError
		if !errors.As(err, &re) || re.Kind != NoSuchMove || re.Detail.Code != DetailOtherSide {
			t.Errorf("%q: %v %v, want the other-side refusal", c.text, m, err)
		}
	}
}
