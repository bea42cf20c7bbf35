package texts

import (
	"errors"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"shinpan/referee"
	"shinpan/referee/notation"
	"shinpan/referee/policy"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// realRefusals makes the referee refuse many actions and returns its
// refusals, one per distinct English text.
func realRefusals(t *testing.T) []error {
	t.Helper()
	seen := map[string]error{}
	try := func(g *referee.Game, a referee.Action) {
		_, err := g.Apply(a)
		if err == nil {
			t.Fatalf("%+v was accepted", a)
		}
		if !referee.IsRefusal(err) {
			t.Fatalf("%+v: %v is not a refusal", a, err)
		}
		seen[err.Error()] = err
	}
	newGame := func(v view.Variant, sfen string, o referee.Options) *referee.Game {
		g, err := referee.New("7", v, sfen, o)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	move := func(c shogi.Color, text string) referee.Action {
		return referee.Action{Kind: referee.ActMove, Player: c, Text: text}
	}
	std := referee.DefaultOptions(view.Standard)

	g := newGame(view.Standard, "", std)
	for _, text := range []string{"hello", "", "   ", strings.Repeat("7", 300), "7g7e", "G-5h", "G-5e", "同歩",
		"５八金上", "５八金寄", "６八金引", "５八金直", "P*5e", "2h2c", "7g7f+", "7f+", "K-5e", "S6i-5h",
		"+R-2b", "T-5e", "7g6f", "G*5e", "８八飛", "７六歩成", "７六歩打", "5i5h+", "同\u3000歩", "こんにちは\u3000世界"} {
		try(g, move(shogi.Black, text))
	}
	try(g, move(shogi.White, "3c3d"))
	try(g, referee.Action{Kind: referee.ActDeclare, Player: shogi.Black})
	try(g, referee.Action{Kind: referee.ActDeclare, Player: shogi.White})
	try(g, referee.Action{Kind: referee.ActTimeout, Player: shogi.White})
	try(g, referee.Action{Kind: "dance", Player: shogi.Black})
	try(g, referee.Action{Kind: referee.ActMove, Player: 5, Text: "7g7f"})
	try(g, referee.Action{Kind: referee.ActMask, Player: shogi.Black, Text: "7g"})

	// Promotion left unsaid, ambiguity with many candidates, 同 after a move.
	g = newGame(view.Standard, "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3", std)
	for _, text := range []string{"Bx2b", "2b", "B-2b", "同角", "２二角"} {
		try(g, move(shogi.Black, text))
	}
	g = newGame(view.Standard, "4k4/9/9/9/9/9/9/9/4K4 b 2G2S2N2L9P 1", std)
	for _, text := range []string{"P*5a", "N*5b", "L*1a", "P*5i"} {
		try(g, move(shogi.Black, text))
	}
	// Impasse points and pieces.
	g = newGame(view.Standard, "4K4/9/9/9/9/9/9/9/4k4 b - 1", std)
	try(g, referee.Action{Kind: referee.ActDeclare, Player: shogi.Black})
	for _, sfen := range []string{"+P+P+P+PK+P+P+P+P/9/9/9/9/9/9/9/4k4 b - 1", "+P+P+P+PK+P+P+P+P/+P+P7/9/9/9/9/9/9/4k4 b - 1",
		"4K4/9/4r4/9/9/9/9/9/4k4 b - 1"} {
		g = newGame(view.Standard, sfen, std)
		try(g, referee.Action{Kind: referee.ActDeclare, Player: shogi.Black})
	}

	// Tsuitate: own-board refusals; declaring.
	g = newGame(view.Tsuitate, "", referee.DefaultOptions(view.Tsuitate))
	for _, text := range []string{"8h2b", "2h2c", "5i5g", "P*5e", "7g7e", "3c3d", "G'5e", "５五金打", "P'1a"} {
		try(g, move(shogi.Black, text))
	}
	try(g, referee.Action{Kind: referee.ActDeclare, Player: shogi.Black})

	// Masked setup.
	g = newGame(view.Masked, "", referee.DefaultOptions(view.Masked))
	try(g, move(shogi.Black, "7g7f"))
	for _, text := range []string{"zz", "5e", "5i", "3c", "7g飛"} {
		try(g, referee.Action{Kind: referee.ActMask, Player: shogi.Black, Text: text, Salt: "s"})
	}
	if _, err := g.Apply(referee.Action{Kind: referee.ActMask, Player: shogi.Black, Text: "7g", Salt: "s"}); err != nil {
		t.Fatal(err)
	}
	try(g, referee.Action{Kind: referee.ActTimeout, Player: shogi.Black})
	if _, err := g.Apply(referee.Action{Kind: referee.ActMask, Player: shogi.White, Text: "3c", Salt: "t"}); err != nil {
		t.Fatal(err)
	}
	try(g, referee.Action{Kind: referee.ActMask, Player: shogi.Black, Text: "8g", Salt: "s"})
	// Mask as king: the black mask (the pawn on 4h) may not stay attacked by the bishop.
	mo := referee.DefaultOptions(view.Masked)
	mo.MaskAsKing = true
	g = newGame(view.Masked, "4k4/4g4/9/9/8b/9/4S4/5P3/4K4 b - 1", mo)
	for _, a := range []referee.Action{{Kind: referee.ActMask, Player: shogi.Black, Text: "4h", Salt: "s"}, {Kind: referee.ActMask, Player: shogi.White, Text: "5b", Salt: "t"}} {
		if _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	try(g, move(shogi.Black, "5g5f"))

	// Over.
	g = newGame(view.Dark, "", referee.DefaultOptions(view.Dark))
	try(g, move(shogi.Black, "P*5e"))
	if _, err := g.Apply(referee.Action{Kind: referee.ActResign, Player: shogi.Black}); err != nil {
		t.Fatal(err)
	}
	try(g, move(shogi.White, "3c3d"))

	// Abort after each side has moved.
	g = newGame(view.Standard, "", std)
	for _, a := range []referee.Action{move(shogi.Black, "7g7f"), move(shogi.White, "3c3d")} {
		if _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	try(g, referee.Action{Kind: referee.ActAbort, Player: shogi.Black})

	keys := make([]string, 0, len(seen))
	for s := range seen {
		keys = append(keys, s)
	}
	sort.Strings(keys)
	out := make([]error, len(keys))
	for i, k := range keys {
		out[i] = seen[k]
	}
	return out
}

// englishLeft finds two English words in a row: a sentence left untranslated.
var englishLeft = regexp.MustCompile(`\b(?:the|is|not|no|you|your|a|of|on|to|can|must|there|piece|move|square|write)\s+[a-z]{2,}`)

// TestRefusalsTranslated: every refusal the referee gave above is worded
// from its code: in English exactly as the referee's own text, in Japanese
// with no English left; and every refusal code was reached.
func TestRefusalsTranslated(t *testing.T) {
	errs := realRefusals(t)
	if len(errs) < 40 {
		t.Fatalf("only %d distinct refusals", len(errs))
	}
	codes := map[referee.RefusalCode]bool{}
	for _, err := range errs {
		var r *referee.Refusal
		if !errors.As(err, &r) {
			t.Fatalf("%v is not a *referee.Refusal", err)
		}
		codes[r.Code] = true
		checkWorded(t, err)
	}
	for _, c := range referee.RefusalCodes {
		if !codes[c] {
			t.Errorf("no refusal with code %s was tried", c)
		}
	}
	if testing.Verbose() {
		for _, err := range errs {
			t.Logf("%s\n    %s", err, Refusal(JA, err))
		}
	}
}

// checkWorded: err is worded in English as its own text says (a sentence,
// escaped) and in Japanese with no English left.
func checkWorded(t *testing.T, err error) {
	t.Helper()
	if got, want := Refusal(EN, err), Clip(sentence(EN, Capitalize(Escape(err.Error())))); got != want {
		t.Errorf("English wording differs from the referee:\n ref %q\n got %q", want, got)
	}
	ja := Refusal(JA, err)
	if !hasJapanese(ja) || englishLeft.MatchString(stripQuoted(ja)) {
		t.Errorf("not translated:\n %q\n %q", err, ja)
	}
}

// TestRefusalQuotesReadably: what the player typed is quoted as typed, a
// full-width space and Japanese included, “…” in English and 「…」 in Japanese.
func TestRefusalQuotesReadably(t *testing.T) {
	g, err := referee.New("q", view.Standard, "", referee.DefaultOptions(view.Standard))
	if err != nil {
		t.Fatal(err)
	}
	for _, typed := range []string{"同\u3000歩", "こんにちは\u3000世界", "５五\u3000金打"} {
		_, err := g.Apply(referee.Action{Kind: referee.ActMove, Player: shogi.Black, Text: typed + "\n"})
		if err == nil {
			t.Fatalf("%q accepted", typed)
		}
		for l, want := range map[Lang]string{EN: "“" + typed + "”", JA: "「" + typed + "」"} {
			got := Refusal(l, err)
			if !strings.Contains(got, want) || strings.Contains(got, `\u`) || strings.Contains(got, `"`) {
				t.Errorf("%s: %q refused as %q, want it quoted %s", l, typed, got, want)
			}
		}
	}
}

// stripQuoted drops 「typed text」 and `code`, which stay as typed.
func stripQuoted(s string) string {
	s = regexp.MustCompile(`「[^」]*」|`+"`[^`]*`").ReplaceAllString(s, "")
	return s
}

// TestRefusalSamples covers the notation details and impasse reasons the
// games above may not reach, each worded from its code.
func TestRefusalSamples(t *testing.T) {
	notationRefusal := func(e *notation.ResolveError) error {
		return &referee.Refusal{Code: referee.RefNotation, Cause: e}
	}
	two := []string{"G6i-5h", "G4i-5h"}
	for d := notation.DetailTooLong; d <= notation.DetailStraight; d++ {
		for _, n := range []notation.Notation{notation.Western, notation.Japanese, notation.CSA} {
			det := notation.Detail{Code: d, Square: shogi.Sq(7, 7), Kind: shogi.Gold, Notation: n}
			checkWorded(t, notationRefusal(&notation.ResolveError{Kind: notation.NoSuchMove, Text: "G-5e", Notation: n, Detail: det}))
			checkWorded(t, notationRefusal(&notation.ResolveError{Kind: notation.NoSuchMove, Text: "G-5e", Notation: n, Detail: det, Written: two}))
			checkWorded(t, notationRefusal(&notation.ResolveError{Kind: notation.Unparsable, Text: "G-5z", Notation: n, Detail: det}))
		}
	}
	for _, e := range []*notation.ResolveError{
		{Kind: notation.Ambiguous, Text: "G-5h", Written: two},
		{Kind: notation.PromotionUnstated, Text: "7f", Written: []string{"P-7f+", "P-7f="}},
		{Kind: notation.PromotionUnstated, Text: "7f"},
		{Kind: notation.NoSuchMove, Text: "x", Written: []string{"P-7f", "P-2f"}},
		{Kind: notation.NoSuchMove, Text: "x"},
		{Kind: notation.Ambiguous, Text: "5h", Written: []string{"G6i-5h", "G4i-5h", "S4i-5h", "S6i-5h", "K5i-5h", "R2h-5h", "P-5h", "B-5h", "L-5h", "N-5h", "+P-5h"}},
	} {
		checkWorded(t, notationRefusal(e))
	}
	for _, e := range []*shogi.ImpasseError{
		{Code: shogi.ImpasseKingNotInCamp}, {Code: shogi.ImpasseInCheck},
		{Code: shogi.ImpasseFewPieces, Have: 3, Need: 10}, {Code: shogi.ImpasseFewPoints, Have: 20, Need: 28},
	} {
		checkWorded(t, &referee.Refusal{Code: referee.RefImpasse, Cause: e})
	}
	for r := shogi.NotYourPiece; r <= shogi.KingOnTarget; r++ {
		checkWorded(t, &referee.Refusal{Code: referee.RefIllegal, Typed: "P*5a", Reason: r})
	}
	checkWorded(t, &referee.Refusal{Code: referee.RefMaskAttacked, Typed: "5g5f"})
	// Lists keep the first moves and count the rest.
	many := notationRefusal(&notation.ResolveError{Kind: notation.Ambiguous, Text: "5h",
		Written: []string{"G6i-5h", "G4i-5h", "a", "b", "c", "d", "e", "f", "g", "h", "i"}})
	if got := Refusal(JA, many); got != "「5h」ではどの手か決まりません。候補：G6i-5h、G4i-5h、a、b、c、d、e、fほか3手。" {
		t.Errorf("list: %q", got)
	}
	if got := Refusal(EN, many); got != "“5h” is ambiguous: G6i-5h, G4i-5h, a, b, c, d, e, f or 3 more." {
		t.Errorf("list: %q", got)
	}
	// Other errors pass through; English is a sentence.
	if got := Refusal(JA, errors.New("the moon is not made of cheese")); got != "the moon is not made of cheese" {
		t.Errorf("unknown: %q", got)
	}
	if got := Refusal(EN, errors.New("the moon is _new_")); got != `The moon is \_new\_.` {
		t.Errorf("unknown en: %q", got)
	}
	nyt := &referee.Refusal{Code: referee.RefNotYourTurn}
	if got := Refusal(EN, nyt); got != "It is not your turn." {
		t.Errorf("en: %q", got)
	}
	if got := Refusal(JA, nyt); got != "あなたの手番ではありません。" {
		t.Errorf("ja: %q", got)
	}
	if Refusal(JA, errors.New("  ")) != "" || Refusal(EN, nil) != "" {
		t.Error("blank refusal")
	}
}

// TestOptionRefusal: a challenge's refused options are worded in each
// language, the option named as the slash command does and the typed
// variant quoted as refusals quote and escaped.
func TestOptionRefusal(t *testing.T) {
	ml := referee.Options{MoveLimit: 20, FoulLimit: 10}.Validate(view.Dark)
	fl := referee.Options{FoulLimit: 30}.Validate(view.Tsuitate)
	aw := policy.Options{AwaySeconds: -5}.Validate(view.Standard)
	_, vr := referee.ParseVariant("*chess*\u200b")
	for _, c := range []struct {
		l    Lang
		err  error
		want string
	}{
		{EN, ml, `move\_limit must be 0 (none) or from 50 to 1000, not 20.`},
		{JA, ml, `move\_limit は 0（なし）か 50〜1000 で指定してください（20 は範囲外です）。`},
		{EN, fl, `foul\_limit must be from 1 to 20, not 30.`},
		{JA, fl, `foul\_limit は 1〜20 で指定してください（30 は範囲外です）。`},
		{EN, aw, `away\_seconds must be 0 (none) or from 1 to 604800, not -5.`},
		{JA, aw, `away\_seconds は 0（なし）か 1〜604800 で指定してください（-5 は範囲外です）。`},
		{EN, vr, `There is no variant “\*chess\*”: choose standard, tsuitate, masked or dark.`},
		{JA, vr, `「\*chess\*」という種類はありません。standard、tsuitate、masked、dark から選んでください。`},
	} {
		if got := OptionRefusal(c.l, c.err); got != c.want {
			t.Errorf("%s %v:\n got %s\nwant %s", c.l, c.err, got, c.want)
		}
	}
	if got := OptionRefusal(JA, &referee.Refusal{Code: referee.RefNotYourTurn}); got != "あなたの手番ではありません。" {
		t.Errorf("other refusal: %s", got)
	}
}

// TestNoRegexpOverOurTexts: texts words typed values; it never reads our own
// English back, so none of its code needs a regular expression.
func TestNoRegexpOverOurTexts(t *testing.T) {
	files, err := filepath.Glob("*.go")
	subs, err2 := filepath.Glob("*/*.go") // uitexts, tntexts
	if err != nil || err2 != nil || len(files) == 0 || len(subs) == 0 {
		t.Fatalf("no files: %v, %v", err, err2)
	}
	files = append(files, subs...)
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, im := range af.Imports {
			if im.Path.Value == `"regexp"` {
				t.Errorf("%s imports regexp", f)
			}
		}
	}
}

// TestMoveHint: the hint follows a refusal of text that is no move at all, in
// either language, and nothing else.
func TestMoveHint(t *testing.T) {
	g, err := referee.New("h", view.Standard, "", referee.DefaultOptions(view.Standard))
	if err != nil {
		t.Fatal(err)
	}
	refusal := func(text string) error {
		_, err := g.Apply(referee.Action{Kind: referee.ActMove, Player: shogi.Black, Text: text})
		if err == nil {
			t.Fatalf("%q accepted", text)
		}
		return err
	}
	for _, l := range Langs {
		for _, text := range []string{"hello there", strings.Repeat("7", 300)} {
			err := refusal(text)
			if got, r := RefusalWithMoveHint(l, err), Refusal(l, err); got != r+"\n"+tr(l, mUIDMHint) {
				t.Errorf("%s: no hint after %q", l, r)
			}
		}
		for _, text := range []string{"7g7e", "5i5h+"} {
			err := refusal(text)
			if got, r := RefusalWithMoveHint(l, err), Refusal(l, err); got != r {
				t.Errorf("%s: hint after %q", l, r)
			}
		}
		nyt := &referee.Refusal{Code: referee.RefNotYourTurn}
		if got := RefusalWithMoveHint(l, nyt); got != Refusal(l, nyt) {
			t.Errorf("%s: hint after %q", l, got)
		}
	}
}
