package texts

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"shinpan/referee/notation"
	"shinpan/referee/policy"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

var variants = []view.Variant{view.Standard, view.Tsuitate, view.Masked, view.Dark}

func runes(s string) int { return len([]rune(s)) }

// TestStaticTexts: help, rules, prompts and cards in both languages, each a
// single Discord message, in the reader's language.
func TestStaticTexts(t *testing.T) {
	long := strings.Repeat("名", 1500)
	black := shogi.Black
	for _, l := range Langs {
		texts := map[string]string{
			"help":           Help(l),
			"mask prompt":    MaskPrompt(l),
			"dms closed":     DMsClosed(l, "<@42>"),
			"dms long":       DMsClosed(l, long),
			"expired":        ChallengeExpired(l, "<@42>"),
			"expired long":   ChallengeExpired(l, long),
			"challenge":      ChallengeCard(l, Challenge{ID: 7, Challenger: "<@1>", Challenged: "<@2>", Variant: view.Tsuitate, Options: policy.Defaults(view.Tsuitate), Color: &black, Ranked: true, Expires: time.Unix(1900000000, 0)}),
			"open challenge": ChallengeCard(l, Challenge{ID: 8, Challenger: long, Variant: view.Dark, Options: policy.Defaults(view.Dark)}),
		}
		for _, v := range variants {
			o := policy.Defaults(v)
			o.TurnSeconds = 60
			ctx := Ctx{Lang: l, Variant: v, Names: Names{"<@1>", "<@2>"}, GameID: 12, Options: o}
			texts["rules "+string(v)] = Rules(l, v)
			texts["card "+string(v)] = GameCard(ctx, v == view.Tsuitate)
			texts["welcome black "+string(v)] = Welcome(ctx, shogi.Black)
			texts["welcome white "+string(v)] = Welcome(ctx, shogi.White)
			ctx.Names = Names{long, long}
			texts["card long "+string(v)] = GameCard(ctx, false)
			texts["welcome long "+string(v)] = Welcome(ctx, shogi.White)
		}
		for name, s := range texts {
			if s == "" || runes(s) > MaxLen || strings.Contains(s, "%!") {
				t.Errorf("%s %s: %d characters: %.200q", l, name, runes(s), s)
			}
			if l == JA && !hasJapanese(s) {
				t.Errorf("ja %s: no Japanese: %.200q", name, s)
			}
		}
	}
	// Rules differ per variant and say what matters.
	for l, want := range map[Lang]map[view.Variant]string{
		EN: {view.Standard: "sennichite", view.Tsuitate: "king_visible", view.Masked: "mask", view.Dark: "fog"},
		JA: {view.Standard: "千日手", view.Tsuitate: "玉位置公開", view.Masked: "影武者", view.Dark: "霧"},
	} {
		for v, w := range want {
			if !strings.Contains(Rules(l, v), w) {
				t.Errorf("%s rules of %s do not mention %q", l, v, w)
			}
		}
	}
	// Help shows each notation with an example.
	for _, w := range []string{"USI", "7g7f", "P-7f", "P*5e", "７六歩", "同歩", "#12 7g7f", "`help`", "/shogi resign"} {
		if !strings.Contains(Help(EN), w) || !strings.Contains(Help(JA), w) {
			t.Errorf("help lacks %q", w)
		}
	}
	if got := DMsClosed(EN, "<@42>"); got != "<@42>, I can't send you DMs, so the game can't start. Turn on *Server Settings → Privacy Settings → Direct Messages* (or *Allow direct messages from server members*); then the challenge can be accepted again." {
		t.Errorf("dms closed: %q", got)
	}
}

