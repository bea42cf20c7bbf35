package bot

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"reflect"
	"testing"

	"shinpan/ops"
	"shinpan/store/bolt"
)

// TestBackupWhileMoving takes online backups over the admin socket while two
// players move: each copy passes the store's checks (bbolt's consistency check
// included) and holds the same games as the live store, each one a prefix of
// the live game as it stood when the copy began; a copy taken after the moves
// equals the live store.
func TestBackupWhileMoving(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	backuper, ok := e.st.(ops.Backuper)
	if !ok {
		t.Skip("online backups are bbolt's; PostgreSQL is backed up with pg_dump")
	}
	id := e.startGame("tsuitate")
	dir := t.TempDir()
	sock := filepath.Join(dir, "admin.sock")
	ln, err := ops.ListenAdmin(sock)
	if err != nil {
		t.Fatal(err)
	}
	srv := ops.Listen(ln, ops.AdminHandler(backuper, nil, slog.New(slog.NewTextHandler(io.Discard, nil))), slog.Default())
	defer srv.Close()

	done := make(chan struct{})
	copies := make(chan string, 30)
	errs := make(chan error, 1)
	go func() {
		defer close(copies)
		for i := 0; ; i++ {
			select {
			case <-done:
				return
			default:
			}
			out := filepath.Join(dir, fmt.Sprintf("copy%d.db", i))
			if _, err := ops.FetchBackup(context.Background(), sock, out, bolt.CheckFile); err != nil {
				errs <- err
				return
			}
			copies <- out
			if i == cap(copies)-1 {
				return
			}
		}
	}()
	moves := g24(t)[:12]
	e.play(moves...)
	close(done)
	var paths []string
	for p := range copies {
		paths = append(paths, p)
	}
	select {
	case err := <-errs:
		t.Fatal(err)
	default:
	}
	final := filepath.Join(dir, "final.db")
	if _, err := ops.FetchBackup(context.Background(), sock, final, bolt.CheckFile); err != nil {
		t.Fatal(err)
	}
	paths = append(paths, final)
	if len(paths) < 3 {
		t.Fatalf("only %d backups while 12 moves were played", len(paths))
	}
	live, liveLog, err := e.st.LoadGame(id)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[uint64]bool{}
	for i, p := range paths {
		c, err := bolt.Open(p, &bolt.Options{Check: true, NoBackup: true})
		if err != nil {
			t.Fatalf("copy %d: %v", i, err)
		}
		g, log, err := c.LoadGame(id)
		if err != nil {
			t.Fatalf("copy %d: %v", i, err)
		}
		all, err := c.ActiveGames()
		c.Close()
		if err != nil || len(all) != 1 || all[0].ID != id {
			t.Fatalf("copy %d: active games %v, %v", i, all, err)
		}
		if g.LastSeq > live.LastSeq || !reflect.DeepEqual(log, liveLog[:g.LastSeq]) {
			t.Fatalf("copy %d: its log (%d actions) is not a prefix of the live one (%d)", i, g.LastSeq, live.LastSeq)
		}
		seen[g.LastSeq] = true
		if p == final && (!reflect.DeepEqual(g, live) || len(log) != len(moves)) {
			t.Fatalf("the copy after the moves differs from the live game:\n%+v\n%+v", g, live)
		}
	}
	t.Logf("%d backups at %d different points of the game", len(paths), len(seen))
}
