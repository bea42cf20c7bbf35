package bolt

import (
	"shinpan/store"

	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	bbolt "go.etcd.io/bbolt"
)

// preparedMsg is an outbox message checked, with its payload compacted,
// before the transaction: the writes of a group commit run one after another
// (group.go), so what can be done beforehand, side by side, is (a board's
// payload is tens of kilobytes of JSON).
type preparedMsg struct {
	m       store.OutMsg // without its payload
	payload []byte       // `,"payload":` and the compacted payload
}

func prepareOutbox(msgs []store.OutMsg) ([]preparedMsg, error) {
	out := make([]preparedMsg, len(msgs))
	for i, m := range msgs {
		if err := store.CheckOutDest(i, m); err != nil {
			return nil, err
		}
		buf := bytes.NewBuffer(make([]byte, 0, len(m.Payload)+12))
		buf.WriteString(`,"payload":`)
		if err := json.Compact(buf, m.Payload); err != nil { // fails on what is not JSON: the payload's check
			return nil, fmt.Errorf("%w: outbox message %d: %v", store.ErrInvalid, i, err)
		}
		m.Payload = nil
		out[i] = preparedMsg{m, buf.Bytes()}
	}
	return out, nil
}

// outRecord is an outbox record without its payload: the JSON of store.OutMsg,
// whose payload encodeOutMsg appends (outbox_test.go checks the two agree).
type outRecord struct {
	ID        uint64       `json:"id"`
	GameID    store.GameID `json:"game_id,omitempty"`
	Seq       uint64       `json:"seq,omitempty"`
	Dest      store.Dest   `json:"dest"`
	Target    string       `json:"target"`
	DedupeKey string       `json:"dedupe_key"`
	CreatedAt time.Time    `json:"created_at"`
}

// encodeOutMsg is the stored JSON of m with p's payload.
func encodeOutMsg(m store.OutMsg, p []byte) ([]byte, error) {
	head, err := json.Marshal(outRecord{ID: m.ID, GameID: m.GameID, Seq: m.Seq, Dest: m.Dest, Target: m.Target, DedupeKey: m.DedupeKey, CreatedAt: m.CreatedAt})
	if err != nil {
		return nil, fmt.Errorf("encode outbox message: %w", err)
	}
	rec := make([]byte, 0, len(head)+len(p))
	rec = append(rec, head[:len(head)-1]...) // without its closing brace
	rec = append(rec, p...)
	return append(rec, '}'), nil
}

// decodeOutMsg decodes a stored outbox record. One that encodeOutMsg wrote
// ends with its payload: the small header before it is decoded and the
// payload only checked and copied, where json.Unmarshal would check it and
// then scan it again (a board's payload is tens of kilobytes, and one
// dispatcher reads every message). Any other record (json.Marshal's order,
// the payload before dedupe_key and created_at) is decoded whole. Inside a
// JSON string a quote is escaped, so the markers found are the record's own.
func decodeOutMsg(rec []byte) (store.OutMsg, error) {
	i := bytes.Index(rec, payloadMarker)
	if i < 0 || rec[len(rec)-1] != '}' || !bytes.Contains(rec[:i], createdMarker) {
		var m store.OutMsg
		err := jsonDecode(rec, &m)
		return m, err
	}
	var h outRecord
	if err := json.Unmarshal(append(rec[:i:i], '}'), &h); err != nil {
		return store.OutMsg{}, err
	}
	payload := rec[i+len(payloadMarker) : len(rec)-1]
	if !json.Valid(payload) {
		return store.OutMsg{}, errors.New("payload is not JSON")
	}
	return store.OutMsg{ID: h.ID, GameID: h.GameID, Seq: h.Seq, Dest: h.Dest, Target: h.Target,
		Payload: bytes.Clone(payload), DedupeKey: h.DedupeKey, CreatedAt: h.CreatedAt}, nil
}

var payloadMarker, createdMarker = []byte(`,"payload":`), []byte(`"created_at":`)

// queueOutbox writes msgs in order, stamped with the game and seq.
func (s *Store) queueOutbox(tx *bbolt.Tx, game store.GameID, seq uint64, msgs []preparedMsg, now time.Time) error {
	if len(msgs) == 0 {
		return nil
	}
	s.outboxMoved(tx, len(msgs))
	b := bkt(tx, bOutbox)
	key, err := nonceKey(tx)
	if err != nil {
		return err
	}
	for _, pm := range msgs {
		m := pm.m // do not write into the caller's slice
		id, err := b.NextSequence()
		if err != nil {
			return err
		}
		store.StampOutMsg(&m, id, game, seq, key, now)
		rec, err := encodeOutMsg(m, pm.payload)
		if err != nil {
			return err
		}
		if err := b.Put(u64(id), rec); err != nil {
			return err
		}
	}
	return nil
}

// Enqueue queues messages that no game action produced (challenge posts,
// reminders), in one transaction. Errors: ErrInvalid (dest, target, payload).
func (s *Store) Enqueue(msgs ...store.OutMsg) error {
	prep, err := prepareOutbox(msgs)
	if err != nil {
		return store.WrapOp("enqueue", err)
	}
	err = s.update(func(tx *bbolt.Tx) error {
		return s.queueOutbox(tx, 0, 0, prep, store.NormTime(s.now()))
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
			m, err := decodeOutMsg(v)
			if err != nil {
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
		n := 0
		for _, id := range ids {
			if b.Get(u64(id)) == nil {
				continue
			}
			n++
			if err := b.Delete(u64(id)); err != nil {
				return err
			}
		}
		s.outboxMoved(tx, -n)
		return nil
	}))
}

// outboxMoved adds n to the outbox's count when tx commits (a transaction
// rolled back, a group commit's included, moves nothing).
func (s *Store) outboxMoved(tx *bbolt.Tx, n int) {
	if n != 0 {
		tx.OnCommit(func() { s.outboxN.Add(int64(n)) })
	}
}

// OutboxStats returns the outbox's count and the time its first message was
// queued: one key read, whatever the backlog.
func (s *Store) OutboxStats() (store.OutboxStats, error) {
	var st store.OutboxStats
	err := s.view(func(tx *bbolt.Tx) error {
		k, v := bkt(tx, bOutbox).Cursor().First()
		if k == nil {
			return nil
		}
		m, err := decodeOutMsg(v)
		if err != nil {
			return fmt.Errorf("%w: outbox %x: %v", store.ErrCorrupt, k, err)
		}
		st.Depth, st.Oldest = int(s.outboxN.Load()), m.CreatedAt
		return nil
	})
	return st, store.WrapOp("outbox stats", err)
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