func TestCards(t *testing.T) {
	o := policy.Defaults(view.Tsuitate)
	o.AnnounceFouls = false
	ctx := Ctx{Lang: EN, Variant: view.Tsuitate, Names: Names{"<@1>", "<@2>"}, GameID: 12, Options: o}
	want := "**Game #12 · Tsuitate shogi**\n☗ Black: <@1>\n☖ White: <@2>\n" +
		"Options: ranked · foul limit 10 · fouls told only to the fouling player · draw at move 150 · no time limit · CPU takes over after 10 min away"
	if got := GameCard(ctx, true); got != want {
		t.Errorf("game card:\n got %q\nwant %q", got, want)
	}
	ctx.Options.KingVisible = true
	if got := GameCard(ctx, true); !strings.Contains(got, "fouls told only to the fouling player · the opponent's king visible · draw") {
		t.Errorf("game card with king_visible: %q", got)
	}
	ctx.Options.KingVisible = false
	ctx.Lang = JA
	if got := GameCard(ctx, false); !strings.Contains(got, "☗ 先手：<@1>") || !strings.Contains(got, "反則上限10回") {
		t.Errorf("ja game card: %q", got)
	}
	white := shogi.White
	got := ChallengeCard(EN, Challenge{ID: 5, Challenger: "<@1>", Challenged: "<@2>", Variant: view.Masked,
		Options: policy.Defaults(view.Masked), Color: &white, Expires: time.Unix(1900000000, 0)})
	for _, w := range []string{"**Challenge #5: <@1> challenges <@2> to Masked shogi", "<@1> plays ☖ White", "unranked", "<t:1900000000:R>"} {
		if !strings.Contains(got, w) {
			t.Errorf("challenge card lacks %q: %q", w, got)
		}
	}
	if got := ChallengeCard(JA, Challenge{ID: 6, Challenger: "<@1>", Variant: view.Standard}); !strings.Contains(got, "申し込み #6：<@1>が本将棋の対局相手を募集") || !strings.Contains(got, "ランダム") {
		t.Errorf("ja open challenge: %q", got)
	}
	// Welcome: colour, turn, what one sees; Masked asks for the mask first.
	ctx = Ctx{Lang: EN, Variant: view.Tsuitate, Names: Names{"<@1>", "<@2>"}, GameID: 3, Options: policy.Defaults(view.Tsuitate)}
	if got := Welcome(ctx, shogi.White); !strings.Contains(got, "you play ☖ <@2> against ☗ <@1>") || !strings.Contains(got, "☗ moves first") {
		t.Errorf("welcome: %q", got)
	}
	ctx.Variant = view.Masked
	if got := Welcome(ctx, shogi.Black); !strings.Contains(got, MaskPrompt(EN)) {
		t.Errorf("masked welcome: %q", got)
	}
}

func TestRevealDetails(t *testing.T) {
	moves := make([]string, 1000)
	for i := range moves {
		moves[i] = "P*5e"
	}
	var fouls []view.FoulRecord
	for i := 0; i < 300; i++ {
		fouls = append(fouls, view.FoulRecord{Player: shogi.Color(i % 2), Number: i + 1, Text: "8h2b`x", Move: "8h2b", Reason: "path_blocked"})
	}
	fouls = append(fouls, view.FoulRecord{Player: shogi.Black, Number: 9, Text: "2h2c", Move: "2h2c", Reason: "king_in_check"})
	e := view.Event{To: view.ToPublic, Kind: view.EvReveal, SFEN: shogi.Startpos().SFEN(), Moves: moves, Fouls: fouls}
	for _, l := range Langs {
		ctx := Ctx{Lang: l, Variant: view.Tsuitate, GameID: 4}
		msgs := RevealDetails(ctx, e)
		all := strings.Join(msgs, "\n")
		for _, m := range msgs {
			if runes(m) > MaxLen || m == "" {
				t.Errorf("%s: message of %d characters", l, runes(m))
			}
		}
		if strings.Count(all, `P\*5e`) != 1000 || !strings.Contains(all, `1000.P\*5e`) {
			t.Errorf("%s: moves lost", l)
		}
		if strings.Count(all, "8h2b") != 600 || strings.Contains(all, "`x") {
			t.Errorf("%s: fouls lost or typed text not made code-safe", l)
		}
		if !strings.Contains(all, tr(l, mWhyPathBlocked)) || !strings.Contains(all, tr(l, mWhyKingInCheck)) {
			t.Errorf("%s: foul reasons missing", l)
		}
	}
	// Masked: the openings and how to check them.
	m := view.Event{To: view.ToPublic, Kind: view.EvReveal, SFEN: shogi.Startpos().SFEN(),
		Masks: [2]shogi.Square{sq("7g"), sq("3c")}, MasksAtEnd: [2]shogi.Square{sq("7g"), sq("3c")},
		Salts: [2]string{"s1", "s2"}, Commitments: [2]string{"c1", "c2"}}
	all := strings.Join(RevealDetails(Ctx{Lang: EN, Variant: view.Masked, GameID: 4}, m), "\n")
	for _, w := range []string{"`shinpan-mask|4|black|7g|s1`", "`shinpan-mask|4|white|3c|s2`", "`c1`", "`c2`"} {
		if !strings.Contains(all, w) {
			t.Errorf("masked reveal lacks %s: %q", w, all)
		}
	}
	if got := Event(Ctx{Lang: EN, Variant: view.Masked}, m); got != "Masks revealed: ☗'s mask was the pawn on 7g; ☖'s mask was the pawn on 3c." {
		t.Errorf("masked reveal header: %q", got)
	}
	if RevealDetails(Ctx{}, view.Event{Kind: view.EvEnd}) != nil {
		t.Error("details of a non-reveal event")
	}
}

