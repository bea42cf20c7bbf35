package bolt

import (
	"shinpan/store"
	"shinpan/store/storetest"

	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	bbolt "go.etcd.io/bbolt"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

func fileHash(t *testing.T, path string) [32]byte {
	t.Helper()
	b, err := os.ReadFile(path)
	check(t, err)
	return sha256.Sum256(b)
}

func TestOpenCreatesDirectoryAndFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a", "b", "shinpan.db")
	s, err := Open(path, nil)
	check(t, err)
	if s.Path() != path || s.db.NoSync {
		t.Fatalf("path %s, NoSync %v: commits must be fsynced by default", s.Path(), s.db.NoSync)
	}
	check(t, s.Close())
	if _, err := os.Stat(path); err != nil {
		t.Fatal(err)
	}
	// The default path is relative to the working directory.
	t.Chdir(t.TempDir())
	s = openT(t, "", nil)
	check(t, s.Close())
	if _, err := os.Stat(DefaultPath); err != nil {
		t.Fatal(err)
	}
}

func TestOpenRandomBytesIsCorrupt(t *testing.T) {
	for _, size := range []int{1, 100, 4096, 3 * 4096, 64 << 10} {
		path := filepath.Join(t.TempDir(), "junk.db")
		junk := make([]byte, size)
		for i := range junk {
			junk[i] = byte(rand.IntN(256))
		}
		check(t, os.WriteFile(path, junk, 0o600))
		before := fileHash(t, path)
		_, err := Open(path, &Options{Timeout: 200 * time.Millisecond})
		wantErr(t, err, store.ErrCorrupt)
		if !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "not a bbolt database") || !wayOut(err) {
			t.Fatalf("unclear error: %v", err)
		}
		if fileHash(t, path) != before {
			t.Fatalf("size %d: Open modified a corrupt file", size)
		}
	}
	// A text file, say someone's notes.
	path := filepath.Join(t.TempDir(), "notes.txt")
	check(t, os.WriteFile(path, []byte(strings.Repeat("shinpan notes\n", 1000)), 0o600))
	before := fileHash(t, path)
	_, err := Open(path, nil)
	wantErr(t, err, store.ErrCorrupt)
	if fileHash(t, path) != before {
		t.Fatal("Open modified a text file")
	}
}

// TestOpenDamagedPages overwrites data pages of a real store with random bytes
// (keeping the bbolt header valid). With Options.Check, Open must fail with
// ErrCorrupt without writing, unless only free pages were hit. Without it, Open
// and the reads after it must return ErrCorrupt or succeed, never crash.
func TestOpenDamagedPages(t *testing.T) {
	base := tempPath(t)
	s, err := Open(base, &Options{NoSync: true})
	check(t, err)
	for i := 0; i < 20; i++ {
		g := ok(s.CreateGame(storetest.SampleGame("G", "C", "a", "b", view.Tsuitate), "", nil))
		storetest.Play(t, s, g.ID, fmt.Sprint("g", i), 30)
	}
	check(t, s.Close())
	clean, err := os.ReadFile(base)
	check(t, err)
	const page, seeds = 4096, 40
	refused, readErrs := 0, 0
	for seed := uint64(1); seed <= seeds; seed++ {
		raw := bytes.Clone(clean)
		r := rand.New(rand.NewPCG(seed, 7))
		for n := 1 + r.IntN(3); n > 0; n-- {
			p := 2 + r.IntN(len(raw)/page-2)
			for i := p * page; i < (p+1)*page; i++ {
				raw[i] = byte(r.IntN(256))
			}
		}
		path := filepath.Join(t.TempDir(), "damaged.db")
		check(t, os.WriteFile(path, raw, 0o600))
		before := fileHash(t, path)
		s, err := Open(path, &Options{Check: true})
		if err != nil {
			wantErr(t, err, store.ErrCorrupt)
			if fileHash(t, path) != before {
				t.Fatalf("seed %d: failed Open modified the file", seed)
			}
			if !strings.Contains(err.Error(), path) || !wayOut(err) {
				t.Fatalf("seed %d: unclear error: %v", seed, err)
			}
			refused++
		} else {
			s.Close()
		}

		check(t, os.WriteFile(path, raw, 0o600))
		s, err = Open(path, nil)
		if err != nil {
			wantErr(t, err, store.ErrCorrupt)
			continue
		}
		err = readAll(s)
		s.Close()
		if err != nil {
			wantErr(t, err, store.ErrCorrupt)
			readErrs++
		}
	}
	t.Logf("%d damaged files: %d refused by Open with Check, %d read errors without it", seeds, refused, readErrs)
	if refused == 0 {
		t.Fatal("Check never noticed the damage")
	}
}

