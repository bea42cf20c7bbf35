package main

import (
	"errors"
	"fmt"
	"os"
	"reflect"
	"strings"
	"time"

	"shinpan/store"
)

func init() {
	register("migrate", "copy every game and record between stores: --from bolt:PATH|postgres:URL --to bolt:PATH|postgres:URL [--resume]", runMigrate)
}

// runMigrate copies a whole store into another: the games (each replayed
// through the referee before it is written and read back after), and
// everything else a running cluster holds (idempotency keys, outbox,
// challenges, users' and servers' settings with the DM marks and claims,
// ratings, and from PostgreSQL the inbox, the partition leases and the
// processes). The destination is marked unfinished from the first write
// until the counts on both sides agree: serve refuses it meanwhile, and so
// does a second migrate unless --resume finishes the same copy. The bot
// must not be running on either store meanwhile.
func runMigrate(args []string) error {
	fs := newFlags("migrate")
	from := fs.String("from", "", "the store to copy: bolt:PATH or postgres:URL")
	to := fs.String("to", "", "the store to copy into: bolt:PATH or postgres:URL (new, or an earlier copy of the same store)")
	resume := fs.Bool("resume", false, "finish a copy from the same --from that stopped before its check (the destination is marked unfinished)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *from == "" || *to == "" || fs.NArg() > 0 {
		return errors.New("usage: shinpan migrate --from bolt:PATH|postgres:URL --to bolt:PATH|postgres:URL [--resume]")
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
	n, err := copyStore(src, dst, *resume)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	shared := ""
	if n.Inbox+n.Leases+n.Processes > 0 {
		shared = fmt.Sprintf(", %d inbox actions, %d partition leases, %d processes", n.Inbox, n.Leases, n.Processes)
	}
	fmt.Printf("copied %s to %s: %d games (%d active, %d finished, %d aborted), %d actions, %d notes, %d message refs, %d idempotency keys, %d outbox messages, %d challenges, %d settings, %d ratings, %d tournaments%s; every game replayed and read back, the counts checked on both sides\n",
		src.Describe(), dst.Describe(), n.Games, n.live, n.finished, n.aborted, n.Actions, n.notes, n.refs, n.Keys, n.Outbox, n.Challenges, n.Settings, n.Ratings, n.Tournaments, shared)
	return nil
}

// copied counts what a copy wrote: the DumpCounts of both sides, and more.
type copied struct {
	store.DumpCounts
	live, finished, aborted, notes, refs int
}

// add counts a game record into n.
func (n *copied) add(r store.GameRecord) {
	n.Games++
	n.Actions += len(r.Log)
	n.refs += len(r.Messages)
	n.notes += len(r.Notes[0]) + len(r.Notes[1])
	switch {
	case r.Game.Status.Live():
		n.live++
	case r.Game.Status == store.StatusFinished:
		n.finished++
	default:
		n.aborted++
	}
}

func copyStore(src, dst store.Store, resume bool) (copied, error) {
	var n copied
	from, ok1 := src.(store.Mover)
	to, ok2 := dst.(store.Mover)
	if !ok1 || !ok2 {
		return n, errors.New("a store cannot copy whole records")
	}
	note, err := to.Copying()
	if err != nil {
		return n, err
	}
	switch {
	case note != "" && !resume:
		return n, fmt.Errorf("%s holds an unfinished copy (%s): run again with --resume to finish it, or copy into a new store (nothing written)", dst.Describe(), note)
	case note != "" && !strings.HasPrefix(note, copyNotePrefix(src)):
		return n, fmt.Errorf("%s holds an unfinished copy of another store (%s): copy into a new store (nothing written)", dst.Describe(), note)
	}
	if err := checkDestination(src, dst, to); err != nil {
		return n, err
	}
	c, err := from.ReadContents()
	if err != nil {
		return n, err
	}
	want := c.Counts()
	if !isShared(dst) { // one process: no inbox, no leases to share
		if len(c.Inbox) > 0 {
			return n, fmt.Errorf("%d actions wait in %s's inbox for their game's owner, and %s has no inbox: run the source's serve processes until its inbox is empty, stop them, and migrate again (nothing written)", len(c.Inbox), src.Describe(), dst.Describe())
		}
		want.Leases, want.Processes = 0, 0
	}
	if note == "" {
		if err := to.SetCopying(copyNotePrefix(src) + ", begun " + time.Now().UTC().Format(time.RFC3339)); err != nil {
			return n, err
		}
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
			return n, fmt.Errorf("game #%d does not replay (nothing of it copied; %s stays marked unfinished): %w", id, dst.Describe(), err)
		}
		if err := to.WriteGameRecord(r); err != nil {
			return n, err
		}
		back, err := to.ReadGameRecord(id)
		if err != nil {
			return n, err
		}
		if !reflect.DeepEqual(back, r) {
			return n, fmt.Errorf("game #%d reads back different from what was written (%s stays marked unfinished)", id, dst.Describe())
		}
		n.add(back)
		if n.Games%1000 == 0 {
			fmt.Fprintf(os.Stderr, "%d of %d games copied\n", n.Games, len(ids))
		}
	}
	if err := to.WriteContents(c); err != nil {
		return n, err
	}
	if err := checkCopy(dst, to, len(ids), want); err != nil {
		return n, err
	}
	games, actions := n.Games, n.Actions
	n.DumpCounts = want
	n.Games, n.Actions = games, actions
	return n, to.SetCopying("")
}

// copyNotePrefix starts the note of a copy from src.
func copyNotePrefix(src store.Store) string { return "copy from " + src.Describe() }

// checkCopy counts what the destination holds, read anew, against what the
// source held: games, and every other kind of record.
func checkCopy(dst store.Store, to store.Mover, games int, want store.DumpCounts) error {
	ids, err := to.GameIDs()
	if err != nil {
		return err
	}
	got, err := to.ReadContents()
	if err != nil {
		return err
	}
	have := got.Counts()
	want.Games, want.Actions, have.Games, have.Actions = games, 0, len(ids), 0 // the actions were checked game by game
	if have != want {
		return fmt.Errorf("%s holds %+v after the copy, the source %+v: it stays marked unfinished (serve refuses it); run migrate --resume again", dst.Describe(), have, want)
	}
	return nil
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
