package storetest

import (
	"shinpan/store"

	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// CrashKills is how many times Crash SIGKILLs the writer (-crash.kills).
var CrashKills = flag.Int("crash.kills", 50, "Crash: how many times to SIGKILL the writer")

const (
	crashEnvPath  = "SHINPAN_STORE_CRASH_DB"    // set in the child: the database path
	crashEnvRetry = "SHINPAN_STORE_CRASH_RETRY" // game:key,... tried but not acknowledged
	crashGames    = 4
)

// CrashChild is the writer process of Crash; a backend's test named by
// Crash's child argument calls it. Outside Crash it skips. It creates
// crashGames games (idempotently), retries the keys its killed predecessor
// tried without acknowledging, then appends actions to every game from one
// goroutine each, printing "try" before and "ack" after each AppendAction
// returned nil, until it is killed.
func CrashChild(t *testing.T, b Backend) {
	path := os.Getenv(crashEnvPath)
	if path == "" {
		t.Skip("helper process for TestCrashRecovery")
	}
	var mu sync.Mutex
	say := func(format string, args ...any) { // one write(2) per line
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintf(os.Stdout, format+"\n", args...)
	}
	fail := func(err error) {
		fmt.Fprintln(os.Stderr, "crash child:", err)
		os.Exit(3)
	}
	s, err := b.Open(path, nil)
	if err != nil {
		fail(err)
	}
	say("ready")
	var games [crashGames]store.GameID
	for i := range games {
		g, err := s.CreateGame(SampleGame("G", "C", fmt.Sprint("b", i), fmt.Sprint("w", i), view.Tsuitate), fmt.Sprint("create-", i), []store.OutMsg{Msg("C", "start")})
		var de *store.DuplicateError
		switch {
		case errors.As(err, &de):
			games[i] = de.GameID
		case err != nil:
			fail(err)
		default:
			games[i] = g.ID
		}
		say("created %d %d", i, games[i])
	}
	appendOne := func(id store.GameID, key string) {
		say("try %d %s", id, key)
		e := store.Entry{Action: Move(shogi.Black, "7g7f"), UserID: "u", Key: key}
		out := []store.OutMsg{Msg("C", key), {Dest: store.DestDM, Target: "u", Payload: []byte(`{"content":"board"}`)}}
		got, err := s.AppendAction(id, e, out, func(g *store.Game) {
			g.Deadline = &store.Deadline{Seq: g.LastSeq, Turn: time.Now().Add(time.Minute)}
		})
		var de *store.DuplicateError
		switch {
		case errors.As(err, &de): // committed by a killed predecessor, never acknowledged
			say("ack %d %d %s dup", id, de.Seq, key)
		case err != nil:
			fail(err)
		default:
			say("ack %d %d %s", id, got.Seq, key)
		}
	}
	for _, r := range strings.Split(os.Getenv(crashEnvRetry), ",") {
		if g, key, found := strings.Cut(r, ":"); found {
			id, _ := strconv.Atoi(g)
			appendOne(store.GameID(id), key)
		}
	}
	var wg sync.WaitGroup
	for _, id := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := 0; ; n++ {
				appendOne(id, fmt.Sprintf("p%d-g%d-n%d", os.Getpid(), id, n))
				if n%5 == 4 {
					if _, err := s.ToggleNote(id, shogi.Black, shogi.Square(n%81)); err != nil {
						fail(err)
					}
				}
			}
		}()
	}
	time.AfterFunc(60*time.Second, func() { fail(errors.New("never killed")) })
	wg.Wait()
}

type ack struct {
	game store.GameID
	seq  uint64
	key  string
}

