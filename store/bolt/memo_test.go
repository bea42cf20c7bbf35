package bolt

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"
	"time"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/store"
)

// TestRecordMemo: a record served from the memo is what decoding its bytes
// gives, whatever a caller did to an earlier copy; other bytes are decoded;
// the oldest go beyond the bound.
func TestRecordMemo(t *testing.T) {
	m := newMemo(store.Game.Clone)
	w := shogi.White
	g := store.Game{ID: 7, Players: [2]string{"a", "b"}, Status: store.StatusFinished, CreatedAt: time.Unix(9, 0).UTC(),
		Result: &view.Result{Winner: &w, Reason: view.ReasonResignation}, Deadline: &store.Deadline{Seq: 3}}
	raw, err := json.Marshal(g)
	check(t, err)
	var want store.Game
	check(t, json.Unmarshal(raw, &want))
	for i := range 3 {
		var got store.Game
		check(t, m.decode(raw, &got))
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("decode %d: %+v, want %+v", i, got, want)
		}
		*got.Result.Winner, got.Deadline.Seq, got.ID = shogi.Black, 99, 8 // the caller's own copy
	}
	if n := m.t.Len(); n != 1 {
		t.Fatalf("%d kept, want 1", n)
	}
	var bad store.Game
	if err := m.decode(raw[:len(raw)-1], &bad); err == nil {
		t.Fatal("a truncated record decoded")
	}
	var first []byte
	for i := range memoSize + 1 {
		r := fmt.Appendf(nil, `{"id":%d}`, i+100)
		if i == 0 {
			first = r
		}
		var x store.Game
		check(t, m.decode(r, &x))
		if x.ID != store.GameID(i+100) {
			t.Fatalf("%s decoded as %d", r, x.ID)
		}
	}
	if _, ok := m.t.Get(string(first)); ok {
		t.Fatal("the oldest kept beyond the bound")
	}
	if n := m.t.Len(); n != memoSize {
		t.Fatalf("%d kept, want %d", n, memoSize)
	}
}