// wayOut says whether a corrupt file's error gives the way out.
func wayOut(err error) bool {
	return strings.Contains(err.Error(), "shinpan backup") && strings.Contains(err.Error(), "shinpan export") && strings.Contains(err.Error(), "not modified")
}

// readAll reads every game and log; the first error is returned.
func readAll(s *Store) error {
	for id := store.GameID(1); id <= 20; id++ {
		if _, _, err := s.LoadGame(id); err != nil {
			return err
		}
	}
	_, err := s.ActiveGames()
	return err
}

func TestOpenForeignBolt(t *testing.T) {
	path := filepath.Join(t.TempDir(), "other.db")
	db, err := bbolt.Open(path, 0o600, nil)
	check(t, err)
	check(t, db.Update(func(tx *bbolt.Tx) error {
		b, err := tx.CreateBucket([]byte("widgets"))
		if err != nil {
			return err
		}
		return b.Put([]byte("k"), []byte("v"))
	}))
	check(t, db.Close())
	before := fileHash(t, path)
	_, err = Open(path, nil)
	wantErr(t, err, store.ErrForeign)
	if fileHash(t, path) != before {
		t.Fatal("Open modified a foreign file")
	}

	// A meta bucket with someone else's marker is foreign too.
	path2 := filepath.Join(t.TempDir(), "other2.db")
	db, err = bbolt.Open(path2, 0o600, nil)
	check(t, err)
	check(t, db.Update(func(tx *bbolt.Tx) error {
		b, err := tx.CreateBucket(bMeta)
		if err != nil {
			return err
		}
		return b.Put(kApp, []byte("some-other-bot"))
	}))
	check(t, db.Close())
	_, err = Open(path2, nil)
	wantErr(t, err, store.ErrForeign)
}

func TestOpenEmptyFilesAreNew(t *testing.T) {
	// Zero bytes: an interrupted creation (or touch).
	path := filepath.Join(t.TempDir(), "empty.db")
	check(t, os.WriteFile(path, nil, 0o600))
	s := openT(t, path, nil)
	ok(s.CreateGame(storetest.SampleGame("G", "C", "a", "b", view.Standard), "", nil))
	check(t, s.Close())
	// bbolt header but no bucket: creation interrupted before our first commit.
	path = filepath.Join(t.TempDir(), "bare.db")
	db, err := bbolt.Open(path, 0o600, nil)
	check(t, err)
	check(t, db.Close())
	s = openT(t, path, nil)
	check(t, s.Close())
}

func TestOpenLocked(t *testing.T) {
	path := tempPath(t)
	s := openT(t, path, nil)
	defer s.Close()
	start := time.Now()
	_, err := Open(path, &Options{Timeout: 150 * time.Millisecond})
	wantErr(t, err, store.ErrLocked)
	if !strings.Contains(err.Error(), "database is in use by another process") {
		t.Fatalf("unclear error: %v", err)
	}
	// bbolt stops polling one retry interval (50 ms) before the timeout.
	if d := time.Since(start); d < 90*time.Millisecond || d > 5*time.Second {
		t.Fatalf("gave up after %v", d)
	}
	// The holder is unaffected.
	ok(s.CreateGame(storetest.SampleGame("G", "C", "a", "b", view.Standard), "", nil))
}

