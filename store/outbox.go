package store

import (
	"encoding/json"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Dest is where an outbox message goes.
type Dest string

const (
	DestChannel Dest = "channel" // Target is a channel or thread id
	DestDM      Dest = "dm"      // Target is a user id (the sender opens the DM)
)

// OutMsg is a Discord message the bot must send, queued in the transaction
// that decided it so a crash between commit and send re-sends it on restart.
// The sender must treat a message as possibly sent already: pass DedupeKey as
// Discord's nonce with enforce_nonce, or check before re-sending.
type OutMsg struct {
	ID        uint64          `json:"id"`                // outbox order; set by the store
	GameID    GameID          `json:"game_id,omitempty"` // set by the store when queued with a game
	Seq       uint64          `json:"seq,omitempty"`     // the action that produced it (0: none)
	Dest      Dest            `json:"dest"`
	Target    string          `json:"target"`
	Payload   json.RawMessage `json:"payload"`    // opaque JSON, e.g. a message create body; stored compacted
	DedupeKey string          `json:"dedupe_key"` // default: nonceFor(ID) (≤ 25 bytes: a valid nonce)
	CreatedAt time.Time       `json:"created_at"`
}

// queueOutbox writes msgs in order, stamped with the game and seq.
func queueOutbox(tx *bolt.Tx, game GameID, seq uint64, msgs []OutMsg, now time.Time) error {
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
		if m.Dest != DestChannel && m.Dest != DestDM {
			return fmt.Errorf("%w: outbox message %d: dest %q", ErrInvalid, i, m.Dest)
		}
		if m.Target == "" {
			return fmt.Errorf("%w: outbox message %d: empty target", ErrInvalid, i)
		}
		if !json.Valid(m.Payload) {
			return fmt.Errorf("%w: outbox message %d: payload is not JSON", ErrInvalid, i)
		}
		id, err := b.NextSequence()
		if err != nil {
			return err
		}
		m.ID = id
		if game != 0 {
			m.GameID, m.Seq = game, seq
		}
		if m.DedupeKey == "" {
			m.DedupeKey = nonceFor(key, id)
		}
		m.CreatedAt = now
		if err := putJSON(b, u64(id), m); err != nil {
			return err
		}
	}
	return nil
}

// Enqueue queues messages that no game action produced (challenge posts,
// reminders), in one transaction. Errors: ErrInvalid (dest, target, payload).
func (s *Store) Enqueue(msgs ...OutMsg) error {
	err := s.update(func(tx *bolt.Tx) error {
		return queueOutbox(tx, 0, 0, msgs, normTime(s.now()))
	})
	if err != nil {
		return wrapOp("enqueue", err)
	}
	s.signal(len(msgs))
	return nil
}

// PendingOutbox returns the unsent messages in the order they were queued.
func (s *Store) PendingOutbox() ([]OutMsg, error) {
	var out []OutMsg
	err := s.view(func(tx *bolt.Tx) error {
		return bkt(tx, bOutbox).ForEach(func(k, v []byte) error {
			var m OutMsg
			if err := jsonDecode(v, &m); err != nil {
				return fmt.Errorf("%w: outbox %x: %v", ErrCorrupt, k, err)
			}
			out = append(out, m)
			return nil
		})
	})
	return out, wrapOp("pending outbox", err)
}

// MarkSent removes messages from the outbox: sent, or given up on (a deleted
// channel, a user who blocks DMs). Unknown ids are ignored.
func (s *Store) MarkSent(ids ...uint64) error {
	if len(ids) == 0 {
		return nil
	}
	return wrapOp("mark sent", s.update(func(tx *bolt.Tx) error {
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
