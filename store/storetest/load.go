package storetest

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"shinpan/referee/view"
	"shinpan/store"
)

var (
	loadRates   = flag.String("store.load", "", "Load: comma-separated move rates (moves/s) to run, e.g. 100,200,400; empty skips")
	loadGames   = flag.Int("store.load.games", 1000, "Load: live games the moves are spread over")
	loadSeconds = flag.Int("store.load.seconds", 10, "Load: how long each rate runs")
)

// Load drives a store as the bot would at each rate of -store.load: moves
// arrive open-loop (on a schedule, whether or not the store keeps up) spread
// over -store.load.games live games, one at a time per game; each is an
// AppendAction with its two outbox messages, and one sender claims and marks
// the messages sent meanwhile. It logs, per rate, the rate reached and the
// latency from a move's scheduled arrival to its acknowledgement (p50, p99,
// max), queueing included.
func Load(t *testing.T, bk Backend) {
	if *loadRates == "" {
		t.Skip("a measurement: run with -store.load=100,200,... (-v to see the figures)")
	}
	s := openT(t, bk, bk.Fresh(t), nil)
	defer s.Close()
	games := make([]store.GameID, *loadGames)
	for i := range games {
		games[i] = ok(s.CreateGame(SampleGame("G", "C", fmt.Sprint("b", i), fmt.Sprint("w", i), view.Tsuitate), "", nil)).ID
	}
	stop := make(chan struct{})
	senderDone := make(chan struct{})
	go func() { // the outbox sender
		defer close(senderDone)
		for {
			ms, err := s.ClaimOutbox(100, time.Minute)
			if err != nil {
				t.Error(err)
				return
			}
			ids := make([]uint64, len(ms))
			for i, m := range ms {
				ids[i] = m.ID
			}
			if err := s.MarkSent(ids...); err != nil {
				t.Error(err)
				return
			}
			if len(ms) == 0 {
				select {
				case <-stop:
					return
				case <-time.After(5 * time.Millisecond):
				}
			}
		}
	}()
	n := 0
	loadRun(t, s, games, 50, 1, &n) // warm up: connections, caches
	for _, f := range strings.Split(*loadRates, ",") {
		rate, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || rate <= 0 {
			t.Fatalf("-store.load: bad rate %q", f)
		}
		lat, took := loadRun(t, s, games, rate, *loadSeconds, &n)
		slices.Sort(lat)
		pct := func(p float64) time.Duration { return lat[min(len(lat)-1, int(p*float64(len(lat))))] }
		t.Logf("%T: %d moves/s offered over %d games: %.0f moves/s acknowledged, latency p50 %v p99 %v max %v",
			s, rate, len(games), float64(len(lat))/took.Seconds(),
			pct(0.5).Round(10*time.Microsecond), pct(0.99).Round(10*time.Microsecond), lat[len(lat)-1].Round(10*time.Microsecond))
	}
	close(stop)
	<-senderDone
}

// loadRun offers rate moves/s for some seconds and returns each
// move's latency and the time until the last was acknowledged.
func loadRun(t *testing.T, s store.Store, games []store.GameID, rate, seconds int, n *int) ([]time.Duration, time.Duration) {
	total := rate * seconds
	r := rand.New(rand.NewPCG(uint64(rate), 7))
	busy := make([]sync.Mutex, len(games)) // one move at a time per game
	lat := make([]time.Duration, total)
	var wg sync.WaitGroup
	start := time.Now()
	interval := time.Second / time.Duration(rate)
	for i := 0; i < total; i++ {
		due := start.Add(time.Duration(i) * interval)
		if d := time.Until(due); d > 0 {
			time.Sleep(d)
		}
		g := r.IntN(len(games))
		*n++
		k := *n
		wg.Add(1)
		go func() {
			defer wg.Done()
			busy[g].Lock()
			defer busy[g].Unlock()
			if err := AppendOne(s, games[g], k); err != nil {
				t.Error(err)
			}
			lat[i] = time.Since(due)
		}()
	}
	wg.Wait()
	return lat, time.Since(start)
}
