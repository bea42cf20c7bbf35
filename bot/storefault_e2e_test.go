package bot

import (
	"fmt"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"shinpan/bot/texts"
	"shinpan/bot/texts/uitexts"
	"shinpan/store"
)

// faultyStore fails what a full disk fails: every write (full), or only
// marking messages sent (marks). Reads go through.
type faultyStore struct {
	store.Store
	full, marks atomic.Bool
}

// errDiskFull is what the bbolt store returns for a full disk (bolt/open.go).
var errDiskFull = fmt.Errorf("%w: the disk refused a write to shinpan.db (write: %w): nothing of it was written", store.ErrUnavailable, syscall.ENOSPC)

func (f *faultyStore) wrap(st store.Store) store.Store { f.Store = st; return f }

func (f *faultyStore) check() error {
	if f.full.Load() {
		return errDiskFull
	}
	return nil
}

func (f *faultyStore) MarkSent(ids ...uint64) error {
	if f.full.Load() || f.marks.Load() {
		return errDiskFull
	}
	return f.Store.MarkSent(ids...)
}

func (f *faultyStore) AppendAction(id store.GameID, e store.Entry, out []store.OutMsg, fn func(*store.Game)) (store.Entry, error) {
	if err := f.check(); err != nil {
		return store.Entry{}, err
	}
	return f.Store.AppendAction(id, e, out, fn)
}

func (f *faultyStore) UpdateGame(id store.GameID, out []store.OutMsg, fn func(*store.Game) error) (store.Game, error) {
	if err := f.check(); err != nil {
		return store.Game{}, err
	}
	return f.Store.UpdateGame(id, out, fn)
}

func (f *faultyStore) Enqueue(msgs ...store.OutMsg) error {
	if err := f.check(); err != nil {
		return err
	}
	return f.Store.Enqueue(msgs...)
}

func (f *faultyStore) UpdateSettings(user string, fn func(*store.Settings)) (store.Settings, error) {
	if err := f.check(); err != nil {
		return store.Settings{}, err
	}
	return f.Store.UpdateSettings(user, fn)
}

func (f *faultyStore) PutMessageRef(id store.GameID, purpose string, ref store.MessageRef) error {
	if err := f.check(); err != nil {
		return err
	}
	return f.Store.PutMessageRef(id, purpose, ref)
}

// resent counts the posts the stand-in answered with an earlier message (the
// same nonce again).
func (e *env) resent() int {
	n := 0
	for _, r := range e.srv.Requests() {
		if r.Deduplicated {
			n++
		}
	}
	return n
}

// TestMarkSentFailing: with the disk full for marking messages sent, the moves
// still go out, each message once, the later ones behind the unmarked ones
// too; the messages stay in the store meanwhile and are marked by themselves
// once the disk has room again.
func TestMarkSentFailing(t *testing.T) {
	t.Parallel()
	fs := &faultyStore{}
	e := newEnv(t, func(e *env) { e.wrapStore = fs.wrap })
	id := e.startGame("tsuitate")
	fs.marks.Store(true)
	for i, mv := range []struct{ from, to, text string }{{e.alice, e.bob, "7g7f"}, {e.bob, e.alice, "3c3d"}} {
		if _, err := e.srv.SendDM(mv.from, mv.text); err != nil {
			t.Fatal(err)
		}
		moved := fmt.Sprintf("moved (move %d)", i+1)
		e.waitUntil("move "+mv.text+" sent while marks fail", func() bool {
			return e.countDMs(mv.from, "You played") == 1 && e.countDMs(mv.to, moved) == 1 &&
				strings.Contains(e.lastPost().Content, moved)
		})
	}
	if pending, err := e.st.PendingOutbox(); err != nil || len(pending) < 6 {
		t.Fatalf("the outbox holds %d messages (%v), want the 6 sent but not marked", len(pending), err)
	}
	time.Sleep(3500 * time.Millisecond) // a mark retry and a dispatcher's look
	if n := e.resent(); n != 0 {
		t.Fatalf("%d messages were sent again while marks failed", n)
	}
	fs.marks.Store(false)
	e.waitUntil("the outbox marked by itself", func() bool {
		pending, err := e.st.PendingOutbox()
		return err == nil && len(pending) == 0
	})
	e.settle()
	if e.resent() != 0 || e.countDMs(e.alice, "You played") != 1 || e.countDMs(e.bob, "You played") != 1 {
		t.Fatalf("after the recovery: %d re-sent, alice %d and bob %d answers", e.resent(), e.countDMs(e.alice, "You played"), e.countDMs(e.bob, "You played"))
	}
	if g := e.game(id); g.LastSeq != 2 {
		t.Fatalf("the game is at seq %d, want 2", g.LastSeq)
	}
}

// TestStoreCannotWrite: with the disk full, a move changes nothing and its
// player is told so (uitexts.StoreDown: nothing was recorded), directly (the
// outbox cannot take the answer); nobody else hears of it; once the disk has
// room again the same move is taken.
func TestStoreCannotWrite(t *testing.T) {
	t.Parallel()
	fs := &faultyStore{}
	e := newEnv(t, func(e *env) { e.wrapStore = fs.wrap })
	id := e.startGame("tsuitate")
	e.play("7g7f")
	alice, posts := len(e.botDMs(e.alice)), len(e.channelPosts())
	fs.full.Store(true)
	if _, err := e.srv.SendDM(e.bob, "3c3d"); err != nil {
		t.Fatal(err)
	}
	down := uitexts.UI(texts.EN, uitexts.StoreDown)
	e.waitUntil("bob told nothing was recorded", func() bool { return e.lastDM(e.bob).Content == down })
	if r := e.quickSlash(e.bob, "resign"); r != down {
		t.Fatalf("resign with the disk full: %q", r)
	}
	if g := e.game(id); g.LastSeq != 1 || !g.Status.Live() {
		t.Fatalf("the game changed: seq %d, %s", g.LastSeq, g.Status)
	}
	if len(e.botDMs(e.alice)) != alice || len(e.channelPosts()) != posts {
		t.Fatal("alice or the channel heard of a move that was not taken")
	}
	fs.full.Store(false)
	if r := e.dm(e.bob, "3c3d"); !strings.Contains(r.Content, "You played") {
		t.Fatalf("the move once the disk has room: %q", r.Content)
	}
	if g := e.game(id); g.LastSeq != 2 {
		t.Fatalf("the game is at seq %d, want 2", g.LastSeq)
	}
}
