package bot

import (
	"errors"
	"time"

	"shinpan/bot/texts"
	"shinpan/store"
)

// What a person is told when the store fails the write their action needs
// (RULES.md says nothing; an operator of a service that must not lose a move
// expects this): store.ErrUnavailable (the database cannot be reached, the
// disk refuses writes) is "the referee cannot be reached, nothing was
// recorded, try again"; store.ErrOutcomeUnknown (a COMMIT whose answer was
// lost) that could not be settled is "cannot tell yet, look at the board";
// anything else is the internal error. Nothing is acknowledged that the store
// did not take.

// storeText is the answer to a person whose request failed with err.
func storeText(lang texts.Lang, err error) string {
	switch {
	case errors.Is(err, store.ErrOutcomeUnknown):
		return texts.UI(lang, texts.StoreUnsure)
	case errors.Is(err, store.ErrUnavailable):
		return texts.UI(lang, texts.StoreDown)
	}
	return texts.UI(lang, texts.InternalError)
}

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

// gameLoadText answers a player whose game could not be loaded: it is gone
// (store.ErrNotFound), or the store failed.
func gameLoadText(lang texts.Lang, err error) string {
	if errors.Is(err, store.ErrNotFound) {
		return texts.UI(lang, texts.NoGame)
	}
	return storeText(lang, err)
}
