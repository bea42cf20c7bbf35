package uitexts

import (
	"shinpan/bot/texts"
	"shinpan/bot/texts/internal/texttest"
	"strings"
	"testing"
	"time"

	"shinpan/referee/policy"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

var variants = []view.Variant{view.Standard, view.Tsuitate, view.Masked, view.Dark}

// TestStaticTexts: help, rules, prompts and cards in both languages, each a
// single Discord message, in the reader's language.
func TestStaticTexts(t *testing.T) {
	long := strings.Repeat("名", 1500)
	black := shogi.Black
	for _, l := range texts.Langs {
		msgs := map[string]string{
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
			ctx := texts.Ctx{Lang: l, Variant: v, Names: texts.Names{Black: "<@1>", White: "<@2>"}, GameID: 12, Options: o}
			msgs["rules "+string(v)] = Rules(l, v)
			msgs["card "+string(v)] = GameCard(ctx, v == view.Tsuitate)
			msgs["welcome black "+string(v)] = Welcome(ctx, shogi.Black)
			msgs["welcome white "+string(v)] = Welcome(ctx, shogi.White)
			ctx.Names = texts.Names{Black: long, White: long}
			msgs["card long "+string(v)] = GameCard(ctx, false)
			msgs["welcome long "+string(v)] = Welcome(ctx, shogi.White)
		}
		for name, s := range msgs {
			if s == "" || texttest.Runes(s) > texts.MaxLen || strings.Contains(s, "%!") {
				t.Errorf("%s %s: %d characters: %.200q", l, name, texttest.Runes(s), s)
			}
			if l == texts.JA && !texttest.HasJapanese(s) {
				t.Errorf("ja %s: no Japanese: %.200q", name, s)
			}
		}
	}
	// Rules differ per variant and say what matters.
	for l, want := range map[texts.Lang]map[view.Variant]string{
		texts.EN: {view.Standard: "sennichite", view.Tsuitate: "king_visible", view.Masked: "mask", view.Dark: "fog"},
		texts.JA: {view.Standard: "千日手", view.Tsuitate: "玉位置公開", view.Masked: "影武者", view.Dark: "霧"},
	} {
		for v, w := range want {
			if !strings.Contains(Rules(l, v), w) {
				t.Errorf("%s rules of %s do not mention %q", l, v, w)
			}
		}
	}
	// Help shows each notation with an example.
	for _, w := range []string{"USI", "7g7f", "P-7f", "P*5e", "７六歩", "同歩", "#12 7g7f", "`help`", "/shogi resign"} {
		if !strings.Contains(Help(texts.EN), w) || !strings.Contains(Help(texts.JA), w) {
			t.Errorf("help lacks %q", w)
		}
	}
	if got := DMsClosed(texts.EN, "<@42>"); got != "<@42>, I can't send you DMs, so the game can't start. Turn on *Server Settings → Privacy Settings → Direct Messages* (or *Allow direct messages from server members*); then the challenge can be accepted again." {
		t.Errorf("dms closed: %q", got)
	}
}

func TestCards(t *testing.T) {
	o := policy.Defaults(view.Tsuitate)
	o.AnnounceFouls = false
	ctx := texts.Ctx{Lang: texts.EN, Variant: view.Tsuitate, Names: texts.Names{Black: "<@1>", White: "<@2>"}, GameID: 12, Options: o}
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
	ctx.Lang = texts.JA
	if got := GameCard(ctx, false); !strings.Contains(got, "☗ 先手：<@1>") || !strings.Contains(got, "反則上限10回") {
		t.Errorf("ja game card: %q", got)
	}
	white := shogi.White
	got := ChallengeCard(texts.EN, Challenge{ID: 5, Challenger: "<@1>", Challenged: "<@2>", Variant: view.Masked,
		Options: policy.Defaults(view.Masked), Color: &white, Expires: time.Unix(1900000000, 0)})
	for _, w := range []string{"**Challenge #5: <@1> challenges <@2> to Masked shogi", "<@1> plays ☖ White", "unranked", "<t:1900000000:R>"} {
		if !strings.Contains(got, w) {
			t.Errorf("challenge card lacks %q: %q", w, got)
		}
	}
	if got := ChallengeCard(texts.JA, Challenge{ID: 6, Challenger: "<@1>", Variant: view.Standard}); !strings.Contains(got, "申し込み #6：<@1>が本将棋の対局相手を募集") || !strings.Contains(got, "ランダム") {
		t.Errorf("ja open challenge: %q", got)
	}
	// Welcome: colour, turn, what one sees; Masked asks for the mask first.
	ctx = texts.Ctx{Lang: texts.EN, Variant: view.Tsuitate, Names: texts.Names{Black: "<@1>", White: "<@2>"}, GameID: 3, Options: policy.Defaults(view.Tsuitate)}
	if got := Welcome(ctx, shogi.White); !strings.Contains(got, "you play ☖ <@2> against ☗ <@1>") || !strings.Contains(got, "☗ moves first") {
		t.Errorf("welcome: %q", got)
	}
	ctx.Variant = view.Masked
	if got := Welcome(ctx, shogi.Black); !strings.Contains(got, MaskPrompt(texts.EN)) {
		t.Errorf("masked welcome: %q", got)
	}
}
