package budget

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestUrgentGoesAheadOfTheLine: an urgent request (a person waits on it)
// queues behind the head and the urgent ones before it, not behind every
// waiter; one that gives up leaves its place to the next urgent one.
func TestUrgentGoesAheadOfTheLine(t *testing.T) {
	go1, wait, order := lineOfOne(t)
	for _, i := range []string{"1", "2", "3"} {
		go1(context.Background(), i)
	}
	gone, cancel := context.WithCancel(Urgent(context.Background()))
	go1(gone, "x") // urgent, but gives up before its turn
	cancel()
	go1(Urgent(context.Background()), "a")
	go1(context.Background(), "4")
	go1(Urgent(context.Background()), "b")
	wait()
	// 1 is the head (it polls for the bucket's reset) when the urgent join.
	if got := order(); got != "01ab234" {
		t.Errorf("served in order %s, want 01ab234 (the urgent a and b behind the head, x gone)", got)
	}
}

// TestUrgentLineOrder plays a line by hand (no clock): the order the
// waiters are served in as each head leaves.
func TestUrgentLineOrder(t *testing.T) {
	for _, c := range []struct {
		name string
		// joins: a waiter's name, upper case for urgent; "^x" promotes x
		// (a Hurry while it waits).
		joins []string
		want  string
	}{
		{"first come, first served", []string{"h", "a", "b", "c"}, "habc"},
		{"urgent behind the head", []string{"h", "a", "b", "U", "V"}, "hUVab"},
		{"urgent head alone", []string{"U", "a", "V"}, "UVa"},
		{"promoted behind the head and the urgent", []string{"h", "a", "b", "c", "U", "^c"}, "hUcab"},
		{"promoting the head or an urgent one changes nothing", []string{"h", "a", "U", "^h", "^U"}, "hUa"},
		{"promoted twice moves once", []string{"h", "a", "b", "^b", "^b", "U"}, "hbUa"},
		{"at most maxUrgentRun urgent in a row while others wait", []string{"h", "a", "b", "U", "V", "W", "X", "Y", "Z"}, "hUVWXaYZb"},
		{"the run goes on while nobody else waits", []string{"h", "U", "V", "W", "X", "Y", "Z"}, "hUVWXYZ"},
		{"a promoted one counts as urgent", []string{"h", "a", "b", "c", "d", "e", "U", "V", "W", "^e", "X"}, "hUVWeaXbcd"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var l line
			tickets := map[string]chan struct{}{}
			names := map[chan struct{}]string{}
			for _, j := range c.joins {
				if name, ok := strings.CutPrefix(j, "^"); ok {
					l.promote(tickets[name])
					continue
				}
				tk := l.join(strings.ToUpper(j) == j)
				tickets[j], names[tk] = tk, j
			}
			var got strings.Builder
			for len(l.waiters) > 0 {
				head := l.waiters[0]
				select {
				case <-head:
				default:
					t.Fatalf("the head %s has no turn", names[head])
				}
				for _, w := range l.waiters[1:] {
					select {
					case <-w:
						t.Fatalf("%s has a turn behind the head %s", names[w], names[head])
					default:
					}
				}
				got.WriteString(names[head])
				l.leave(head)
			}
			if got.String() != c.want {
				t.Errorf("served in order %s, want %s", got.String(), c.want)
			}
		})
	}
}

// TestHurryWhileWaiting: a routine request whose Hurry is asked while it
// waits in the gate goes ahead of the routine ones queued before it, as an
// urgent one; a Hurry asked before the request makes it urgent at once.
func TestHurryWhileWaiting(t *testing.T) {
	go1, wait, order := lineOfOne(t)
	go1(context.Background(), "1")
	go1(context.Background(), "2")
	later := NewHurry()
	go1(WithHurry(context.Background(), later), "h")
	go1(context.Background(), "3")
	early := NewHurry()
	early.Now()
	early.Now() // twice: no harm
	go1(WithHurry(context.Background(), early), "e")
	later.Now()
	wait()
	// 1 is the head when e joins, urgent; h is promoted behind it.
	if got := order(); got != "01eh23" {
		t.Errorf("served in order %s, want 01eh23 (e urgent from the start, h hurried while it waited)", got)
	}
}

// lineOfOne starts a gate before a bucket of 1 request per 150 ms, its
// first request sent; go1 sends request i with ctx from a goroutine and
// waits until it has joined a line (or been served), wait waits for them
// all, and order is the order the server saw them in.
func lineOfOne(t *testing.T) (go1 func(ctx context.Context, i string), wait func(), order func() string) {
	f := newFake(t, 1, 150*time.Millisecond, 0)
	order = servedOrder(f)
	g := New(Config{Log: quiet})
	c := client(g)
	url := f.URL + "/api/v10/channels/1/messages?i="
	send(t, c, context.Background(), "POST", url+"0") // the bucket is known: 1 per 150 ms
	seen := map[chan struct{}]bool{}
	// newTicket reports whether a line holds a ticket not seen before.
	newTicket := func() bool {
		g.mu.Lock()
		defer g.mu.Unlock()
		found := false
		mark := func(l *line) {
			for _, w := range l.waiters {
				if !seen[w] {
					seen[w], found = true, true
				}
			}
		}
		mark(&g.win.line)
		for _, b := range g.buckets {
			mark(&b.line)
		}
		return found
	}
	var wg sync.WaitGroup
	go1 = func(ctx context.Context, i string) {
		newTicket()
		wg.Add(1)
		go func() { defer wg.Done(); send(t, c, ctx, "POST", url+i) }()
		// Each joins the line after the one before, however slow the machine.
		for deadline := time.Now().Add(10 * time.Second); !newTicket() && !strings.Contains(order(), i); {
			if time.Now().After(deadline) {
				t.Fatalf("request %s joined no line in 10 s", i)
			}
			time.Sleep(100 * time.Microsecond)
		}
	}
	return go1, wg.Wait, order
}
