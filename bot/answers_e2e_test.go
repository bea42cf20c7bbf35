package bot

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"shinpan/referee/view"
	"shinpan/store"
	"shinpan/store/storetest"
)

// TestDeclareAnswer: a valid impasse declaration answers the declarer
// with what happened, the game it won, in their language (not "Done.").
func TestDeclareAnswer(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	// Black's king in camp with ten pieces there and 28 points: a valid
	// declaration (referee/shogi's impasse tests), Black to move.
	const impasse = "+P+P+P+P+P+P+P+P1/RB2K4/9/9/9/9/9/9/4k4 b 2G2S2N2L2P 1"
	if err := e.srv.SetLocale(e.carol, "ja"); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, black, want string
	}{
		{"en", e.alice, "Your impasse declaration is valid (27-point rule): you win game #%s."},
		{"ja", e.carol, "入玉宣言が認められました（27点法）。対局 #%s はあなたの勝ちです。"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := storetest.SampleGame(e.srv.GuildID(), e.ch, tc.black, e.bob, view.Standard)
			g.StartSFEN, g.Ranked, g.Status = impasse, false, store.StatusActive
			g, err := e.st.CreateGame(g, "", nil)
			if err != nil {
				t.Fatal(err)
			}
			want := strings.Replace(tc.want, "%s", itoa(uint64(g.ID)), 1)
			if out := e.slash(tc.black, "declare"); out != want {
				t.Fatalf("declaration: %q, want %q", out, want)
			}
			if r := e.game(g.ID).Result; r == nil || r.Reason != view.ReasonImpasse {
				t.Fatalf("result %+v", r)
			}
		})
	}
}

// TestMaskMenuAnswer: a mask chosen from the mask menu of an older
// message (mask:<game>, before the tap menus) answers with the piece and
// square chosen, in the chooser's language; the opponent is told nothing.
func TestMaskMenuAnswer(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	if err := e.srv.SetLocale(e.bob, "ja"); err != nil {
		t.Fatal(err)
	}
	id := e.startGame("masked")
	e.settle()
	for _, tc := range []struct {
		name, user, other, square, want string
	}{
		{"en", e.alice, e.bob, "2h", "Your mask is now the rook on 2h."},
		{"en changed", e.alice, e.bob, "7i", "Your mask is now the silver on 7i."},
		{"ja", e.bob, e.alice, "8b", "影武者を８二の飛にしました。"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			menu, _ := json.Marshal([]any{map[string]any{"type": 1, "components": []any{map[string]any{
				"type": 3, "custom_id": "mask:" + itoa(uint64(id)), "placeholder": "mask",
				"options": []any{map[string]any{"label": tc.square, "value": tc.square}}}}}})
			ch := e.dmChannel(tc.user)
			msg, err := e.srv.SeedBotComponents(ch, "Choose your mask:", menu)
			if err != nil {
				t.Fatal(err)
			}
			before := len(e.botDMs(tc.other))
			iid, err := e.srv.SelectMenu(tc.user, ch, msg, "mask:"+itoa(uint64(id)), tc.square)
			if err != nil {
				t.Fatal(err)
			}
			if out := e.answer(iid); out != tc.want {
				t.Fatalf("mask: %q, want %q", out, tc.want)
			}
			for _, m := range e.botDMs(tc.other)[before:] {
				if regexp.MustCompile(`\b`+tc.square+`\b`).MatchString(m.Content) || strings.Contains(m.Content, "８二") { // not inside a commitment's hex
					t.Fatalf("the opponent was told of the mask: %q", m.Content)
				}
			}
		})
	}
	if g := e.game(id); g.Status != store.StatusActive {
		t.Fatalf("both masks chosen: status %s", g.Status)
	}
}
