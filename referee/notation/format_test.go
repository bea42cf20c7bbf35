package notation

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"shinpan/internal/testkit"
	"shinpan/referee/shogi"
)

func TestFormat(t *testing.T) {
	cases := []struct {
		sfen, last, usi             string
		western, japanese, kif, csa string
	}{
		{start, "", "7g7f", "P-7f", "☗７六歩", "７六歩(77)", "+7776FU"},
		{start, "", "6i5h", "G6i-5h", "☗５八金左", "５八金(69)", "+6958KI"},
		{start, "", "4i5h", "G4i-5h", "☗５八金右", "５八金(49)", "+4958KI"},
		{start, "", "5i5h", "K-5h", "☗５八玉", "５八玉(59)", "+5958OU"},
		{start, "", "2h5h", "R-5h", "☗５八飛", "５八飛(28)", "+2858HI"},
		{bishops, "", "8h2b+", "Bx2b+", "☗２二角成", "２二角成(88)", "+8822UM"},
		{bishops, "", "8h2b", "Bx2b=", "☗２二角不成", "２二角不成(88)", "+8822KA"},
		{bishops, "", "8h7g", "B-7g", "☗７七角", "７七角(88)", "+8877KA"},
		{takeBack, "2b", "3a2b", "Sx2b", "☖同　銀", "同　銀(31)", "-3122GI"},
		{takeBack, "2b", "8b2b", "Rx2b", "☖同　飛", "同　飛(82)", "-8222HI"},
		{takeBack, "", "3a2b", "Sx2b", "☖２二銀", "２二銀(31)", "-3122GI"},
		{takeBack, "2b", "B*5e", "B*5e", "☖５五角", "５五角打", "-0055KA"},
		{goldHand, "", "G*5g", "G*5g", "☗５七金打", "５七金打", "+0057KI"},
		{goldHand, "", "5h5g", "G-5g", "☗５七金", "５七金(58)", "+5857KI"},
		{goldHand, "", "G*5c", "G*5c", "☗５三金", "５三金打", "+0053KI"},
		{blackGolds3, "", "6f5e", "G6f-5e", "☗５五金左", "５五金(66)", "+6655KI"},
		{blackGolds3, "", "5f5e", "G5f-5e", "☗５五金直", "５五金(56)", "+5655KI"},
		{blackGolds3, "", "4f5e", "G4f-5e", "☗５五金右", "５五金(46)", "+4655KI"},
		{whiteGolds3, "", "6d5e", "G6d-5e", "☖５五金右", "５五金(64)", "-6455KI"},
		{whiteGolds3, "", "4d5e", "G4d-5e", "☖５五金左", "５五金(44)", "-4455KI"},
		{whiteGolds3, "", "5d5e", "G5d-5e", "☖５五金直", "５五金(54)", "-5455KI"},
		{goldsUpBack, "", "6f5e", "G6f-5e", "☗５五金上", "５五金(66)", "+6655KI"},
		{goldsUpBack, "", "5d5e", "G5d-5e", "☗５五金引", "５五金(54)", "+5455KI"},
		{whiteUpBack, "", "6d5e", "G6d-5e", "☖５五金上", "５五金(64)", "-6455KI"},
		{whiteUpBack, "", "5f5e", "G5f-5e", "☖５五金引", "５五金(56)", "-5655KI"},
		{goldsSide, "", "6e5e", "G6e-5e", "☗５五金寄", "５五金(65)", "+6555KI"},
		{goldsCombo, "", "6f5e", "G6f-5e", "☗５五金左上", "５五金(66)", "+6655KI"},
		{goldsCombo, "", "6e5e", "G6e-5e", "☗５五金寄", "５五金(65)", "+6555KI"},
		{goldsCombo, "", "5f5e", "G5f-5e", "☗５五金直", "５五金(56)", "+5655KI"},
		{whiteCombo, "", "4d5e", "G4d-5e", "☖５五金左上", "５五金(44)", "-4455KI"},
		{silvers, "", "6d5e", "S6d-5e", "☗５五銀引", "５五銀(64)", "+6455GI"},
		{silvers, "", "6f5e", "S6f-5e", "☗５五銀左上", "５五銀(66)", "+6655GI"},
		{silvers, "", "4f5e", "S4f-5e", "☗５五銀右", "５五銀(46)", "+4655GI"},
		{silvers2, "", "5f5e", "S5f-5e", "☗５五銀直", "５五銀(56)", "+5655GI"},
		{knights, "", "6g5e", "N6g-5e", "☗５五桂左", "５五桂(67)", "+6755KE"},
		{dragons, "", "1c2d", "+R1c-2d", "☗２四竜右", "２四龍(13)", "+1324RY"},
		{dragons, "", "2b2d", "+R2b-2d", "☗２四竜左", "２四龍(22)", "+2224RY"},
		{whiteDragons, "", "9g8f", "+R9g-8f", "☖８六竜右", "８六龍(97)", "-9786RY"},
		{whiteDragons, "", "8h8f", "+R8h-8f", "☖８六竜左", "８六龍(88)", "-8886RY"},
		{horses, "", "9a8b", "+B9a-8b", "☗８二馬左", "８二馬(91)", "+9182UM"},
		{horses, "", "8a8b", "+B8a-8b", "☗８二馬右", "８二馬(81)", "+8182UM"},
		{rooks, "", "9e5e", "R9e-5e", "☗５五飛左", "５五飛(95)", "+9555HI"},
		{pinned, "", "3h4g", "G-4g", "☗４七金", "４七金(38)", "+3847KI"},
		{pawnZone, "", "7d7c+", "P-7c+", "☗７三歩成", "７三歩成(74)", "+7473TO"},
		{pawnZone, "", "7d7c", "P-7c=", "☗７三歩不成", "７三歩不成(74)", "+7473FU"},
		{pawnZone, "", "3b3a+", "P-3a+", "☗３一歩成", "３一歩成(32)", "+3231TO"},
		{promoted, "", "5d5c", "+P-5c", "☗５三と", "５三と(54)", "+5453TO"},
		{promoted, "", "5e4d", "+S-4d", "☗４四成銀", "４四成銀(55)", "+5544NG"},
		{promoted, "", "7f6e", "+N-6e", "☗６五成桂", "６五成桂(76)", "+7665NK"},
		{promoted, "", "3f3e", "+L-3e", "☗３五成香", "３五成香(36)", "+3635NY"},
		{sliders, "", "2f2e", "+R-2e", "☗２五竜", "２五龍(26)", "+2625RY"},
		{sliders, "", "8f5c", "+B-5c", "☗５三馬", "５三馬(86)", "+8653UM"},
		{kingHand, "", "K*5e", "K*5e", "☗５五玉", "５五玉打", "+0055OU"},
	}
	for _, c := range cases {
		p := testkit.SFEN(t, c.sfen)
		m := testkit.USI(t, c.usi)
		last := lastSq(c.last)
		cands := p.LegalMoves(nil)
		if c.sfen == kingHand {
			cands = p.PseudoMoves(nil)
		}
		for n, want := range map[Notation]string{USI: c.usi, Western: c.western, Japanese: c.japanese, KIF: c.kif, CSA: c.csa} {
			if got := FormatAmong(p, m, n, last, cands); got != want {
				t.Errorf("%s %s in %s: got %q, want %q", c.sfen, c.usi, n, got, want)
			}
			if c.sfen != kingHand {
				if got := Format(p, m, n, last); got != want {
					t.Errorf("Format %s %s in %s: got %q, want %q", c.sfen, c.usi, n, got, want)
				}
			}
		}
	}
}

