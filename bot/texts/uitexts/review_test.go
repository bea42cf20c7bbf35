package uitexts

import (
	"strings"
	"testing"

	"shinpan/bot/texts"
	"shinpan/referee"
	"shinpan/referee/view"
)

// TestReviewStart: the review's first step names the start position in each
// language's own punctuation.
func TestReviewStart(t *testing.T) {
	for _, tc := range []struct {
		lang texts.Lang
		want string
	}{
		{texts.EN, "move 0 of 37, the start ·"},
		{texts.JA, "0手目（全37手） — 開始局面 ·"},
	} {
		t.Run(string(tc.lang), func(t *testing.T) {
			got := Review(texts.Ctx{Lang: tc.lang, Variant: view.Standard, GameID: 12}, referee.Step{}, 37, "")
			if !strings.Contains(got, tc.want) {
				t.Errorf("review head %q, want it to hold %q", got, tc.want)
			}
		})
	}
}