func TestOpenNewerSchemaRefused(t *testing.T) {
	path := tempPath(t)
	s := openT(t, path, nil)
	check(t, s.update(func(tx *bbolt.Tx) error { return setVersion(tx, store.SchemaVersion+1) }))
	check(t, s.Close())
	before := fileHash(t, path)
	_, err := Open(path, nil)
	wantErr(t, err, store.ErrNewerSchema)
	if fileHash(t, path) != before {
		t.Fatal("Open modified a newer file")
	}
}

// writeV0 makes a file as a fictional schema 0 would have: games kept in a
// bucket "games_v0" as {"black":..., "white":...}, no indexes.
func writeV0(t *testing.T, path string) {
	t.Helper()
	db, err := bbolt.Open(path, 0o600, nil)
	check(t, err)
	check(t, db.Update(func(tx *bbolt.Tx) error {
		m, _ := tx.CreateBucket(bMeta)
		m.Put(kApp, []byte(AppMarker))
		m.Put(kSchema, []byte("0"))
		b, _ := tx.CreateBucket([]byte("games_v0"))
		b.Put(u64(1), []byte(`{"black":"alice","white":"bob","channel":"C"}`))
		b.Put(u64(2), []byte(`{"black":"carol","white":"cpu","channel":"C"}`))
		return nil
	}))
	check(t, db.Close())
}

// migrateV0 is the fake v0→v1 hook: it moves games_v0 into games (schema 1
// records) and builds their indexes.
func migrateV0(tx *bbolt.Tx) error {
	if err := ensureBuckets(tx); err != nil {
		return err
	}
	old := tx.Bucket([]byte("games_v0"))
	games := tx.Bucket(bGames)
	err := old.ForEach(func(k, v []byte) error {
		var o struct{ Black, White, Channel string }
		if err := json.Unmarshal(v, &o); err != nil {
			return err
		}
		g := store.Game{ID: store.GameID(btou(k)), ChannelID: o.Channel, Players: [2]string{o.Black, o.White}, Variant: view.Standard, Status: store.StatusActive}
		if err := games.SetSequence(btou(k)); err != nil {
			return err
		}
		return writeGame(tx, nil, &g)
	})
	if err != nil {
		return err
	}
	return tx.DeleteBucket([]byte("games_v0"))
}

func TestMigrationV0ToV1(t *testing.T) {
	path := tempPath(t)
	check(t, os.MkdirAll(filepath.Dir(path), 0o700))
	writeV0(t, path)
	v0 := fileHash(t, path)

	// No hook registered for 0: refused, file untouched.
	_, err := Open(path, &Options{Migrations: []Migration{}})
	if err == nil || !strings.Contains(err.Error(), "no migration registered from schema 0") {
		t.Fatalf("got %v", err)
	}
	// A failing hook: the step rolls back, the file stays at 0.
	_, err = Open(path, &Options{NoBackup: true, Migrations: []Migration{{From: 0, Name: "broken", Up: func(*bbolt.Tx) error { return errors.New("nope") }}}})
	if err == nil || !strings.Contains(err.Error(), `"broken"`) {
		t.Fatalf("got %v", err)
	}
	if fileHash(t, path) != v0 {
		t.Fatal("refused or failed migrations modified the file")
	}

	calls := 0
	hooks := append([]Migration{{From: 0, Name: "v0→v1: games_v0 to games", Up: func(tx *bbolt.Tx) error { calls++; return migrateV0(tx) }}}, migrations...)
	s, err := Open(path, &Options{Migrations: hooks})
	check(t, err)
	if v := ok(s.Version()); v != store.SchemaVersion || calls != 1 {
		t.Fatalf("version %d after %d calls", v, calls)
	}
	if got := ids(ok(s.ActiveGamesOf("carol"))); len(got) != 1 || got[0] != 2 {
		t.Fatalf("migrated index: %v", got)
	}
	g := ok(s.CreateGame(storetest.SampleGame("G", "C", "x", "y", view.Standard), "", nil))
	if g.ID != 3 {
		t.Fatalf("sequence after migration: %d", g.ID)
	}
	check(t, s.Close())
	// The backup is the v0 file (same contents; bbolt rewrites the meta pages).
	bak, err := bbolt.Open(path+".schema0.bak", 0o600, &bbolt.Options{ReadOnly: true})
	check(t, err)
	check(t, bak.View(func(tx *bbolt.Tx) error {
		if string(tx.Bucket(bMeta).Get(kSchema)) != "0" || tx.Bucket([]byte("games_v0")).Stats().KeyN != 2 {
			t.Error("backup is not the v0 file")
		}
		return nil
	}))
	check(t, bak.Close())
	// Reopening runs nothing more.
	s, err = Open(path, &Options{Migrations: hooks})
	check(t, err)
	check(t, s.Close())
	if calls != 1 {
		t.Fatalf("migration ran %d times", calls)
	}
}

