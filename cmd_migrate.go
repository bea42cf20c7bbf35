package main

import (
	"errors"
	"fmt"
	"os"
	"reflect"

	"shinpan/store"
)

func init() {
	register("migrate", "copy every game and record between stores: --from bolt:PATH|postgres:URL --to bolt:PATH|postgres:URL (can be run again)", runMigrate)
}

// runMigrate copies a whole store into another, checking each game by
// replaying its log through the referee before writing it and by reading it
// back after. Writes replace records with the same ids, so an interrupted
// copy is finished by running it again. The bot must not be running on
// either store meanwhile.
func runMigrate(args []string) error {
	fs := newFlags("migrate")
	from := fs.String("from", "", "the store to copy: bolt:PATH or postgres:URL")
	to := fs.String("to", "", "the store to copy into: bolt:PATH or postgres:URL (new, or an earlier copy of the same store)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *from == "" || *to == "" || fs.NArg() > 0 {
		return errors.New("usage: shinpan migrate --from bolt:PATH|postgres:URL --to bolt:PATH|postgres:URL")
	}
	if *from == *to {
		return errors.New("migrate: --from and --to are the same store")
	}
	src, err := openLocation(*from)
	if err != nil {
		return fmt.Errorf("migrate: from: %w", err)
	}
	defer src.Close()
	dst, err := openLocation(*to)
	if err != nil {
		return fmt.Errorf("migrate: to: %w", err)
	}
	defer dst.Close()
	n, err := copyStore(src, dst)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	fmt.Printf("copied %s to %s: %d games (%d active, %d finished, %d aborted), %d actions, %d idempotency keys, %d outbox messages, %d challenges, %d settings, %d ratings; every game replayed and read back\n",
		src.Describe(), dst.Describe(), n.games, n.live, n.finished, n.aborted, n.actions, n.keys, n.outbox, n.challenges, n.settings, n.ratings)
	return nil
}

type copied struct {
	games, live, finished, aborted, actions     int
	keys, outbox, challenges, settings, ratings int
}

func copyStore(src, dst store.Store) (copied, error) {
	var n copied
	from, ok1 := src.(store.Mover)
	to, ok2 := dst.(store.Mover)
	if !ok1 || !ok2 {
		return n, errors.New("a store cannot copy whole records")
	}
	if err := checkDestination(src, dst, to); err != nil {
		return n, err
	}
	ids, err := from.GameIDs()
	if err != nil {
		return n, err
	}
	for _, id := range ids {
		r, err := from.ReadGameRecord(id)
		if err != nil {
			return n, err
		}
		a := store.Archive{Game: r.Game, Actions: r.Log}
		if _, err := a.Replay(); err != nil {
			return n, fmt.Errorf("game #%d does not replay (nothing of it copied): %w", id, err)
		}
		if err := to.WriteGameRecord(r); err != nil {
			return n, err
		}
		back, err := to.ReadGameRecord(id)
		if err != nil {
			return n, err
		}
		if !reflect.DeepEqual(back, r) {
			return n, fmt.Errorf("game #%d reads back different from what was written", id)
		}
		n.games++
		n.actions += len(r.Log)
		switch {
		case r.Game.Status.Live():
			n.live++
		case r.Game.Status == store.StatusFinished:
			n.finished++
		default:
			n.aborted++
		}
		if n.games%1000 == 0 {
			fmt.Fprintf(os.Stderr, "%d of %d games copied\n", n.games, len(ids))
		}
	}
	c, err := from.ReadContents()
	if err != nil {
		return n, err
	}
	if err := to.WriteContents(c); err != nil {
		return n, err
	}
	n.keys, n.outbox, n.challenges, n.settings, n.ratings = len(c.Keys), len(c.Outbox), len(c.Challenges), len(c.Settings), len(c.Ratings)
	return n, nil
}

// checkDestination refuses a destination holding a game that is not the
// source's: the copy would write over it (game ids clash). A new store, or an
// earlier copy of the source (an interrupted run), holds none.
func checkDestination(src, dst store.Store, to store.Mover) error {
	ids, err := to.GameIDs()
	if err != nil {
		return err
	}
	for _, id := range ids {
		d, err := dst.GetGame(id)
		if err != nil {
			return err
		}
		s, err := src.GetGame(id)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return err
		}
		if err != nil || !s.CreatedAt.Equal(d.CreatedAt) || s.Players != d.Players {
			return fmt.Errorf("%s holds a game #%d of its own, which the copy would overwrite: copy into a new store, or an earlier copy of this one (nothing written)", dst.Describe(), id)
		}
	}
	return nil
}
