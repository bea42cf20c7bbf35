package bolt

import (
	"testing"

	bbolt "go.etcd.io/bbolt"

	"shinpan/referee/view"
	"shinpan/store/storetest"
)

// TestWriteGameIndex: an action leaves a game's index entries that stay as
// they are, and puts back one that is missing (so a store that lost one
// mends it at the game's next action, as when every entry was written anew).
func TestWriteGameIndex(t *testing.T) {
	s, err := Open(tempPath(t), nil)
	check(t, err)
	defer s.Close()
	g := ok(s.CreateGame(storetest.SampleGame("G", "C", "a", "b", view.Tsuitate), "", nil))
	keys := indexKeys(&g)
	if len(keys) < 3 {
		t.Fatalf("a live game has %d index entries", len(keys))
	}
	lost := keys[1]
	check(t, s.update(func(tx *bbolt.Tx) error { return bkt(tx, lost.bucket).Delete(lost.key) }))
	check(t, storetest.AppendOne(s, g.ID, 1))
	check(t, s.view(func(tx *bbolt.Tx) error {
		for _, ik := range keys {
			if !hasKey(bkt(tx, ik.bucket), ik.key) {
				t.Errorf("index entry %s %x missing after an action", ik.bucket, ik.key)
			}
		}
		return nil
	}))
}