// TestMigrationV1ToV2: schema 1's unused buckets (snapshots, idx_finished)
// are dropped and everything else is kept (and the later steps run).
func TestMigrationV1ToV2(t *testing.T) {
	path := tempPath(t)
	s := ok(Open(path, nil))
	g := ok(s.CreateGame(storetest.SampleGame("G", "C", "x", "y", view.Standard), "", nil))
	check(t, s.Close())
	db, err := bbolt.Open(path, 0o600, nil)
	check(t, err)
	check(t, db.Update(func(tx *bbolt.Tx) error {
		for _, name := range []string{"snapshots", "idx_finished"} {
			b, err := tx.CreateBucket([]byte(name))
			if err != nil {
				return err
			}
			if err := b.Put(u64(uint64(g.ID)), []byte("{}")); err != nil {
				return err
			}
		}
		return setVersion(tx, 1)
	}))
	check(t, db.Close())

	s = ok(Open(path, &Options{NoBackup: true}))
	if v := ok(s.Version()); v != store.SchemaVersion {
		t.Fatalf("version %d", v)
	}
	if got := ok(s.GetGame(g.ID)); got.ID != g.ID {
		t.Fatalf("game %d lost: %+v", g.ID, got)
	}
	check(t, s.Close())
	db, err = bbolt.Open(path, 0o600, &bbolt.Options{ReadOnly: true})
	check(t, err)
	defer db.Close()
	check(t, db.View(func(tx *bbolt.Tx) error {
		for _, name := range []string{"snapshots", "idx_finished"} {
			if tx.Bucket([]byte(name)) != nil {
				t.Errorf("bucket %s still there", name)
			}
		}
		return nil
	}))
}

// TestMigrationV2ToV3: a schema 2 file, which had no tournaments, gets
// their buckets, keeps its games, and takes tournaments.
func TestMigrationV2ToV3(t *testing.T) {
	path := tempPath(t)
	s := ok(Open(path, nil))
	g := ok(s.CreateGame(storetest.SampleGame("G", "C", "x", "y", view.Standard), "", nil))
	check(t, s.Close())
	db, err := bbolt.Open(path, 0o600, nil)
	check(t, err)
	check(t, db.Update(func(tx *bbolt.Tx) error {
		for _, name := range [][]byte{bTournaments, bIdxTournamentActive, bIdxGuildTournament} {
			if err := tx.DeleteBucket(name); err != nil {
				return err
			}
		}
		return setVersion(tx, 2)
	}))
	check(t, db.Close())

	s = ok(Open(path, &Options{NoBackup: true}))
	defer s.Close()
	if v := ok(s.Version()); v != 3 {
		t.Fatalf("version %d", v)
	}
	if got := ok(s.GetGame(g.ID)); got.ID != g.ID {
		t.Fatalf("game %d lost: %+v", g.ID, got)
	}
	tr := ok(s.CreateTournament(storetest.SampleTournament("G", "C", 3, "x", "y"), nil))
	if ts := ok(s.ActiveTournaments()); len(ts) != 1 || ts[0].ID != tr.ID {
		t.Fatalf("active tournaments %+v", ts)
	}
}

func TestClosedStore(t *testing.T) {
	s := openT(t, tempPath(t), nil)
	check(t, s.Close())
	if _, err := s.GetGame(1); err == nil {
		t.Fatal("read after Close succeeded")
	}
	_ = shogi.Black
}
