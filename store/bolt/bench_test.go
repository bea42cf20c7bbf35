package bolt

import (
	"shinpan/store"
	"shinpan/store/storetest"

	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	bbolt "go.etcd.io/bbolt"

	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

var (
	sizeTest  = flag.Bool("store.size", false, "TestFileSize10k: write 10 000 finished games of 100 actions and report the file size (minutes)")
	sizeGames = flag.Int("store.size.games", 10000, "TestFileSize10k: number of games")
)

func BenchmarkAppendAction(b *testing.B)         { storetest.BenchAppend(b, backend) }
func BenchmarkAppendActionParallel(b *testing.B) { storetest.BenchAppendParallel(b, backend) }
func BenchmarkAppendActionGames(b *testing.B)    { storetest.BenchAppendGames(b, backend) }
func BenchmarkLoadGame(b *testing.B)             { storetest.BenchLoadGame(b, backend) }

// BenchmarkOutboxStats: a /metrics scrape's outbox read with 100 000 queued
// (ReadAll: reading the messages, as the scrape did before).
func BenchmarkOutboxStats(b *testing.B)        { storetest.BenchOutboxStats(b, backend, false) }
func BenchmarkOutboxStatsReadAll(b *testing.B) { storetest.BenchOutboxStats(b, backend, true) }

// TestStoreLoad: see storetest.Load (-store.load).
func TestStoreLoad(t *testing.T) { storetest.Load(t, backend) }

var usiMoves = []string{"7g7f", "3c3d", "2g2f", "8c8d", "2f2e", "4a3b", "6i7h", "8d8e", "2e2d", "2c2d", "2h2d", "P*2c", "8h2b+", "3a2b", "B*4e", "S*5d"}

// TestFileSize10k writes 10 000 finished games of 100 actions each, 50 games
// in flight at a time as on a busy bot, one transaction per action (NoSync:
// same pages, no fsync wait), and reports the file size and query times.
func TestFileSize10k(t *testing.T) {
	if !*sizeTest || testing.Short() {
		t.Skip("run with -store.size (and without -short)")
	}
	games := *sizeGames
	const actions, inFlight = 100, 50
	path := filepath.Join(t.TempDir(), "size.db")
	s, err := Open(path, &Options{NoSync: true})
	check(t, err)
	start := time.Now()
	users := func(i int) (string, string) {
		return fmt.Sprintf("1%017d", i%300), fmt.Sprintf("2%017d", (i*7)%300)
	}
	key := 0
	for base := 0; base < games; base += inFlight {
		var ids []store.GameID
		for i := base; i < base+inFlight; i++ {
			b, w := users(i)
			g := storetest.SampleGame("123456789012345678", fmt.Sprintf("9%017d", i%20), b, w, []view.Variant{view.Tsuitate, view.Masked, view.Dark, view.Standard}[i%4])
			g.MaskSalts = [2]string{"3f9a1c0e5b7d2a4c", "8e2b6d0f1a3c5e7b"}
			ids = append(ids, ok(s.CreateGame(g, fmt.Sprint("c", i), nil)).ID)
		}
		for n := 0; n < actions; n++ {
			for j, id := range ids {
				key++
				c := shogi.Color(n % 2)
				e := store.Entry{Action: referee.Action{Kind: referee.ActMove, Player: c, Text: usiMoves[(n+j)%len(usiMoves)]}, UserID: fmt.Sprintf("1%017d", j), Key: fmt.Sprintf("13%017d", key)}
				_, err := s.AppendAction(id, e, nil, func(g *store.Game) {
					if n == actions-1 {
						w := c
						g.Status, g.Result = store.StatusFinished, &view.Result{Winner: &w, Reason: view.ReasonCheckmate}
						g.Deadline = nil
					} else {
						g.Deadline = &store.Deadline{Player: c.Opp(), Seq: g.LastSeq, Turn: time.Now().Add(time.Minute)}
					}
				})
				check(t, err)
			}
		}
	}
	write := time.Since(start)
	check(t, s.Close())
	fi, err := os.Stat(path)
	check(t, err)

	s, err = Open(path, nil)
	check(t, err)
	var used int64
	check(t, s.view(func(tx *bbolt.Tx) error {
		st := tx.DB().Stats()
		used = tx.Size() - int64(st.FreePageN+st.PendingPageN)*int64(tx.DB().Info().PageSize)
		return nil
	}))
	qs := time.Now()
	const loads = 1000
	for i := 0; i < loads; i++ {
		if _, log, err := s.LoadGame(store.GameID(1 + i*7%games)); err != nil || len(log) != actions {
			t.Fatal(err)
		}
	}
	loadT := time.Since(qs) / loads
	qs = time.Now()
	recent := ok(s.RecentGames(fmt.Sprintf("1%017d", 42), 10))
	recentT := time.Since(qs)
	check(t, s.Close())

	cs := time.Now()
	s, err = Open(path, &Options{Check: true})
	check(t, err)
	checkT := time.Since(cs)
	check(t, s.Close())

	// What bbolt's compaction would give (a fresh file, pages filled).
	src, err := bbolt.Open(path, 0o600, &bbolt.Options{ReadOnly: true})
	check(t, err)
	dst, err := bbolt.Open(path+".compact", 0o600, &bbolt.Options{NoSync: true})
	check(t, err)
	check(t, bbolt.Compact(dst, src, 64<<20))
	src.Close()
	dst.Close()
	cfi, err := os.Stat(path + ".compact")
	check(t, err)

	t.Logf("%d games × 100 actions written in %v (NoSync, 1 tx per action)", games, write.Round(time.Second))
	t.Logf("file %d bytes (%.1f MiB; bbolt grows it in steps), %d bytes (%.1f MiB) in use: %.0f bytes per action",
		fi.Size(), float64(fi.Size())/(1<<20), used, float64(used)/(1<<20), float64(used)/float64(games*actions))
	t.Logf("compacted copy %d bytes (%.1f MiB)", cfi.Size(), float64(cfi.Size())/(1<<20))
	t.Logf("LoadGame (100 actions) %v; RecentGames(10) %v (%d); Open with Check %v",
		loadT, recentT, len(recent), checkT.Round(time.Millisecond))
}