// settleCrashDB waits until what a killed writer left in flight has landed:
// a database server runs a dead client's last statements, its COMMIT among
// them, to their end, and checks reading meanwhile would see that commit in
// one read and not in the one before. Settled is two reads 100 ms apart
// finding the same number of log entries and outbox messages.
func settleCrashDB(t *testing.T, b Backend, path string) {
	t.Helper()
	s, err := b.Open(path, nil)
	if err != nil {
		t.Fatalf("reopen: %v", err)
	}
	defer s.Close()
	count := func() [2]int {
		out, err := s.PendingOutbox()
		if err != nil {
			t.Fatalf("outbox: %v", err)
		}
		games, err := s.ActiveGames()
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, g := range games {
			n += int(g.LastSeq)
		}
		return [2]int{n, len(out)}
	}
	last := count()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); {
		time.Sleep(100 * time.Millisecond)
		now := count()
		if now == last {
			return
		}
		last = now
	}
	t.Fatalf("the store still changes 10 s after the writer's kill: %v", last)
}

// Crash SIGKILLs a writer process (the test binary running the test named
// child, which calls CrashChild) at random points (-crash.kills times) and checks after each kill that every acknowledged action is in the
// log, seqs are contiguous from 1, every record decodes, each action has its
// two outbox messages and its idempotency key, and a retried unacknowledged
// key is either found (ErrDuplicate) or appended once. SIGKILL loses no page
// cache, so this checks atomicity of commits against process death; power-loss
// durability rests on bbolt's fsync (NoSync off).
func Crash(t *testing.T, b Backend, child string) {
	if testing.Short() && *CrashKills == 50 {
		*CrashKills = 10
	}
	seed := uint64(time.Now().UnixNano())
	r := rand.New(rand.NewPCG(seed, 1))
	var (
		path         string
		acked        map[string]ack          // key → ack
		pending      map[store.GameID]string // last tried, unacknowledged key per game
		createdGames map[store.GameID]bool
	)
	totalAcks, dupAcks, earlyKills := 0, 0, 0
	start := time.Now()
	for kill := 0; kill < *CrashKills; kill++ {
		// A fresh file every 50 kills keeps the checks' cost flat (they read
		// everything) and tests creation under kills more than once.
		if kill%50 == 0 {
			path = b.Fresh(t)
			acked, pending, createdGames = map[string]ack{}, map[store.GameID]string{}, map[store.GameID]bool{}
		}
		var retry []string
		for g, k := range pending {
			retry = append(retry, fmt.Sprintf("%d:%s", g, k))
		}
		cmd := exec.Command(os.Args[0], "-test.run=^"+child+"$", "-test.count=1", "-test.timeout=2m")
		cmd.Env = append(os.Environ(), crashEnvPath+"="+path, crashEnvRetry+"="+strings.Join(retry, ","))
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		stdout, err := cmd.StdoutPipe()
		check(t, err)
		check(t, cmd.Start())
		lines := make(chan string, 1024)
		go func() {
			defer close(lines)
			br := bufio.NewReader(stdout)
			for {
				l, err := br.ReadString('\n')
				if err != nil {
					return // a partial last line is dropped: it was never acknowledged
				}
				lines <- strings.TrimSuffix(l, "\n")
			}
		}()
		// Kill at a random point: mostly while appending, sometimes during
		// start-up (Open, game creation, the retries).
		var delay time.Duration
		if r.IntN(8) == 0 {
			delay = time.Duration(r.IntN(30)) * time.Millisecond
			earlyKills++
		} else {
			for l := range lines {
				if l == "ready" {
					break
				}
			}
			delay = time.Duration(r.IntN(120)) * time.Millisecond
		}
		var all []string
		deadline := time.After(delay)
	collect:
		for {
			select {
			case l, ok := <-lines:
				if !ok {
					break collect
				}
				all = append(all, l)
			case <-deadline:
				break collect
			}
		}
		check(t, cmd.Process.Signal(syscall.SIGKILL))
		for l := range lines {
			all = append(all, l)
		}
		err = cmd.Wait()
		if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
			t.Fatalf("seed %d kill %d: child ended on its own (%v): %s", seed, kill, err, stderr.String())
		}

		for _, l := range all {
			f := strings.Fields(l)
			switch {
			case len(f) == 3 && f[0] == "try":
				id, _ := strconv.ParseUint(f[1], 10, 64)
				pending[store.GameID(id)] = f[2]
			case len(f) >= 4 && f[0] == "ack":
				id, _ := strconv.ParseUint(f[1], 10, 64)
				seq, _ := strconv.ParseUint(f[2], 10, 64)
				a := ack{store.GameID(id), seq, f[3]}
				if prev, seen := acked[a.key]; seen && prev != a {
					t.Fatalf("key %s acknowledged twice: %+v then %+v", a.key, prev, a)
				}
				acked[a.key] = a
				if pending[a.game] == a.key {
					delete(pending, a.game)
				}
				totalAcks++
				if len(f) == 5 {
					dupAcks++
				}
			case len(f) == 3 && f[0] == "created":
				id, _ := strconv.ParseUint(f[2], 10, 64)
				createdGames[store.GameID(id)] = true
			}
		}
		settleCrashDB(t, b, path)
		verifyCrashDB(t, b, kill, path, acked, createdGames)
	}
	t.Logf("seed %d: %d kills (%d during start-up) in %v: %d acknowledged actions (%d found as duplicates after a kill), all present",
		seed, *CrashKills, earlyKills, time.Since(start).Round(time.Millisecond), totalAcks, dupAcks)
	if totalAcks == 0 {
		t.Fatal("no action was ever acknowledged")
	}
}

