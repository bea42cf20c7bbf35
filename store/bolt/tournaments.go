package bolt

import (
	"bytes"
	"fmt"
	"math"

	bbolt "go.etcd.io/bbolt"

	"shinpan/store"
)

// CreateTournament stores a new tournament (see store.Tournaments).
func (s *Store) CreateTournament(t store.Tournament, outbox []store.OutMsg) (store.Tournament, error) {
	prep, err := prepareOutbox(outbox)
	if err != nil {
		return store.Tournament{}, store.WrapOp("create tournament", err)
	}
	in := t
	err = s.update(func(tx *bbolt.Tx) error {
		t = in.Clone()
		now := store.NormTime(s.now())
		if err := store.PrepareNewTournament(&t, now); err != nil {
			return err
		}
		id, err := bkt(tx, bTournaments).NextSequence()
		if err != nil {
			return err
		}
		t.ID = id
		if err := writeTournament(tx, nil, &t); err != nil {
			return err
		}
		return s.queueOutbox(tx, 0, 0, prep, now)
	})
	if err != nil {
		return store.Tournament{}, store.WrapOp("create tournament", err)
	}
	s.signal(len(outbox))
	return t, nil
}

// GetTournament returns a tournament.
func (s *Store) GetTournament(id uint64) (store.Tournament, error) {
	var t store.Tournament
	err := s.view(func(tx *bbolt.Tx) error {
		var err error
		t, err = readTournament(tx, id)
		return err
	})
	return t, store.WrapOp("get tournament", err)
}

// SaveTournament writes t over its stored version and starts games with it
// (see store.Tournaments). bbolt runs one write at a time, so the version
// read in the transaction is the latest.
func (s *Store) SaveTournament(t store.Tournament, games []store.NewGame, outbox []store.OutMsg) (store.Tournament, []store.Game, error) {
	op := fmt.Sprintf("save tournament %d", t.ID)
	prep, err := prepareOutbox(outbox)
	if err != nil {
		return store.Tournament{}, nil, store.WrapOp(op, err)
	}
	preps := make([][]preparedMsg, len(games))
	n := len(outbox)
	for i, g := range games {
		if preps[i], err = prepareOutbox(g.Outbox); err != nil {
			return store.Tournament{}, nil, store.WrapOp(op, err)
		}
		n += len(g.Outbox)
	}
	in := t
	var made []store.Game
	err = s.update(func(tx *bbolt.Tx) error {
		t, made = in.Clone(), nil
		old, err := readTournament(tx, in.ID)
		if err != nil {
			return err
		}
		now := store.NormTime(s.now())
		if err := store.PrepareSave(&old, &t, games, now); err != nil {
			return err
		}
		for i, ng := range games {
			g, err := s.createGame(tx, ng.Game.Clone(), ng.Key, preps[i])
			if err != nil {
				return err
			}
			if err := store.LinkGame(&t, g); err != nil {
				return err
			}
			made = append(made, g)
		}
		if err := t.Validate(); err != nil {
			return err
		}
		if err := writeTournament(tx, &old, &t); err != nil {
			return err
		}
		return s.queueOutbox(tx, 0, 0, prep, now)
	})
	if err != nil {
		return store.Tournament{}, nil, store.WrapOp(op, err)
	}
	s.signal(n)
	return t, made, nil
}

// ActiveTournaments returns the tournaments not over, by id.
func (s *Store) ActiveTournaments() ([]store.Tournament, error) {
	var out []store.Tournament
	err := s.view(func(tx *bbolt.Tx) error {
		return bkt(tx, bIdxTournamentActive).ForEach(func(k, _ []byte) error {
			t, err := readTournament(tx, btou(k))
			if err != nil {
				return fmt.Errorf("%w: the active index names a missing tournament: %v", store.ErrCorrupt, err)
			}
			out = append(out, t)
			return nil
		})
	})
	return out, store.WrapOp("active tournaments", err)
}

// GuildTournaments returns a server's last n tournaments, newest first.
func (s *Store) GuildTournaments(guild string, n int) ([]store.Tournament, error) {
	if err := store.CheckID("guild id", guild, true); err != nil {
		return nil, store.WrapOp("guild tournaments", err)
	}
	var out []store.Tournament
	err := s.view(func(tx *bbolt.Tx) error {
		prefix := lp(guild)
		c := bkt(tx, bIdxGuildTournament).Cursor()
		k, _ := c.Seek(cat(prefix, u64(math.MaxUint64)))
		if k == nil {
			k, _ = c.Last()
		} else {
			k, _ = c.Prev()
		}
		for ; k != nil && bytes.HasPrefix(k, prefix) && len(out) < n; k, _ = c.Prev() {
			t, err := readTournament(tx, btou(k[len(prefix):]))
			if err != nil {
				return fmt.Errorf("%w: the guild index names a missing tournament: %v", store.ErrCorrupt, err)
			}
			out = append(out, t)
		}
		return nil
	})
	return out, store.WrapOp("guild tournaments", err)
}

func readTournament(tx *bbolt.Tx, id uint64) (store.Tournament, error) {
	var t store.Tournament
	found, err := getJSON(bkt(tx, bTournaments), u64(id), &t)
	if err == nil && !found {
		err = fmt.Errorf("tournament %d: %w", id, store.ErrNotFound)
	}
	return t, err
}

// writeTournament stores t and moves its index entries from old's (nil: new).
func writeTournament(tx *bbolt.Tx, old, t *store.Tournament) error {
	active := bkt(tx, bIdxTournamentActive)
	if t.Over() {
		if err := active.Delete(u64(t.ID)); err != nil {
			return err
		}
	} else if old == nil || old.Over() {
		if err := active.Put(u64(t.ID), nil); err != nil {
			return err
		}
	}
	if old == nil { // a tournament's guild never changes
		if err := bkt(tx, bIdxGuildTournament).Put(cat(lp(t.GuildID), u64(t.ID)), nil); err != nil {
			return err
		}
	}
	return putJSON(bkt(tx, bTournaments), u64(t.ID), t)
}