// In Tsuitate the player's candidates are own-board moves: the gold pinned by
// an unseen rook is a candidate, so the words are needed.
func TestOwnBoardCandidates(t *testing.T) {
	v := ownView(testkit.SFEN(t, pinned))
	cands := v.OwnBoardMoves(nil)
	if got := FormatAmong(v, testkit.USI(t, "3h4g"), Japanese, shogi.NoSquare, cands); got != "☗４七金右" {
		t.Errorf("got %q, want ☗４七金右", got)
	}
	if got := FormatAmong(v, testkit.USI(t, "3h4g"), Western, shogi.NoSquare, cands); got != "G3h-4g" {
		t.Errorf("got %q, want G3h-4g", got)
	}
	_, err := Resolve(v, "47金", cands, shogi.NoSquare)
	var re *ResolveError
	if !errors.As(err, &re) || re.Kind != Ambiguous {
		t.Fatalf("47金 on the own board: %v, want ambiguous", err)
	}
	if m, err := Resolve(v, "47金左", cands, shogi.NoSquare); err != nil || m.USI() != "5h4g" {
		t.Errorf("47金左: %v %v", m, err)
	}
}

func TestErrorMessages(t *testing.T) {
	cases := []struct{ sfen, last, text, msg string }{
		{start, "", "G-5h", `“G-5h” is ambiguous: G6i-5h or G4i-5h`},
		{start, "", "58金", `“58金” is ambiguous: ☗５八金左 or ☗５八金右`},
		{pawnZone, "", "7c", `“7c” does not say whether to promote: write +/= (成/不成): P-7c+ or P-7c=`},
		{bishops, "", "22角", `“22角” does not say whether to promote: write +/= (成/不成): ☗２二角成 or ☗２二角不成`},
		{start, "", "hello", `“hello” is not a move I can read: write e.g. P-7f, 7g7f or ７六歩`},
		{start, "", "P-7f+", `“P-7f+” is not a possible move here: that move cannot promote; did you mean P-7f?`},
		{pawnZone, "", "3b3a", `“3b3a” is not a possible move here: that move must promote; did you mean 3b3a+?`},
		{start, "", "G-5e", `“G-5e” is not a possible move here: nothing can move to 5e`},
		{start, "", "S-5h", `“S-5h” is not a possible move here: no silver can go there; did you mean R-5h, G6i-5h, G4i-5h or K-5h?`},
		{start, "", "同歩", `“同歩” is not a possible move here: there is no previous move for 同 to refer to`},
		{start, "", "５八金引", `“５八金引” is not a possible move here: no such piece moves back (引) there; did you mean ☗５八金左 or ☗５八金右?`},
	}
	for _, c := range cases {
		p := testkit.SFEN(t, c.sfen)
		_, err := Resolve(p, c.text, p.LegalMoves(nil), lastSq(c.last))
		if err == nil || err.Error() != c.msg {
			t.Errorf("%q:\n got %v\nwant %s", c.text, err, c.msg)
		}
	}
}

