package bot

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"github.com/bwmarrin/discordgo"

	"shinpan/store"
)

// TestPayloadEncodes: a payload with every field set goes into the outbox and
// comes back out unchanged; a message without a payload (what encode gives
// should encoding ever fail) is refused, never queued.
func TestPayloadEncodes(t *testing.T) {
	p := payload{Content: "盤 <@1>", Files: []outFile{{Name: "board.png", Alt: "alt", Type: "image/png", Data: []byte{0, 1, 255}}},
		Buttons: []button{{ID: "move:1", Label: "Move", Style: int(discordgo.PrimaryButton)}}, Edit: "9", Ref: "board",
		Mentions: []string{"1"}, Thread: "Game #1",
		Select: &selectMenu{ID: "mask:1", Placeholder: "?", Options: []discordgo.SelectMenuOption{{Label: "5e", Value: "5e", Default: true}}}}
	st, err := storeBackend.open(storeBackend.fresh(t))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if err := st.Enqueue(toDM("1", p)); err != nil {
		t.Fatal(err)
	}
	pending, err := st.PendingOutbox()
	if err != nil || len(pending) != 1 {
		t.Fatalf("outbox %v %v", pending, err)
	}
	var back payload
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
	mk := func() payload {
		return payload{Content: "Game #{game}: {game}{game} {gam}", Thread: "shogi {game}",
			Buttons: []button{{ID: "move:{game}"}}, Files: []outFile{{Name: "shinpan-{game}.kif"}},
			Select: &selectMenu{ID: "pick:{game}"}}
	}
	p := mk()
	fillGame(&p, 42)
	if p.Content != "Game #42: 4242 {gam}" || p.Thread != "shogi 42" || p.Buttons[0].ID != "move:42" ||
		p.Files[0].Name != "shinpan-42.kif" || p.Select.ID != "pick:42" {
		t.Errorf("filled %+v", p)
	}
	p = mk()
	fillGame(&p, 0)
	if p.Content != mk().Content || p.Select.ID != "pick:{game}" {
		t.Errorf("game 0: %+v", p)
	}
}
