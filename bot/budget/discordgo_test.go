package budget

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// toFake sends every request to the fake server, whatever host it names.
type toFake struct{ u *url.URL }

func (t toFake) RoundTrip(req *http.Request) (*http.Response, error) {
	r := req.Clone(req.Context())
	r.URL.Scheme, r.URL.Host, r.Host = t.u.Scheme, t.u.Host, t.u.Host
	return http.DefaultTransport.RoundTrip(r)
}

// session is a discordgo session whose every request passes g, wired as the
// bot must wire it.
func session(t *testing.T, f *fakeDiscord, cfg Config) (*discordgo.Session, *Gate) {
	t.Helper()
	u, _ := url.Parse(f.URL)
	s, err := discordgo.New("Bot test")
	if err != nil {
		t.Fatal(err)
	}
	cfg.Base, cfg.Log = toFake{u}, quiet
	g := New(cfg)
	s.Client = &http.Client{Transport: g, Timeout: 20 * time.Second}
	s.ShouldRetryOnRateLimit = false
	return s, g
}

func TestDiscordgoThroughTheGate(t *testing.T) {
	f := newFake(t, 2, 200*time.Millisecond, 0)
	s, _ := session(t, f, Config{})
	var wg sync.WaitGroup
	var failed atomic.Int32
	for range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := s.ChannelMessageSend("100", "x"); err != nil {
				failed.Add(1)
			}
		}()
	}
	wg.Wait()
	if n, tooMany := f.counts(); n != 10 || tooMany != 0 || failed.Load() != 0 {
		t.Errorf("server saw %d requests, %d 429s; %d sends failed; want 10, 0, 0", n, tooMany, failed.Load())
	}
}

func TestDiscordgoRetriesAreGated(t *testing.T) {
	for _, retry := range []bool{false, true} {
		t.Run(map[bool]string{false: "no retry", true: "ShouldRetryOnRateLimit"}[retry], func(t *testing.T) {
			f := newFake(t, 5, time.Second, 0)
			var hit atomic.Bool
			var at sync.Map
			f.answer = func(w http.ResponseWriter, r *http.Request, n int) bool {
				at.Store(n, time.Now())
				if hit.CompareAndSwap(false, true) {
					writeTooMany(w, 0.2, "user")
					return true
				}
				return false
			}
			s, g := session(t, f, Config{})
			s.ShouldRetryOnRateLimit = retry
			_, err := s.ChannelMessageSend("100", "x")
			var rl *discordgo.RateLimitError
			if retry != (err == nil) || !retry && !errors.As(err, &rl) {
				t.Fatalf("err %v", err)
			}
			if !retry {
				_, err = s.ChannelMessageSend("100", "x") // the caller's own retry
				if err != nil {
					t.Fatal(err)
				}
			}
			first, _ := at.Load(1)
			second, ok := at.Load(2)
			if n, _ := f.counts(); n != 2 || !ok || second.(time.Time).Sub(first.(time.Time)) < 200*time.Millisecond {
				t.Errorf("server saw %d requests, want 2, the second at least 200 ms after the 429", n)
			}
			if n := g.TooMany()[TooManyKey{"user", "POST /channels/{channel_id}/messages"}]; n != 1 {
				t.Errorf("429s of scope user %d, want 1", n)
			}
		})
	}
}

func TestDiscordgoBanFailsFast(t *testing.T) {
	f := newFake(t, 5, time.Second, 0)
	f.answer = func(w http.ResponseWriter, r *http.Request, n int) bool {
		writeTooMany(w, 3600, "global")
		return true
	}
	s, _ := session(t, f, Config{})
	s.ShouldRetryOnRateLimit = true // even so: the ban is an error, not a 429 to sleep out
	for range 3 {
		_, err := s.ChannelMessageSend("100", "x")
		var banned *BannedError
		if !errors.As(err, &banned) {
			t.Fatalf("err %v, want a *BannedError", err)
		}
	}
	if n, _ := f.counts(); n != 1 {
		t.Errorf("server saw %d requests, want 1", n)
	}
}

// TestDiscordgoNeverSleepsInItsOwnLimiter: discordgo's own limiter learns
// nothing from the answers that passed the gate, so its buckets never make a
// request wait (it would sleep there, deaf to the request's context, before
// the gate even saw it: issue 33's hang at Close). A request waiting for a
// spent bucket waits in the gate, and gives up there when its context ends.
func TestDiscordgoNeverSleepsInItsOwnLimiter(t *testing.T) {
	f := newFake(t, 1, time.Minute, 0) // one message a minute
	f.answer = func(w http.ResponseWriter, r *http.Request, n int) bool {
		if strings.HasSuffix(r.URL.Path, "/channels/200/messages") {
			writeTooMany(w, 30, "global") // a global 429, short of a ban
			return true
		}
		return false
	}
	s, _ := session(t, f, Config{})
	if _, err := s.ChannelMessageSend("100", "x"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ChannelMessageSend("200", "x"); !errors.As(err, new(*discordgo.RateLimitError)) {
		t.Fatalf("the global 429: err %v", err)
	}
	for _, ch := range []string{"100", "200"} {
		key := discordgo.EndpointChannelMessages(ch)
		if d := s.Ratelimiter.GetWaitTime(s.Ratelimiter.GetBucket(key), 1); d != 0 {
			t.Errorf("discordgo's bucket %s would sleep %v", key, d)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := s.ChannelMessageSend("100", "y", discordgo.WithContext(ctx))
		done <- err
	}()
	time.Sleep(50 * time.Millisecond) // (it waits a minute: give it time to start)
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("a request given up while it waits: err %v, want context.Canceled", err)
		}
	case <-time.After(20 * time.Second): // a hang detector: its bucket is a minute
		t.Fatalf("a request whose context ended still waits\n%s", goroutines())
	}
	if n, _ := f.counts(); n != 2 {
		t.Errorf("server saw %d requests, want 2 (the one given up not sent)", n)
	}
}

// goroutines is every goroutine's stack.
func goroutines() string {
	buf := make([]byte, 1<<20)
	return string(buf[:runtime.Stack(buf, true)])
}
