package texts

import (
	"strings"
	"testing"

	"shinpan/referee/policy"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

func TestStatus(t *testing.T) {
	ctx := Ctx{Lang: EN, Variant: view.Tsuitate, Names: Names{"<@1>", "<@2>"}, GameID: 12, Options: policy.Defaults(view.Tsuitate)}
	s := State{Move: 5, Turn: shogi.White}
	for to, want := range map[view.Audience]string{
		view.ToPublic: "Game #12: after move 4, ☖ White to move.",
		view.ToBlack:  "Game #12: after move 4, ☖ White to move.",
		view.ToWhite:  "Game #12: after move 4, ☖ White to move — your turn.",
	} {
		if got := Status(ctx, s, to); got != want {
			t.Errorf("%v: %q, want %q", to, got, want)
		}
	}
	if got := Status(ctx, State{Move: 1, NeedsMasks: true}, view.ToBlack); got != "Game #12: waiting for the masks." {
		t.Errorf("masks: %q", got)
	}
	w := shogi.Black
	over := State{Move: 40, Result: &view.Result{Winner: &w, Reason: view.ReasonResignation}}
	if got := Status(ctx, over, view.ToPublic); got != "Game #12 is over. ☖ <@2> resigned — ☗ <@1> wins." {
		t.Errorf("over: %q", got)
	}
	ctx.Lang = JA
	for _, st := range []State{s, over, {NeedsMasks: true}} {
		if got := Status(ctx, st, view.ToWhite); !strings.Contains(got, "対局 #12") || strings.Contains(got, "%!") {
			t.Errorf("ja: %q", got)
		}
	}
}