func verifyCrashDB(t *testing.T, b Backend, kill int, path string, acked map[string]ack, created map[store.GameID]bool) {
	t.Helper()
	s, err := b.Open(path, nil)
	if err != nil {
		t.Fatalf("kill %d: reopen: %v", kill, err)
	}
	defer s.Close()
	out, err := s.PendingOutbox()
	if err != nil {
		t.Fatalf("kill %d: outbox: %v", kill, err)
	}
	type gs struct {
		g store.GameID
		s uint64
	}
	msgs := map[gs]int{}
	for _, m := range out {
		msgs[gs{m.GameID, m.Seq}]++
	}
	games, err := s.ActiveGames()
	if err != nil {
		t.Fatalf("kill %d: %v", kill, err)
	}
	byKey := map[string]ack{}
	for _, g := range games {
		_, log, err := s.LoadGame(g.ID) // checks contiguity and decodes every entry
		if err != nil {
			t.Fatalf("kill %d: game %d: %v", kill, g.ID, err)
		}
		if uint64(len(log)) != g.LastSeq {
			t.Fatalf("kill %d: game %d: %d entries, last_seq %d", kill, g.ID, len(log), g.LastSeq)
		}
		if msgs[gs{g.ID, 0}] != 1 {
			t.Fatalf("kill %d: game %d: %d start messages", kill, g.ID, msgs[gs{g.ID, 0}])
		}
		for _, e := range log {
			if n := msgs[gs{g.ID, e.Seq}]; n != 2 {
				t.Fatalf("kill %d: game %d seq %d: %d outbox messages, want 2", kill, g.ID, e.Seq, n)
			}
			if _, dup := byKey[e.Key]; dup {
				t.Fatalf("kill %d: key %s logged twice", kill, e.Key)
			}
			byKey[e.Key] = ack{g.ID, e.Seq, e.Key}
		}
		if g.LastSeq > 0 && (g.Deadline == nil || g.Deadline.Seq != g.LastSeq) {
			t.Fatalf("kill %d: game %d metadata not written with its last action: %+v", kill, g.ID, g.Deadline)
		}
	}
	// Every logged action's idempotency key is recorded with its game and seq.
	for k, a := range byKey {
		g, seq, err := s.LookupKey(k)
		if err != nil || g != a.game || seq != a.seq {
			t.Fatalf("kill %d: key %s: game %d seq %d (%v), log says game %d seq %d", kill, k, g, seq, err, a.game, a.seq)
		}
	}
	for id := range created {
		if _, err := s.GetGame(id); err != nil {
			t.Fatalf("kill %d: created game %d: %v", kill, id, err)
		}
	}
	if len(out) != len(byKey)*2+len(games) {
		t.Fatalf("kill %d: %d outbox messages for %d actions and %d games", kill, len(out), len(byKey), len(games))
	}
	for k, a := range acked {
		if got, ok := byKey[k]; !ok || got != a {
			t.Fatalf("kill %d: acknowledged %+v lost (log has %+v)", kill, a, got)
		}
	}
}
