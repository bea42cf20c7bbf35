package bot

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"github.com/bwmarrin/discordgo"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/render"
)

// memoSample is a payload with every field set, a board with every pointer
// and slice of its view and options among them.
func memoSample() payload {
	w := shogi.White
	v := view.View{Variant: view.Tsuitate, Viewer: view.ViewerBlack, Mask: shogi.NoSquare, LastMove: shogi.NoMove,
		LostAt: shogi.NoSquare, Masks: [2]shogi.Square{shogi.NoSquare, shogi.NoSquare}, LastMoveBefore: "sfen",
		Result: &view.Result{Winner: &w, Reason: view.ReasonCheckmate}}
	v.Board[3] = view.Cell{Piece: 5, Known: true}
	opt := render.Options{Notes: []shogi.Square{1, 2}, Reach: &render.Reach{From: 3, To: []shogi.Square{4}},
		Clocks: [2]string{"1:00", "2:00"}, Labels: render.Labels{Sides: [2]string{"Black", "White"}}, CacheScope: "game 1 seat 0"}
	return payload{Content: "盤 <@1> & {game}", Buttons: []button{{ID: "move:{game}", Label: "Move", Style: int(discordgo.PrimaryButton)}},
		Files: []outFile{{Name: "board.png", Alt: "alt", Type: "image/png", Board: &boardSpec{View: v, Options: opt}},
			{Name: "x.bin", Type: "application/octet-stream", Data: []byte{0, 1, 255}}},
		Edit: "9", EditRef: "card", Ref: "board", Mentions: []string{"1"}, Thread: "Game #{game}", Public: true, Challenge: 7,
		Select: &selectMenu{ID: "mask:1", Placeholder: "?", Options: []discordgo.SelectMenuOption{
			{Label: "5e", Value: "5e", Default: true, Emoji: &discordgo.ComponentEmoji{Name: "x"}}}}}
}

// TestPayloadMemo: the memo gives, once, what decoding the very bytes
// encoded gives, whatever the caller does to its payload afterwards; other
// bytes, a payload whose JSON replaced a string, and the oldest beyond the
// bound are not served.
func TestPayloadMemo(t *testing.T) {
	m := newPayloadMemo()
	p := memoSample()
	raw, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	m.put(raw, p)
	// The caller reuses its payload's parts.
	p.Files[0].Board.View.Result.Reason = view.ReasonTimeout
	*p.Files[0].Board.View.Result.Winner = shogi.Black
	p.Files[0].Board.Options.Notes[0] = 9
	p.Files[0].Board.Options.Reach.To[0] = 9
	p.Files[1].Data[0] = 9
	p.Buttons[0].ID = "changed"
	p.Mentions[0] = "2"
	p.Select.Options[0].Emoji.Name = "y"
	p.Files[0].Name = "changed"
	var want payload
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatal(err)
	}
	if _, ok := m.take(append(raw[:len(raw):len(raw)], ' ')); ok {
		t.Fatal("served for other bytes")
	}
	got, ok := m.take(raw)
	if !ok || !reflect.DeepEqual(got, want) {
		t.Fatalf("memo gave %v %+v, decoding gives %+v", ok, got, want)
	}
	if _, ok := m.take(raw); ok {
		t.Fatal("served twice")
	}

	// Empty slices are left out by JSON, and so by the memo.
	q := payload{Content: "x", Files: []outFile{}, Buttons: []button{}, Mentions: []string{}}
	raw = q.encode()
	want = payload{}
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatal(err)
	}
	m.put(raw, q)
	if got, ok := m.take(raw); !ok || !reflect.DeepEqual(got, want) {
		t.Fatalf("memo gave %v %#v, decoding gives %#v", ok, got, want)
	}

	// Invalid UTF-8 is replaced by json.Marshal: not kept.
	bad := payload{Content: "a\xffb"}
	raw, _ = json.Marshal(bad)
	m.put(raw, bad)
	if _, ok := m.take(raw); ok {
		t.Fatal("kept a payload whose JSON changed a string")
	}

	// The bound: the oldest go first.
	var raws [][]byte
	for i := range payloadMemoSize + 1 {
		r, _ := json.Marshal(payload{Content: fmt.Sprint(i)})
		m.put(r, payload{Content: fmt.Sprint(i)})
		raws = append(raws, r)
	}
	if _, ok := m.take(raws[0]); ok {
		t.Fatal("the oldest was kept beyond the bound")
	}
	for _, r := range raws[1:] {
		if got, ok := m.take(r); !ok || string(raws[len(raws)-1]) == string(r) && got.Content != fmt.Sprint(payloadMemoSize) {
			t.Fatalf("lost %s", r)
		}
	}
	if n := m.t.Len(); n != 0 {
		t.Fatalf("%d entries left", n)
	}
}

// TestPayloadMemoThroughStore: the bytes the outbox gives back are the
// bytes encoded (bbolt keeps them as they are), so the memo serves them.
func TestPayloadMemoThroughStore(t *testing.T) {
	if storeBackend.name != "bbolt" {
		t.Skip("bbolt's outbox only") // another store may give the same JSON in other bytes: decoded then
	}
	st, err := storeBackend.open(storeBackend.fresh(t))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	p := memoSample()
	msg := toDM("1", p)
	m := newPayloadMemo()
	m.put(msg.Payload, p)
	if err := st.Enqueue(msg); err != nil {
		t.Fatal(err)
	}
	pending, err := st.PendingOutbox()
	if err != nil || len(pending) != 1 {
		t.Fatalf("outbox %v %v", pending, err)
	}
	var want payload
	if err := json.Unmarshal(pending[0].Payload, &want); err != nil {
		t.Fatal(err)
	}
	if got, ok := m.take(pending[0].Payload); !ok || !reflect.DeepEqual(got, want) {
		t.Fatalf("memo gave %v %+v, decoding gives %+v", ok, got, want)
	}
}
