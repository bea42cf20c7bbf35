package bolt

import (
	"shinpan/store"

	"fmt"
	"slices"

	bbolt "go.etcd.io/bbolt"

	"shinpan/referee/shogi"
)

// Notes are a player's private "?" marks on squares of one game, drawn on
// that player's board only.

func noteKey(id store.GameID, c shogi.Color) []byte { return cat(u64(uint64(id)), []byte{byte(c)}) }

// Notes returns the squares player c marked in game id, sorted (empty if none).
// Errors: ErrNotFound (no such game), ErrInvalid.
func (s *Store) Notes(id store.GameID, c shogi.Color) ([]shogi.Square, error) {
	if c > shogi.White {
		return nil, fmt.Errorf("store: notes: %w: colour %d", store.ErrInvalid, c)
	}
	var sqs []shogi.Square
	err := s.view(func(tx *bbolt.Tx) error {
		if err := checkGame(tx, id); err != nil {
			return err
		}
		var err error
		sqs, err = readNotes(tx, id, c)
		return err
	})
	return sqs, store.WrapOp("notes", err)
}

func readNotes(tx *bbolt.Tx, id store.GameID, c shogi.Color) ([]shogi.Square, error) {
	sqs := []shogi.Square{}
	_, err := getJSON(bkt(tx, bNotes), noteKey(id, c), &sqs)
	return sqs, err
}

// ToggleNote adds sq to player c's marks in game id, or removes it if present,
// and returns the new set. Errors: ErrNotFound, ErrInvalid (square off the board).
func (s *Store) ToggleNote(id store.GameID, c shogi.Color, sq shogi.Square) ([]shogi.Square, error) {
	if !sq.Valid() {
		return nil, fmt.Errorf("store: toggle note: %w: square %d", store.ErrInvalid, sq)
	}
	return s.editNotes(id, c, func(set []shogi.Square) []shogi.Square {
		i, found := slices.BinarySearch(set, sq)
		if found {
			return slices.Delete(set, i, i+1)
		}
		return slices.Insert(set, i, sq)
	})
}

func (s *Store) editNotes(id store.GameID, c shogi.Color, f func([]shogi.Square) []shogi.Square) ([]shogi.Square, error) {
	if c > shogi.White {
		return nil, fmt.Errorf("store: notes: %w: colour %d", store.ErrInvalid, c)
	}
	var out []shogi.Square
	err := s.update(func(tx *bbolt.Tx) error {
		if err := checkGame(tx, id); err != nil {
			return err
		}
		set, err := readNotes(tx, id, c)
		if err != nil {
			return err
		}
		out = f(set)
		if out == nil {
			out = []shogi.Square{}
		}
		if len(out) == 0 {
			return bkt(tx, bNotes).Delete(noteKey(id, c))
		}
		return putJSON(bkt(tx, bNotes), noteKey(id, c), out)
	})
	if err != nil {
		return nil, store.WrapOp("notes", err)
	}
	return out, nil
}
