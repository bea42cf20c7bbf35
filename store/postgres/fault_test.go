package postgres

import (
	"errors"
	"flag"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/store"
	"shinpan/store/pgtest"
	"shinpan/store/storetest"
)

// faultScale multiplies the faults of TestServerFaults (-pg.faults=5: 50
// restarts, 25 kills ...).
var faultScale = flag.Int("pg.faults", 1, "TestServerFaults: how many times its faults are repeated")

// backWithin is how soon after the server is back writes must succeed.
const backWithin = 5 * time.Second

// ownServer starts a server of the test's own, to restart and kill.
func ownServer(t *testing.T) *pgtest.Server {
	t.Helper()
	srv, err := pgtest.StartOwn()
	if pgtest.Skippable(err) {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Stop)
	return srv
}

// outcomes are what each AppendAction of the writers returned, by key.
type outcomes struct {
	mu      sync.Mutex
	acked   map[string]uint64 // nil: committed at this seq
	refused map[string]bool   // ErrUnavailable: nothing written
	unknown []pending         // ErrOutcomeUnknown: settled after the faults
	lastAck atomic.Int64      // unix nanos of the last acknowledgement
	errs    []error           // anything else
}

type pending struct {
	game store.GameID
	key  string
}

// writers append to one game each, from one goroutine each, until stop, as
// players would: a refused action is tried again as a new one (a new key).
func writers(t *testing.T, s *Store, n int, stop <-chan struct{}) (*outcomes, *sync.WaitGroup) {
	t.Helper()
	o := &outcomes{acked: map[string]uint64{}, refused: map[string]bool{}}
	var wg sync.WaitGroup
	for w := range n {
		g, err := s.CreateGame(storetest.SampleGame("G", "C", fmt.Sprint("b", w), fmt.Sprint("w", w), view.Tsuitate), "", nil)
		if err != nil {
			t.Fatal(err)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				key := fmt.Sprintf("w%d-%d", w, i)
				o.record(g.ID, key, appendOne(s, g.ID, key))
			}
		}()
	}
	return o, &wg
}

type appendResult struct {
	e   store.Entry
	err error
}

func appendOne(s *Store, id store.GameID, key string) appendResult {
	e, err := s.AppendAction(id, store.Entry{Action: storetest.Move(shogi.Black, "7g7f"), UserID: "u", Key: key},
		[]store.OutMsg{storetest.Msg("C", key)}, func(g *store.Game) { g.Deadline = &store.Deadline{Seq: g.LastSeq} })
	return appendResult{e, err}
}

func (o *outcomes) record(id store.GameID, key string, r appendResult) {
	o.mu.Lock()
	defer o.mu.Unlock()
	var de *store.DuplicateError
	switch {
	case r.err == nil:
		o.acked[key] = r.e.Seq
		o.lastAck.Store(time.Now().UnixNano())
	case errors.Is(r.err, store.ErrOutcomeUnknown):
		o.unknown = append(o.unknown, pending{id, key})
	case errors.Is(r.err, store.ErrUnavailable):
		o.refused[key] = true
		o.mu.Unlock()
		time.Sleep(2 * time.Millisecond) // a player's retry comes later
		o.mu.Lock()
	case errors.As(r.err, &de):
		o.errs = append(o.errs, fmt.Errorf("%s: a fresh key is a duplicate: %w", key, r.err))
	default:
		o.errs = append(o.errs, fmt.Errorf("%s: %w", key, r.err))
	}
}

// settle runs the writes of unknown outcome again with their keys, as the
// store's error says to: a DuplicateError means the first run committed.
func (o *outcomes) settle(t *testing.T, s *Store) {
	t.Helper()
	for _, p := range o.unknown {
		r := appendOne(s, p.game, p.key)
		var de *store.DuplicateError
		switch {
		case errors.As(r.err, &de):
			o.acked[p.key] = de.Seq
		case r.err == nil:
			o.acked[p.key] = r.e.Seq
		default:
			t.Fatalf("%s settled with %v", p.key, r.err)
		}
	}
}

