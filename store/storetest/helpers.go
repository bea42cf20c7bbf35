package storetest

import (
	"shinpan/store"

	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"

	"shinpan/referee"
	"shinpan/referee/policy"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// clock is a fake time source: every call returns a time 1 ms after the last.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(time.Millisecond)
	return c.t
}

func (c *clock) Set(t time.Time) {
	c.mu.Lock()
	c.t = t
	c.mu.Unlock()
}

func openT(t testing.TB, b Backend, loc string, clk *clock) store.Store {
	t.Helper()
	var now func() time.Time
	if clk != nil {
		now = clk.Now
	}
	s, err := b.Open(loc, now)
	if err != nil {
		t.Fatalf("open %s: %v", loc, err)
	}
	return s
}

// SampleGame is a new game between black and white.
func SampleGame(guild, channel, black, white string, v view.Variant) store.Game {
	return store.Game{
		GuildID: guild, ChannelID: channel,
		Players:      [2]string{black, white},
		Variant:      v,
		Options:      policy.Defaults(v),
		StartSFEN:    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
		RulesVersion: "rules-1",
		Ranked:       true,
	}
}

// Move is a move action.
func Move(c shogi.Color, text string) referee.Action {
	return referee.Action{Kind: referee.ActMove, Player: c, Text: text}
}

// Msg is a channel message with text.
func Msg(target, text string) store.OutMsg {
	p, _ := json.Marshal(map[string]string{"content": text})
	return store.OutMsg{Dest: store.DestChannel, Target: target, Payload: p}
}

// ok returns v, panicking (failing the test with a stack) on an error.
func ok[T any](v T, err error) T {
	if err != nil {
		panic(fmt.Sprintf("unexpected error: %v", err))
	}
	return v
}

func ok2[A, B any](a A, b B, err error) (A, B) {
	if err != nil {
		panic(fmt.Sprintf("unexpected error: %v", err))
	}
	return a, b
}

func check(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func wantErr(t testing.TB, err, target error) {
	t.Helper()
	if !errors.Is(err, target) {
		t.Fatalf("got error %v, want %v", err, target)
	}
}

func deepEq(t testing.TB, what string, got, want any) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		g, _ := json.MarshalIndent(got, "", " ")
		w, _ := json.MarshalIndent(want, "", " ")
		t.Fatalf("%s differs:\n got %s\nwant %s", what, g, w)
	}
}

func ids(gs []store.Game) []store.GameID {
	out := []store.GameID{}
	for _, g := range gs {
		out = append(out, g.ID)
	}
	return out
}

// Play appends n moves alternating colours, keys "<prefix>-<i>".
func Play(t testing.TB, s store.Store, id store.GameID, prefix string, n int) {
	t.Helper()
	for i := 0; i < n; i++ {
		c := shogi.Color(i % 2)
		_, err := s.AppendAction(id, store.Entry{Action: Move(c, "7g7f"), UserID: fmt.Sprint("u", c), Key: fmt.Sprintf("%s-%d", prefix, i)}, nil, nil)
		check(t, err)
	}
}
