package bot

import (
	"errors"
	"time"

	"shinpan/store"
)

// settleWithin is how long an action whose COMMIT lost its answer is tried
// again with its key, to learn whether it was taken. The caller holds the
// game's lock meanwhile, and an interaction must be answered within 3 s.
const settleWithin = 1500 * time.Millisecond

// settleAppend runs an AppendAction that returned store.ErrOutcomeUnknown
// again with the same key (e.Key) until the store answers or settleWithin
// passes: a *store.DuplicateError for seq means the first run committed
// (its entry is returned, as if it had answered), nil means it had not and
// the second run did. Otherwise the error stays store.ErrOutcomeUnknown.
func (b *Bot) settleAppend(id store.GameID, seq uint64, e store.Entry, run func() (store.Entry, error)) (store.Entry, error) {
	deadline := time.Now().Add(settleWithin)
	wait := 50 * time.Millisecond
	for {
		stored, err := run()
		var dup *store.DuplicateError
		switch {
		case errors.As(err, &dup) && dup.GameID == id && dup.Seq == seq:
			e.Seq = dup.Seq
			return e, nil
		case err == nil || !errors.Is(err, store.ErrUnavailable):
			return stored, err // taken now, or the store's answer (a duplicate of another seq: a redelivery)
		}
		if time.Now().Add(wait).After(deadline) {
			return store.Entry{}, store.ErrOutcomeUnknown
		}
		select {
		case <-time.After(wait):
		case <-b.ctx.Done():
			return store.Entry{}, store.ErrOutcomeUnknown
		}
		wait = min(2*wait, 400*time.Millisecond)
	}
}
