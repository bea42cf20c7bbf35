package compose

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"reflect"
	"testing"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/render"
	"shinpan/store/bolt"
)

// memoSample is a Payload with every field set, a board with every pointer
// and slice of its view and options among them.
func memoSample() Payload {
	w := shogi.White
	v := view.View{Variant: view.Tsuitate, Viewer: view.ViewerBlack, Mask: shogi.NoSquare, LastMove: shogi.NoMove,
		LostAt: shogi.NoSquare, Masks: [2]shogi.Square{shogi.NoSquare, shogi.NoSquare}, LastMoveBefore: "sfen",
		Result: &view.Result{Winner: &w, Reason: view.ReasonCheckmate}}
	v.Board[3] = view.Cell{Piece: 5, Known: true}
	opt := render.Options{Notes: []shogi.Square{1, 2}, Reach: &render.Reach{From: 3, To: []shogi.Square{4}},
		Clocks: [2]string{"1:00", "2:00"}, Labels: render.Labels{Sides: [2]string{"Black", "White"}}, CacheScope: "game 1 seat 0"}
	return Payload{Content: "盤 <@1> & {game}", Buttons: []Button{{ID: "move:{game}", Label: "Move", Style: 1}},
		Files: []File{{Name: "board.png", Alt: "alt", Type: "image/png", Board: &BoardSpec{View: v, Options: opt}},
			{Name: "x.bin", Type: "application/octet-stream", Data: []byte{0, 1, 255}}},
		Edit: "9", EditRef: "card", Ref: "board", Mentions: []string{"1"}, Thread: "Game #{game}", Public: true, Challenge: 7,
		Select: &Menu{ID: "mask:1", Placeholder: "?", Options: []MenuOption{
			{Label: "5e", Value: "5e", Default: true, Description: "d"}}}}
}

// TestPayloadMemo: the memo gives, once, what decoding the very bytes
// encoded gives, whatever the caller does to its Payload afterwards; other
// bytes, a Payload whose JSON replaced a string, and the oldest beyond the
// bound are not served.
func TestPayloadMemo(t *testing.T) {
	m := newPayloadMemo()
	p := memoSample()
	raw, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	m.Put(raw, p)
	// The caller reuses its payload's parts.
	p.Files[0].Board.View.Result.Reason = view.ReasonTimeout
	*p.Files[0].Board.View.Result.Winner = shogi.Black
	p.Files[0].Board.Options.Notes[0] = 9
	p.Files[0].Board.Options.Reach.To[0] = 9
	p.Files[1].Data[0] = 9
	p.Buttons[0].ID = "changed"
	p.Mentions[0] = "2"
	p.Select.Options[0].Label = "y"
	p.Files[0].Name = "changed"
	var want Payload
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatal(err)
	}
	if _, ok := m.Take(append(raw[:len(raw):len(raw)], ' ')); ok {
		t.Fatal("served for other bytes")
	}
	got, ok := m.Take(raw)
	if !ok || !reflect.DeepEqual(got, want) {
		t.Fatalf("memo gave %v %+v, decoding gives %+v", ok, got, want)
	}
	if _, ok := m.Take(raw); ok {
		t.Fatal("served twice")
	}

	// Empty slices are left out by JSON, and so by the memo.
	q := Payload{Content: "x", Files: []File{}, Buttons: []Button{}, Mentions: []string{}}
	raw = q.Encode()
	want = Payload{}
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatal(err)
	}
	m.Put(raw, q)
	if got, ok := m.Take(raw); !ok || !reflect.DeepEqual(got, want) {
		t.Fatalf("memo gave %v %#v, decoding gives %#v", ok, got, want)
	}

	// Invalid UTF-8 is replaced by json.Marshal: not kept.
	bad := Payload{Content: "a\xffb"}
	raw, _ = json.Marshal(bad)
	m.Put(raw, bad)
	if _, ok := m.Take(raw); ok {
		t.Fatal("kept a Payload whose JSON changed a string")
	}

	// The bound: the oldest go first.
	var raws [][]byte
	for i := range payloadMemoSize + 1 {
		r, _ := json.Marshal(Payload{Content: fmt.Sprint(i)})
		m.Put(r, Payload{Content: fmt.Sprint(i)})
		raws = append(raws, r)
	}
	if _, ok := m.Take(raws[0]); ok {
		t.Fatal("the oldest was kept beyond the bound")
	}
	for _, r := range raws[1:] {
		if got, ok := m.Take(r); !ok || string(raws[len(raws)-1]) == string(r) && got.Content != fmt.Sprint(payloadMemoSize) {
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
	// bbolt's outbox only: another store may give the same JSON in other
	// bytes, decoded then.
	st, err := bolt.Open(filepath.Join(t.TempDir(), "shinpan.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	p := memoSample()
	msg := ToDM("1", p)
	m := newPayloadMemo()
	m.Put(msg.Payload, p)
	if err := st.Enqueue(msg); err != nil {
		t.Fatal(err)
	}
	pending, err := st.PendingOutbox()
	if err != nil || len(pending) != 1 {
		t.Fatalf("outbox %v %v", pending, err)
	}
	var want Payload
	if err := json.Unmarshal(pending[0].Payload, &want); err != nil {
		t.Fatal(err)
	}
	if got, ok := m.Take(pending[0].Payload); !ok || !reflect.DeepEqual(got, want) {
		t.Fatalf("memo gave %v %+v, decoding gives %+v", ok, got, want)
	}
}