// TestQuoteReadable: typed text is quoted as typed (a full-width space and
// Japanese stay as they are), without control or format characters and quote
// marks, and cut when long.
func TestQuoteReadable(t *testing.T) {
	for in, want := range map[string]string{
		"同\u3000歩":               "“同\u3000歩”",
		" ５五\u3000歩打\n":          "“５五\u3000歩打”",
		"P*5e\x00\x1b[31m\u200b": "“P*5e[31m”",
		"“7g7f”":                 "“7g7f”",
		"":                       "“”",
		"\xff7f":                 "“7f”",
	} {
		if got := Quote(in); got != want {
			t.Errorf("Quote(%q) = %q, want %q", in, got, want)
		}
	}
	long := Quote(strings.Repeat("歩", 300))
	if n := utf8.RuneCountInString(long); n != maxEcho+2 || !strings.HasSuffix(long, "…”") {
		t.Errorf("long text quoted as %d characters: %q", n, long)
	}
	if Echo(Echo(strings.Repeat("a", 99))) != Echo(strings.Repeat("a", 99)) {
		t.Error("Echo is not idempotent")
	}
	p := testkit.SFEN(t, start)
	_, err := Resolve(p, "こんにちは\u3000世界", p.LegalMoves(nil), shogi.NoSquare)
	if err == nil || !strings.HasPrefix(err.Error(), "“こんにちは\u3000世界” is not a move I can read") {
		t.Errorf("refusal of Japanese text: %v", err)
	}
}

// TestNamedDrop: a drop written out in any notation names its move, in hand or
// not; other texts name none.
func TestNamedDrop(t *testing.T) {
	p := testkit.SFEN(t, start) // nothing in hand: NamedDrop does not look
	for text, want := range map[string]string{
		"P*5e": "P*5e", "p'5e": "P*5e", "Ｐ＊５ｅ": "P*5e", "５五歩打": "P*5e", "5e歩打": "P*5e", "55歩打": "P*5e",
		"+0055FU": "P*5e", "N'1b": "N*1b", "１二桂打": "N*1b", "同歩打": "P*5e",
	} {
		m, ok := NamedDrop(p, text, shogi.Sq(5, 5))
		if !ok || m.USI() != want {
			t.Errorf("NamedDrop(%q) = %v, %v; want %s", text, m, ok, want)
		}
	}
	for _, text := range []string{"P-5e", "P5e", "５五歩", "7g7f", "+P*5e", "５五と打", "hello", "同歩打"} {
		last := shogi.NoSquare
		if text != "同歩打" {
			last = shogi.Sq(5, 5)
		}
		if m, ok := NamedDrop(p, text, last); ok {
			t.Errorf("NamedDrop(%q) = %v", text, m)
		}
	}
}