// verify checks, on a store opened anew, that every acknowledged action is
// logged once at its seq, that no refused one is, and that the logs hold
// nothing else.
func (o *outcomes) verify(t *testing.T, url string) {
	t.Helper()
	for _, err := range o.errs {
		t.Error(err)
	}
	s, err := Open(url, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	games, err := s.ActiveGames()
	if err != nil {
		t.Fatal(err)
	}
	logged := map[string]uint64{}
	for _, g := range games {
		_, log, err := s.LoadGame(g.ID) // checks the seqs are 1..LastSeq
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range log {
			if _, twice := logged[e.Key]; twice {
				t.Errorf("%s is logged twice", e.Key)
			}
			logged[e.Key] = e.Seq
		}
	}
	for k, seq := range o.acked {
		if got, ok := logged[k]; !ok || got != seq {
			t.Errorf("acknowledged %s (seq %d) is logged at %d (present %v)", k, seq, got, ok)
		}
	}
	for k := range o.refused {
		if _, ok := logged[k]; ok {
			t.Errorf("%s was refused as unavailable, yet it is logged", k)
		}
	}
	if len(logged) != len(o.acked) {
		t.Errorf("%d actions logged, %d acknowledged", len(logged), len(o.acked))
	}
	t.Logf("%d actions acknowledged, %d refused while the server was away, %d of unknown outcome settled by their keys",
		len(o.acked), len(o.refused), len(o.unknown))
}

// backAfter waits for a write acknowledged after back, and returns how long
// after back it came.
func (o *outcomes) backAfter(t *testing.T, back time.Time) time.Duration {
	t.Helper()
	for time.Since(back) < 2*backWithin {
		if at := o.lastAck.Load(); at > back.UnixNano() {
			return time.Duration(at - back.UnixNano())
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatalf("no write succeeded within %v of the server's return", 2*backWithin)
	return 0
}

// retryFor runs fn until it succeeds or d has passed (its last error).
func retryFor(d time.Duration, fn func() error) error {
	deadline := time.Now().Add(d)
	for {
		err := fn()
		if err == nil || time.Now().After(deadline) {
			return err
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestServerFaults: writers append while the server is restarted (10
// times, as a crash: pg_ctl stop -m immediate), killed (5: SIGKILL of the
// postmaster), stopped for a while (a fast shutdown), and while their
// connections are cut (by a proxy in between, and by pg_terminate_backend).
// Every write acknowledged is there once, none refused is, the errors
// meanwhile are ErrUnavailable, and writes succeed within 5 s of the server's
// return, with the same Store (no restart). -short runs a third of it.
func TestServerFaults(t *testing.T) {
	srv := ownServer(t)
	proxy, err := srv.NewProxy()
	if err != nil {
		t.Fatal(err)
	}
	defer proxy.Close()
	url := proxy.URL("postgres")
	s, err := Open(url, &Options{MaxConns: 8, OpenAll: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	stop := make(chan struct{})
	o, wg := writers(t, s, 4, stop)

	restarts, kills, cuts := 10, 5, 3
	if testing.Short() {
		restarts, kills, cuts = 3, 2, 1
	}
	type fault struct {
		name string
		do   func() error
	}
	var faults []fault
	for range *faultScale {
		for range restarts {
			faults = append(faults, fault{"restart", srv.Restart})
		}
		for range kills {
			faults = append(faults, fault{"kill", func() error {
				if err := srv.Kill(); err != nil {
					return err
				}
				return srv.Start()
			}})
		}
		for range cuts {
			// Each waits for a connection to cut: the writers may still be
			// reconnecting after the fault before.
			faults = append(faults, fault{"proxy cut", func() error {
				return retryFor(5*time.Second, func() error {
					if proxy.Cut() == 0 {
						return errors.New("no connection to cut")
					}
					return nil
				})
			}}, fault{"terminate", func() error {
				return retryFor(5*time.Second, func() error {
					if n, err := srv.Terminate(); err != nil || n == 0 {
						return fmt.Errorf("%d sessions terminated: %v", n, err)
					}
					return nil
				})
			}})
		}
		faults = append(faults, fault{"stopped 1 s", func() error {
			if err := srv.Shutdown("fast"); err != nil {
				return err
			}
			stopped := time.Now()
			if err := retryFor(5*time.Second, func() error { // the writers find it gone
				if err := s.Healthy(); !errors.Is(err, store.ErrUnavailable) {
					return fmt.Errorf("the store is healthy with its server stopped: %v", err)
				}
				return nil
			}); err != nil {
				return err
			}
			time.Sleep(time.Second - time.Since(stopped))
			return srv.Start()
		}})
	}
	var worst time.Duration
	for i, f := range faults {
		time.Sleep(100 * time.Millisecond) // writes in between
		start := time.Now()
		if err := f.do(); err != nil {
			t.Fatalf("fault %d (%s): %v", i, f.name, err)
		}
		back := time.Now()
		d := o.backAfter(t, back)
		worst = max(worst, d)
		if d > backWithin {
			t.Errorf("fault %d (%s): writes succeeded %v after the server was back", i, f.name, d)
		}
		if testing.Verbose() {
			t.Logf("%-12s took %v, writes back %v after", f.name, back.Sub(start).Round(time.Millisecond), d.Round(time.Millisecond))
		}
	}
	close(stop)
	wg.Wait()
	if err := s.Healthy(); err != nil {
		t.Fatalf("after the faults: %v", err)
	}
	o.settle(t, s)
	o.verify(t, url)
	lc := s.health.lostCommitCounts()
	t.Logf("%d faults, %d outages seen; writes back at worst %v after the server; COMMITs whose answer was lost, settled by their keys: %d committed, %d not, %d unknown",
		len(faults), s.Outages(), worst.Round(time.Millisecond), lc[0], lc[1], lc[2])
}

// TestLostCommit: a COMMIT whose answer is lost (the proxy cuts the
// connection just after it, or just before it reaches the server). A keyed
// write finds out by its key whether it committed, and succeeds either way
// with its action logged once; an unkeyed one says ErrOutcomeUnknown.
func TestLostCommit(t *testing.T) {
	srv := pgtest.Get(t)
	proxy, err := srv.NewProxy()
	if err != nil {
		t.Fatal(err)
	}
	defer proxy.Close()
	url := srv.NewDB(t)
	// The same database through the proxy: only the host differs.
	purl := proxy.URL("shinpan_test") + url[len(srv.URL("shinpan_test")):]
	s, err := Open(purl, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g, err := s.CreateGame(storetest.SampleGame("G", "C", "b", "w", view.Tsuitate), "", nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, forward := range []bool{true, false} {
		t.Run(fmt.Sprintf("commit reached the server %v", forward), func(t *testing.T) {
			before := s.health.lostCommitCounts()
			proxy.CutAtCommit(forward)
			key := fmt.Sprint("lost-", i)
			e, err := s.AppendAction(g.ID, store.Entry{Action: storetest.Move(shogi.Black, "7g7f"), Key: key}, []store.OutMsg{storetest.Msg("C", key)}, nil)
			if err != nil {
				t.Fatalf("AppendAction: %v", err)
			}
			after := s.health.lostCommitCounts()
			if forward && after[0] != before[0]+1 || !forward && after[1] != before[1]+1 {
				t.Fatalf("lost commits settled %v, then %v: the key did not tell what happened", before, after)
			}
			log, err := s.Log(g.ID, 0)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, l := range log {
				if l.Key == key {
					n++
					if l.Seq != e.Seq {
						t.Fatalf("logged at seq %d, acknowledged at %d", l.Seq, e.Seq)
					}
				}
			}
			if n != 1 {
				t.Fatalf("%s logged %d times", key, n)
			}
		})
	}
	t.Run("unkeyed", func(t *testing.T) {
		proxy.CutAtCommit(true)
		_, err := s.UpdateGame(g.ID, nil, func(g *store.Game) error { g.ThreadID = "T"; return nil })
		if !errors.Is(err, store.ErrOutcomeUnknown) || !errors.Is(err, store.ErrUnavailable) {
			t.Fatalf("UpdateGame with its COMMIT's answer lost: %v, want ErrOutcomeUnknown", err)
		}
		if got, err := s.GetGame(g.ID); err != nil || got.ThreadID != "T" {
			t.Fatalf("the COMMIT reached the server, yet the game reads %q (%v)", got.ThreadID, err)
		}
	})
}

// TestFailover: a primary with a synchronous standby (from a base backup);
// the store's URL names both, and asks for the one that takes writes
// (target_session_attrs=read-write). The primary crashes (its backends
// too) while writers append, the standby promoted: the same Store writes to it within 5 s, and
// every write acknowledged by either server is on the new primary, once.
func TestFailover(t *testing.T) {
	primary := ownServer(t)
	standby, err := primary.Standby()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(standby.Stop)
	url := fmt.Sprintf("postgres:///postgres?host=%s,%s&user=shinpan&target_session_attrs=read-write", primary.Dir(), standby.Dir())
	s, err := Open(url, &Options{MaxConns: 8, ConnectTimeout: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	stop := make(chan struct{})
	o, wg := writers(t, s, 4, stop)
	time.Sleep(300 * time.Millisecond)
	if err := primary.Crash(); err != nil {
		t.Fatal(err)
	}
	if err := retryFor(5*time.Second, func() error { // writes find no primary: refused
		if err := s.Healthy(); !errors.Is(err, store.ErrUnavailable) {
			return fmt.Errorf("no primary, yet the store is healthy: %v", err)
		}
		return nil
	}); err != nil {
		t.Error(err)
	}
	if err := retryFor(5*time.Second, func() error { // and a writer hears so before the promotion
		o.mu.Lock()
		defer o.mu.Unlock()
		if len(o.refused) == 0 {
			return errors.New("no write was refused while there was no primary")
		}
		return nil
	}); err != nil {
		t.Error(err)
	}
	if err := standby.Promote(); err != nil {
		t.Fatal(err)
	}
	back := time.Now()
	if d := o.backAfter(t, back); d > backWithin {
		t.Errorf("writes succeeded %v after the promotion", d)
	} else {
		t.Logf("writes back %v after the promotion", d.Round(time.Millisecond))
	}
	time.Sleep(200 * time.Millisecond)
	close(stop)
	wg.Wait()
	o.settle(t, s)
	o.verify(t, standby.URL("postgres"))
}
