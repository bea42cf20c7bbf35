package bolt

import (
	"time"

	"shinpan/store"
)

// ClaimOutbox holds up to n unsent messages for a sender. One process owns a
// bbolt file, so the holds live in memory: a restart releases them all. It
// has one claimer, so no other claimer's hold orders its claims; its own
// held messages come back, renewed, once a third of their hold has passed.
func (s *Store) ClaimOutbox(n int, hold time.Duration) ([]store.OutMsg, error) {
	msgs, err := s.PendingOutbox()
	if err != nil {
		return nil, err
	}
	s.claimMu.Lock()
	defer s.claimMu.Unlock()
	now := s.now()
	renew := now.Add(hold - hold/3)
	if s.claims == nil {
		s.claims = map[uint64]time.Time{}
	}
	pending := make(map[uint64]bool, len(msgs))
	out := []store.OutMsg{}
	for _, m := range msgs {
		pending[m.ID] = true
		if len(out) == n || s.claims[m.ID].After(renew) {
			continue
		}
		s.claims[m.ID] = now.Add(hold)
		out = append(out, m)
	}
	for id := range s.claims { // forget the holds of messages marked sent
		if !pending[id] {
			delete(s.claims, id)
		}
	}
	return out, nil
}

// ReleaseOutbox lets go of the holds on messages not sent.
func (s *Store) ReleaseOutbox(ids ...uint64) error {
	s.claimMu.Lock()
	defer s.claimMu.Unlock()
	for _, id := range ids {
		delete(s.claims, id)
	}
	return nil
}
