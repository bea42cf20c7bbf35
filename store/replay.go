package store

import (
	"errors"
	"fmt"
)

// Replay loads a game, its snapshot and the log after it, then calls the hooks
// (which may do I/O; no transaction is open). Returns the game record as read.
// Errors: ErrNotFound, ErrCorrupt, ErrInvalid (Start returned a seq the log
// does not reach), or a hook's error, wrapped.
func Replay(s Store, id GameID, h ReplayHooks) (Game, error) {
	g, log, err := s.LoadGame(id)
	if err != nil {
		return Game{}, err
	}
	var snap *Snapshot
	switch sn, err := s.GetSnapshot(id); {
	case errors.Is(err, ErrNotFound):
	case err != nil:
		return Game{}, err
	case sn.Seq <= g.LastSeq: // a snapshot taken after the game was read is not used
		snap = &sn
	}
	at := uint64(0)
	if h.Start != nil {
		if at, err = h.Start(g, snap); err != nil {
			return Game{}, fmt.Errorf("store: replay game #%d: start: %w", id, err)
		}
	}
	if at > g.LastSeq {
		return Game{}, fmt.Errorf("store: replay game #%d: %w: start at seq %d beyond the log's %d", id, ErrInvalid, at, g.LastSeq)
	}
	for _, e := range log[at:] {
		if h.Apply == nil {
			break
		}
		if err := h.Apply(e); err != nil {
			return Game{}, fmt.Errorf("store: replay game #%d: seq %d: %w", id, e.Seq, err)
		}
	}
	return g, nil
}
