package bot

import (
	"strings"
	"sync/atomic"
	"testing"

	"shinpan/bot/discordtest"
	"shinpan/referee/shogi"
	"shinpan/store"
)

// enqueueDownStore refuses Enqueue while down, as a store that went down
// between a note's two writes would.
type enqueueDownStore struct {
	store.Store
	down atomic.Bool
}

func (s *enqueueDownStore) wrap(st store.Store) store.Store { s.Store = st; return s }

func (s *enqueueDownStore) Enqueue(ms ...store.OutMsg) error {
	if s.down.Load() {
		return errUnreachable
	}
	return s.Store.Enqueue(ms...)
}

// TestNoteKeptBoardUnsent: a note the store kept, whose board it then could
// not queue, is answered as kept (not "nothing was recorded").
func TestNoteKeptBoardUnsent(t *testing.T) {
	t.Parallel()
	fs := &enqueueDownStore{}
	e := newEnv(t, func(e *env) { e.wrapStore = fs.wrap })
	id := e.startGame("tsuitate")
	fs.down.Store(true)
	out := e.slash(e.alice, "note", discordtest.StringOption("square", "5e"))
	fs.down.Store(false)
	if !strings.Contains(out, "Note added on 5e") || !strings.Contains(out, "could not be sent") || strings.Contains(out, "nothing was recorded") {
		t.Fatalf("note answer with the outbox down: %q", out)
	}
	notes, err := e.st.Notes(id, shogi.Black) // alice plays Black
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, sq := range notes {
		found = found || sq.String() == "5e"
	}
	if !found {
		t.Fatalf("the note on 5e was not kept: %v", notes)
	}
}
