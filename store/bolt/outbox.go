package bolt

import (
	"shinpan/store"

	"fmt"
	"time"

	bbolt "go.etcd.io/bbolt"
)

// queueOutbox writes msgs in order, stamped with the game and seq.
func queueOutbox(tx *bbolt.Tx, game store.GameID, seq uint64, msgs []store.OutMsg, now time.Time) error {
	if len(msgs) == 0 {
		return nil
	}
	b := bkt(tx, bOutbox)
	key, err := nonceKey(tx)
	if err != nil {
		return err
	}
	for i := range msgs {
		m := msgs[i] // do not write into the caller's slice
		if err := store.CheckOutMsg(i, m); err != nil {
			return err
		}
		id, err := b.NextSequence()
		if err != nil {
			return err
		}
		store.StampOutMsg(&m, id, game, seq, key, now)
		if err := putJSON(b, u64(id), m); err != nil {
			return err
		}
	}
	return nil
}

// Enqueue queues messages that no game action produced (challenge posts,
// reminders), in one transaction. Errors: ErrInvalid (dest, target, payload).
func (s *Store) Enqueue(msgs ...store.OutMsg) error {
	err := s.update(func(tx *bbolt.Tx) error {
		return queueOutbox(tx, 0, 0, msgs, store.NormTime(s.now()))
	})
	if err != nil {
		return store.WrapOp("enqueue", err)
	}
	s.signal(len(msgs))
	return nil
}

// PendingOutbox returns the unsent messages in the order they were queued.
func (s *Store) PendingOutbox() ([]store.OutMsg, error) { return s.PendingOutboxAfter(0) }

// PendingOutboxAfter returns the unsent messages with an id above after, in
// the order they were queued. One transaction writes at a time, so ids grow
// in commit order: a sender that has read every message up to after misses
// none by reading only what follows (and decodes no message twice).
func (s *Store) PendingOutboxAfter(after uint64) ([]store.OutMsg, error) {
	var out []store.OutMsg
	err := s.view(func(tx *bbolt.Tx) error {
		c := bkt(tx, bOutbox).Cursor()
		for k, v := c.Seek(u64(after + 1)); k != nil; k, v = c.Next() {
			var m store.OutMsg
			if err := jsonDecode(v, &m); err != nil {
				return fmt.Errorf("%w: outbox %x: %v", store.ErrCorrupt, k, err)
			}
			out = append(out, m)
		}
		return nil
	})
	return out, store.WrapOp("pending outbox", err)
}

// MarkSent removes messages from the outbox: sent, or given up on (a deleted
// channel, a user who blocks DMs). Unknown ids are ignored.
func (s *Store) MarkSent(ids ...uint64) error {
	if len(ids) == 0 {
		return nil
	}
	return store.WrapOp("mark sent", s.update(func(tx *bbolt.Tx) error {
		b := bkt(tx, bOutbox)
		for _, id := range ids {
			if err := b.Delete(u64(id)); err != nil {
				return err
			}
		}
		return nil
	}))
}

// OutboxReady is signalled (buffered, capacity 1) after every commit that
// queued messages: the sender loop waits on it, then drains PendingOutbox.
func (s *Store) OutboxReady() <-chan struct{} { return s.ready }

func (s *Store) signal(n int) {
	if n == 0 {
		return
	}
	select {
	case s.ready <- struct{}{}:
	default:
	}
}
