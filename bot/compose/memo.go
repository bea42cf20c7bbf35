package compose

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"reflect"
	"slices"
	"sync/atomic"

	"shinpan/store"
	"shinpan/store/memo"
)

// The sender would decode every outbox Payload from its JSON, although this
// process encoded most of them moments before (a board's view is most of
// the cost). encode keeps a copy of each Payload it encodes, keyed by the
// very bytes it encoded, and the sender takes it when the stored Payload is
// those bytes: the store stays the source of truth, and only a message whose
// stored bytes are exactly what encode produced can be served. Anything else
// (after a restart, another process's message, an entry dropped) is decoded
// from the store as before. The copy is taken, not shared: it is handed out
// once, and the sender may fill in its game number.
//
// The copy equals what decoding the bytes gives: it is a deep copy made at
// encode (the caller may reuse its slices afterwards), its empty slices left
// out as JSON leaves them out, and a Payload whose JSON had a string
// replaced (invalid UTF-8 becomes \ufffd) is not kept. The tests compare the
// two at every send (MemoCheck).

// payloadMemoSize bounds the payloads kept (a few KB each): far more than are
// normally waiting to be sent; beyond it the oldest are dropped.
const payloadMemoSize = 2048

// PayloadMemo keeps the payloads encoded in this process for the sender.
type PayloadMemo struct{ t *memo.Table[Payload] }

// Memo is the process's memo; keyed by the bytes alone, it serves every
// Bot in the process alike.
var Memo = newPayloadMemo()

func newPayloadMemo() *PayloadMemo { return &PayloadMemo{memo.New[Payload](payloadMemoSize)} }

// MemoCheck makes the sender decode every Payload it takes from the
// memo as well and report a difference (the tests set it).
var MemoCheck = false

// Put keeps a copy of p under its JSON raw.
func (m *PayloadMemo) Put(raw []byte, p Payload) {
	if bytes.Contains(raw, []byte(`\ufffd`)) {
		return // possibly a string json.Marshal changed
	}
	m.t.Put(string(raw), p.clone())
}

// Take returns and forgets the Payload kept under raw.
func (m *PayloadMemo) Take(raw []byte) (Payload, bool) { return m.t.TakeBytes(raw) }

// Drop forgets the Payload kept under raw, if any (a message not sent).
func (m *PayloadMemo) Drop(raw []byte) { m.Take(raw) }

// clone is a deep copy of p, with the empty slices that JSON leaves out nil.
func (p Payload) clone() Payload {
	q := p
	q.Files = nil
	for _, f := range p.Files {
		f.Data = nilIfEmpty(slices.Clone(f.Data))
		if f.Board != nil {
			f.Board = f.Board.clone()
		}
		q.Files = append(q.Files, f)
	}
	q.Buttons = nilIfEmpty(slices.Clone(p.Buttons))
	q.Mentions = nilIfEmpty(slices.Clone(p.Mentions))
	if p.Select != nil {
		s := *p.Select
		s.Options = slices.Clone(s.Options)
		q.Select = &s
	}
	if p.Answer != nil {
		h := *p.Answer
		q.Answer = &h
	}
	q.Selects = nil
	for _, s := range p.Selects {
		s.Options = slices.Clone(s.Options)
		q.Selects = append(q.Selects, s)
	}
	return q
}

func (s *BoardSpec) clone() *BoardSpec {
	c := *s
	if r := s.View.Result; r != nil {
		rc := *r
		if r.Winner != nil {
			w := *r.Winner
			rc.Winner = &w
		}
		c.View.Result = &rc
	}
	c.Options.Notes = slices.Clone(s.Options.Notes)
	if s.Options.Reach != nil {
		r := *s.Options.Reach
		r.To = slices.Clone(r.To)
		c.Options.Reach = &r
	}
	return &c
}

func nilIfEmpty[S ~[]E, E any](s S) S {
	if len(s) == 0 {
		return nil
	}
	return s
}

// MemoChecked and MemoMismatches count the payloads taken from the memo,
// and those that differ from their stored JSON's decoding
// (MemoCheck).
var MemoChecked, MemoMismatches atomic.Int64

// CheckMemo decodes m's Payload and reports whether p differs from it.
func CheckMemo(log *slog.Logger, m store.OutMsg, p Payload) {
	MemoChecked.Add(1)
	var d Payload
	err := json.Unmarshal(m.Payload, &d)
	if err == nil && reflect.DeepEqual(d, p) {
		return
	}
	MemoMismatches.Add(1)
	log.Error("the Payload memo differs from the outbox", "outbox", m.ID, "memo", fmt.Sprintf("%+v", p), "stored", string(m.Payload), "err", err)
}
