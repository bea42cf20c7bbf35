package storetest

import (
	"shinpan/store"

	"bytes"
	"strings"
	"testing"

	"shinpan/referee"
	"shinpan/referee/policy"
	"shinpan/referee/record"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// TestExportKIFAndCSA: a finished Tsuitate game with a foul exports as KIF and
// CSA that read back to the same moves, the foul kept as a comment.
func testExportKIFAndCSA(t *testing.T, b Backend) {
	s := openT(t, b, b.Fresh(t), newClock())
	g := SampleGame("g1", "c1", "100", "200", view.Tsuitate)
	g.Options = policy.Defaults(view.Tsuitate)
	g, err := s.CreateGame(g, "", nil)
	check(t, err)
	acts := []referee.Action{Move(shogi.Black, "7g7f"), Move(shogi.White, "8c8d"), Move(shogi.Black, "8h2b+"),
		Move(shogi.Black, "2g2f"), {Kind: referee.ActResign, Player: shogi.White}}
	for i, a := range acts {
		_, err := s.AppendAction(g.ID, store.Entry{Action: a, UserID: "100", Key: "k" + string(rune('a'+i))}, nil, nil)
		check(t, err)
	}
	_, err = s.UpdateGame(g.ID, nil, func(x *store.Game) error {
		w := shogi.Black
		x.Status, x.Result = store.StatusFinished, &view.Result{Winner: &w, Reason: view.ReasonResignation}
		return nil
	})
	check(t, err)
	var kif, csa bytes.Buffer
	check(t, store.WriteRecord(&kif, s, g.ID, store.KIFWriter))
	check(t, store.WriteRecord(&csa, s, g.ID, store.CSAWriter))
	if !strings.Contains(kif.String(), "foul black move 3: 8h2b+ (path_blocked)") {
		t.Fatalf("KIF lacks the foul:\n%s", kif.String())
	}
	for name, data := range map[string][]byte{"x.kif": kif.Bytes(), "x.csa": csa.Bytes()} {
		rec, err := record.Parse(data, name)
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, data)
		}
		if len(rec.Moves) != 3 || rec.Moves[2].USI() != "2g2f" || rec.Result.Reason != record.ReasonResignation {
			t.Fatalf("%s read back %v %v", name, rec.Moves, rec.Result)
		}
	}
}
