package compose

import (
	"errors"

	"shinpan/bot/texts"
	"shinpan/bot/texts/uitexts"
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

// StoreText is the answer to a person whose request failed with err.
func StoreText(lang texts.Lang, err error) string {
	switch {
	case errors.Is(err, store.ErrOutcomeUnknown):
		return uitexts.UI(lang, uitexts.StoreUnsure)
	case errors.Is(err, store.ErrUnavailable):
		return uitexts.UI(lang, uitexts.StoreDown)
	}
	return uitexts.UI(lang, uitexts.InternalError)
}

// GameLoadText answers a player whose game could not be loaded: it is gone
// (store.ErrNotFound), or the store failed.
func GameLoadText(lang texts.Lang, err error) string {
	if errors.Is(err, store.ErrNotFound) {
		return uitexts.UI(lang, uitexts.NoGame)
	}
	return StoreText(lang, err)
}