func TestHelpers(t *testing.T) {
	if KanjiPiece(shogi.Dragon) != "竜" || KanjiPiece(shogi.ProSilver) != "成銀" || KanjiPiece(shogi.King) != "玉" || KanjiPiece(99) != "" {
		t.Error("KanjiPiece")
	}
	if KanjiPieceShort(shogi.ProSilver) != "全" || KanjiPieceShort(shogi.ProKnight) != "圭" || KanjiPieceShort(shogi.ProLance) != "杏" {
		t.Error("KanjiPieceShort")
	}
	if KanjiRank(1) != "一" || KanjiRank(9) != "九" || KanjiRank(0) != "" || KanjiRank(10) != "" {
		t.Error("KanjiRank")
	}
	if FullWidthDigit(7) != "７" || FullWidthDigit(0) != "０" || FullWidthDigit(10) != "" {
		t.Error("FullWidthDigit")
	}
	for _, s := range []string{"7f", "76", "７六", "7六", "７ｆ", "7F", "七六", " 7f "} {
		if sq, err := ParseSquare(s); err != nil || sq != shogi.Sq(7, 6) {
			t.Errorf("ParseSquare(%q) = %v, %v", s, sq, err)
		}
	}
	for _, s := range []string{"", "0a", "7", "7j", "70", "abc", "7f7"} {
		if _, err := ParseSquare(s); err == nil {
			t.Errorf("ParseSquare(%q) accepted", s)
		}
	}
	for n, s := range map[Notation]string{USI: "USI", Western: "Western", Japanese: "Japanese", KIF: "KIF", CSA: "CSA"} {
		if n.String() != s {
			t.Errorf("%d.String() = %q", n, n.String())
		}
	}
}

// With more pieces than a set holds the words may not tell them apart; Format
// then appends the origin as KIF does, and Resolve reads it.
func TestFormatOriginFallback(t *testing.T) {
	p := testkit.SFEN(t, "k8/9/9/9/9/9/9/9/8K b - 1")
	for _, s := range []string{"6d", "5a", "4d"} {
		sq, _ := ParseSquare(s)
		p.Put(sq, shogi.MakePiece(shogi.Black, shogi.Dragon))
	}
	cands := p.LegalMoves(nil)
	want := map[string]string{"6d5e": "☗５五竜左", "4d5e": "☗５五竜右", "5a5e": "☗５五竜(51)"}
	for u, w := range want {
		m := testkit.USI(t, u)
		if got := FormatAmong(p, m, Japanese, shogi.NoSquare, cands); got != w {
			t.Errorf("%s: got %q, want %q", u, got, w)
		}
		if got, err := Resolve(p, w, cands, shogi.NoSquare); err != nil || got != m {
			t.Errorf("%q: got %v, %v", w, got, err)
		}
	}
}

// TestParseSquarePiece: a square, alone or followed by a piece's name.
func TestParseSquarePiece(t *testing.T) {
	for _, c := range []struct {
		in   string
		sq   shogi.Square
		kind shogi.Kind
		ok   bool
	}{
		{"８二飛", shogi.Sq(8, 2), shogi.Rook, true},
		{"82飛車", shogi.Sq(8, 2), shogi.Rook, true},
		{"2h", shogi.Sq(2, 8), shogi.NoKind, true},
		{"５五 馬", shogi.Sq(5, 5), shogi.Horse, true},
		{"８二飛成", 0, 0, false},
		{"飛", 0, 0, false},
		{"82x", 0, 0, false},
	} {
		t.Run(c.in, func(t *testing.T) {
			sq, k, err := ParseSquarePiece(c.in)
			if (err == nil) != c.ok || c.ok && (sq != c.sq || k != c.kind) {
				t.Errorf("ParseSquarePiece(%q) = %v, %v, %v", c.in, sq, k, err)
			}
		})
	}
}