// TestMasksSet: the commitments in full (anyone must be able to check them at
// the reveal) and the way to check them.
func TestMasksSet(t *testing.T) {
	e := view.Event{To: view.ToPublic, Kind: view.EvMasksDone, Commitments: [2]string{strings.Repeat("a", 64), strings.Repeat("b", 64)}}
	got := Event(Ctx{Lang: EN, Variant: view.Masked, GameID: 8}, e)
	for _, w := range []string{"`" + strings.Repeat("a", 64) + "`", "`" + strings.Repeat("b", 64) + "`", "SHA-256", "`shinpan-mask|8|<black|white>|<square>|<salt>`"} {
		if !strings.Contains(got, w) {
			t.Errorf("masks_set lacks %s: %q", w, got)
		}
	}
}

// TestLongNamesFit: names are cut so no message passes the Discord limit.
func TestLongNamesFit(t *testing.T) {
	long := strings.Repeat("x", 5000)
	ctx := Ctx{Lang: EN, Variant: view.Tsuitate, Names: Names{long, long}, GameID: 1, Options: policy.Defaults(view.Tsuitate)}
	var evs []view.Event
	for i := 0; i < 40; i++ {
		evs = append(evs, toAll(view.Event{Kind: view.EvEnd, Winner: winner(shogi.Black), Reason: view.ReasonFoulLimit})...)
	}
	for _, s := range []string{Announcement(ctx, evs), PlayerUpdate(ctx, shogi.White, evs), Event(ctx, evs[0])} {
		if runes(s) > MaxLen {
			t.Errorf("%d characters", runes(s))
		}
	}
}

// TestNoTextIsCut: every text of the tables fits one Discord message as
// written, so clip never cuts a help or rules page (format verbs count as
// written; what they insert is bounded where it is filled).
func TestNoTextIsCut(t *testing.T) {
	for _, l := range Langs {
		for k := range en() {
			s := tr(l, k)
			if n := utf8.RuneCountInString(s); n > MaxLen {
				t.Errorf("%s %s: %d characters, Discord takes %d", l, k, n, MaxLen)
			}
		}
	}
	if n := utf8.RuneCountInString(tr(EN, mHelp)); n > MaxLen-100 {
		t.Logf("English help: %d of %d characters", n, MaxLen)
	}
}

// TestRevealMovesInNotation: the reveal's move list is written in the
// reader's notation, each move as the announcements wrote it.
func TestRevealMovesInNotation(t *testing.T) {
	e := view.Event{To: view.ToPublic, Kind: view.EvReveal, SFEN: shogi.Startpos().SFEN(),
		Moves: []string{"7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"}}
	for _, c := range []struct {
		n    notation.Notation
		l    Lang
		want string
	}{
		{notation.Western, EN, `1.P-7f 2.P-3d 3.Bx2b+ 4.Sx2b 5.B\*4e`},
		{notation.Japanese, JA, "1.☗７六歩 2.☖３四歩 3.☗２二角成 4.☖２二銀 5.☗４五角"},
		{notation.USI, EN, `1.7g7f 2.3c3d 3.8h2b+ 4.3a2b 5.B\*4e`},
	} {
		ctx := Ctx{Lang: c.l, Variant: view.Standard, GameID: 4, Notation: c.n, Start: shogi.Startpos()}
		all := strings.Join(RevealDetails(ctx, e), "\n")
		if !strings.Contains(all, c.want) {
			t.Errorf("%s: %q lacks %q", c.n, all, c.want)
		}
		if c.n != notation.USI && strings.Contains(all, "USI") {
			t.Errorf("%s: the list is said to be in USI: %q", c.n, all)
		}
	}
}
