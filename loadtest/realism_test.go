package loadtest

import (
	"encoding/json"
	"testing"

	"shinpan/bot/texts"
	"shinpan/referee/policy"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// TestCardMove: the moves played are read back from a card edit's body as
// bot/texts writes the card in English: 0 at the start, 6 after six moves,
// -1 once the game is over (the card names no move).
func TestCardMove(t *testing.T) {
	ctx := texts.Ctx{Lang: texts.EN, Variant: view.Tsuitate, Names: texts.Names{Black: "<@1>", White: "<@2>"}, GameID: 3,
		Options: policy.Defaults(view.Tsuitate)}
	w := shogi.White
	for _, c := range []struct {
		name  string
		state texts.State
		want  int
	}{
		{"start", texts.State{Move: 1, Turn: shogi.Black}, 0},
		{"after one", texts.State{Move: 2, Turn: shogi.White}, 1},
		{"after six", texts.State{Move: 7, Turn: shogi.Black}, 6},
		{"over", texts.State{Move: 7, Result: &view.Result{Winner: &w, Reason: view.ReasonResignation}}, -1},
	} {
		t.Run(c.name, func(t *testing.T) {
			body, err := json.Marshal(map[string]string{"content": texts.GameCardState(ctx, texts.CardState{State: c.state})})
			if err != nil {
				t.Fatal(err)
			}
			if got := cardMove(body); got != c.want {
				t.Errorf("cardMove(%s) = %d, want %d", body, got, c.want)
			}
		})
	}
}
