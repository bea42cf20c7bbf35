package texts

import (
	"regexp"
	"strings"
	"testing"

	"shinpan/referee"
	"shinpan/referee/notation"
	"shinpan/referee/policy"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// discordShows reads s the way Discord's markdown does for our purpose: a
// backslash before ASCII punctuation shows that character alone. It returns
// the text shown and whether a markdown character was left unescaped (could
// format something).
func discordShows(s string) (shown string, active bool) {
	const punct = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"
	var b strings.Builder
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		if r == '\\' && i+1 < len(rs) && strings.ContainsRune(punct, rs[i+1]) {
			i++
			b.WriteRune(rs[i])
			continue
		}
		if strings.ContainsRune(markdownChars, r) || (i == 0 || rs[i-1] == '\n') && strings.ContainsRune(lineStartChars, r) {
			active = true
		}
		b.WriteRune(r)
	}
	return b.String(), active
}

func TestEscape(t *testing.T) {
	for in, want := range map[string]string{
		"L*5e":                   `L\*5e`,
		"_bob_":                  `\_bob\_`,
		"a\\*b*":                 `a\\\*b\*`,
		"~~x~~ ||y|| `z` [l](u)": `\~\~x\~\~ \|\|y\|\| \` + "`" + `z\` + "`" + ` \[l\](u)`,
		"> q\n# h\n- i a>b":      "\\> q\n\\# h\n\\- i a>b", // only at a line's start
		"<@123>":                 "<@123>",                  // a mention stays a mention
		"７六歩 P-7f +R-2b":         "７六歩 P-7f +R-2b",
		"":                       "",
	} {
		got := Escape(in)
		if got != want {
			t.Errorf("Escape(%q) = %q, want %q", in, got, want)
		}
		if shown, active := discordShows(got); shown != in || active {
			t.Errorf("%q shows as %q (markdown left: %v)", got, shown, active)
		}
	}
}

// TestRefusalComesOutLiterally: a real refusal listing drops, and one quoting
// a typed '*', read by Discord show exactly the referee's words, in English
// and with the moves kept in Japanese.
func TestRefusalComesOutLiterally(t *testing.T) {
	g, err := referee.New("1", view.Standard, "4k4/9/9/9/9/9/9/9/4K4 b LN 1", referee.DefaultOptions(view.Standard))
	if err != nil {
		t.Fatal(err)
	}
	for typed, want := range map[string]string{
		"5e":   "“5e” is ambiguous: L*5e or N*5e.",
		"*5e":  "“*5e” is ambiguous: L*5e or N*5e.",
		"_5e_": "“_5e_” is not a move I can read: write e.g. P-7f, 7g7f or ７六歩.",
	} {
		_, err := g.Apply(referee.Action{Kind: referee.ActMove, Player: shogi.Black, Text: typed})
		if err == nil {
			t.Fatalf("%q accepted", typed)
		}
		en := Refusal(EN, err)
		if shown, active := discordShows(en); shown != want || active {
			t.Errorf("%q: %q shows as %q (markdown left: %v)", typed, en, shown, active)
		}
		ja := Refusal(JA, err)
		shown, active := discordShows(ja)
		if active || !hasJapanese(ja) || !strings.Contains(shown, "「"+typed+"」") {
			t.Errorf("%q: Japanese %q shows as %q (markdown left: %v)", typed, ja, shown, active)
		}
		if strings.Contains(want, "L*5e") && !strings.Contains(shown, "L*5e、N*5e") {
			t.Errorf("%q: Japanese list lost: %q", typed, shown)
		}
	}
}

// TestRefusalTemplatesPlain: the referee's English sentences hold no
// markdown character, so the English table can carry them unescaped.
func TestRefusalTemplatesPlain(t *testing.T) {
	keys := []msg{mRefUnknownAction, mRefNotSquare, mRefNoPieceOn, mRefMove, mRefImpasse, mWhyMaskAttacked,
		mImpNotInCamp, mImpInCheck, mImpFewPieces, mImpPoints, mListMore, mDtNothingTo, mDtNoneFrom, mDtNoKind, mDtBecomes,
		mNtUnreadable, mNtUnreadableDetail, mNtAmbiguous, mNtPromo, mNtPromoList, mNtNoSuch, mNtNoSuchDetail, mNtNoSuchList, mNtNoSuchBoth}
	for _, k := range refusalKeys {
		keys = append(keys, k)
	}
	for _, k := range detailKeys {
		keys = append(keys, k)
	}
	for _, k := range whyKeys {
		keys = append(keys, k)
	}
	for _, k := range keys {
		if Escape(en()[k]) != en()[k] {
			t.Errorf("%s: %q has markdown", k, en()[k])
		}
	}
}

// TestNamesAndMovesComeOutLiterally: a name like _bob_ and a drop written
// S*5e show as they are, wherever a message carries them.
func TestNamesAndMovesComeOutLiterally(t *testing.T) {
	names := Names{Black: "_bob_", White: "*al*"}
	for _, l := range Langs {
		ctx := Ctx{Lang: l, Variant: view.Standard, Names: names, GameID: 7, Options: policy.Defaults(view.Standard),
			Notation: notation.Western, Last: shogi.NoSquare}
		end := Event(ctx, view.Event{To: view.ToPublic, Kind: view.EvEnd, Winner: winner(shogi.Black), Reason: view.ReasonResignation})
		shown, active := discordShows(end)
		if active || !strings.Contains(shown, "☗ _bob_") || !strings.Contains(shown, "☖ *al*") {
			t.Errorf("%s end: %q shows as %q (markdown left: %v)", l, end, shown, active)
		}

		p := shogi.NewPosition()
		p.Put(sq("5i"), shogi.MakePiece(shogi.Black, shogi.King))
		p.SetHand(shogi.Black, shogi.Silver, 1)
		p.SetSideToMove(shogi.Black)
		ctx.Before = p
		evs := []view.Event{{To: view.ToBlack, Kind: view.EvMoved, Player: shogi.Black, Number: 3, Move: "S*5e"}}
		upd := PlayerUpdate(ctx, shogi.Black, evs)
		shown, active = discordShows(upd)
		if active || (l == EN && !strings.Contains(shown, "☗ S*5e")) {
			t.Errorf("%s move: %q shows as %q (markdown left: %v)", l, upd, shown, active)
		}
		for _, m := range RevealDetails(ctx, view.Event{Kind: view.EvReveal, SFEN: p.SFEN(), Moves: []string{"P*5e", "S*4d"}}) {
			if shown, _ := discordShows(m); strings.Contains(m, "P*5e") || !strings.Contains(shown, "1.P*5e 2.S*4d") {
				t.Errorf("%s reveal: %q", l, m)
			}
		}
	}
}

// TestRevealFoulsComeOutLiterally: the foul list at the reveal shows a drop
// typed in another notation and its USI literally: the typed text sits in a
// code span, the USI beside it is escaped (two "(P*5e)" in one message would
// otherwise turn the text between them italic); the typed text shows without
// invisible characters, as refusals quote it (a U+202E would turn the rest of
// the line around).
func TestRevealFoulsComeOutLiterally(t *testing.T) {
	fouls := []view.FoulRecord{
		{Player: shogi.Black, Number: 3, Text: "P'5e", Move: "P*5e", Reason: "square_occupied"},
		{Player: shogi.White, Number: 4, Text: "G'4d", Move: "G*4d", Reason: "square_occupied"},
		{Player: shogi.Black, Number: 5, Text: "S*3c", Move: "S*3c", Reason: "square_occupied"},
		{Player: shogi.White, Number: 6, Text: "8h\u202e2b\u200b", Move: "8h2b", Reason: "path_blocked"},
	}
	e := view.Event{To: view.ToPublic, Kind: view.EvReveal, SFEN: shogi.Startpos().SFEN(), Fouls: fouls}
	code := regexp.MustCompile("`[^`]*`")
	for _, l := range Langs {
		all := strings.Join(RevealDetails(Ctx{Lang: l, Variant: view.Tsuitate, GameID: 4}, e), "\n")
		for _, span := range code.FindAllString(all, -1) {
			if strings.Contains(span, `\`) {
				t.Errorf("%s: an escape shows inside the code span %s", l, span)
			}
		}
		var lines []string // the foul lines, without the template's bold heading
		for _, line := range strings.Split(code.ReplaceAllString(all, "CODE"), "\n") {
			if strings.Contains(line, "CODE") {
				lines = append(lines, line)
			}
		}
		shown, active := discordShows(strings.Join(lines, "\n"))
		if strings.ContainsAny(all, "\u202e\u200b") {
			t.Errorf("%s: the typed text keeps its invisible characters: %q", l, all)
		}
		if len(lines) != 4 || active || !strings.Contains(shown, "P*5e") || !strings.Contains(shown, "G*4d") {
			t.Errorf("%s: foul list %q shows as %q (markdown left: %v)", l, all, shown, active)
		}
	}
}
