package compose

import (
	"encoding/json"
	"errors"
	"path/filepath"
	"reflect"
	"testing"

	"shinpan/store"
	"shinpan/store/bolt"
)

// TestPayloadEncodes: a Payload with every field set goes into the outbox and
// comes back out unchanged; a message without a Payload (what encode gives
// should encoding ever fail) is refused, never queued.
func TestPayloadEncodes(t *testing.T) {
	p := Payload{Content: "盤 <@1>", Files: []File{{Name: "board.png", Alt: "alt", Type: "image/png", Data: []byte{0, 1, 255}}},
		Buttons: []Button{{ID: "move:1", Label: "Move", Style: 1}}, Edit: "9", Ref: "board",
		Mentions: []string{"1"}, Thread: "Game #1",
		Select: &Menu{ID: "mask:1", Placeholder: "?", Options: []MenuOption{{Label: "5e", Value: "5e", Default: true}}}}
	st, err := bolt.Open(filepath.Join(t.TempDir(), "shinpan.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if err := st.Enqueue(ToDM("1", p)); err != nil {
		t.Fatal(err)
	}
	pending, err := st.PendingOutbox()
	if err != nil || len(pending) != 1 {
		t.Fatalf("outbox %v %v", pending, err)
	}
	var back Payload
	if err := json.Unmarshal(pending[0].Payload, &back); err != nil || !reflect.DeepEqual(back, p) {
		t.Fatalf("payload came back as %+v (%v)", back, err)
	}
	if err := st.Enqueue(store.OutMsg{Dest: store.DestDM, Target: "1"}); !errors.Is(err, store.ErrInvalid) {
		t.Fatalf("a message without a payload: %v", err)
	}
}

// TestFillGame: every "{game}" slot of a queued message gets the game's
// number, and a message of no game (id 0) is left as it is.
func TestFillGame(t *testing.T) {
	mk := func() Payload {
		return Payload{Content: "Game #{game}: {game}{game} {gam}", Thread: "shogi {game}",
			Buttons: []Button{{ID: "move:{game}"}}, Files: []File{{Name: "shinpan-{game}.kif"}},
			Select: &Menu{ID: "pick:{game}"}}
	}
	p := mk()
	p.FillGame(42)
	if p.Content != "Game #42: 4242 {gam}" || p.Thread != "shogi 42" || p.Buttons[0].ID != "move:42" ||
		p.Files[0].Name != "shinpan-42.kif" || p.Select.ID != "pick:42" {
		t.Errorf("filled %+v", p)
	}
	p = mk()
	p.FillGame(0)
	if p.Content != mk().Content || p.Select.ID != "pick:{game}" {
		t.Errorf("game 0: %+v", p)
	}
}
