package discordtest

import (
	"context"
	"fmt"
	"shinpan/bot/discordtest/world"
	"time"
)

// Subscribe calls fn for every later Event, one at a time and in order, on a
// goroutine of its own (fn may call the Server's methods). The returned
// function unsubscribes after delivering what is already queued; do not call
// it from fn. Close ends all subscriptions the same way.
func (s *Server) Subscribe(fn func(Event)) (unsubscribe func()) {
	sub := world.NewSubscriber(fn)
	s.w.Lock()
	if s.w.Closed {
		s.w.Unlock()
		sub.Close()
		return func() {}
	}
	s.w.Rec.Subs = append(s.w.Rec.Subs, sub)
	s.w.Unlock()
	return func() {
		s.w.Lock()
		for i, x := range s.w.Rec.Subs {
			if x == sub {
				s.w.Rec.Subs = append(s.w.Rec.Subs[:i:i], s.w.Rec.Subs[i+1:]...)
				break
			}
		}
		s.w.Unlock()
		sub.Close()
	}
}

// Requests returns every REST request so far, in order of arrival.
func (s *Server) Requests() []Request {
	s.w.Lock()
	defer s.w.Unlock()
	out := make([]Request, len(s.w.Rec.Requests))
	for i, r := range s.w.Rec.Requests {
		out[i] = *r
	}
	return out
}

// Dispatches returns every gateway dispatch produced so far, in order.
func (s *Server) Dispatches() []Dispatch {
	s.w.Lock()
	defer s.w.Unlock()
	out := make([]Dispatch, len(s.w.Rec.Dispatches))
	for i, d := range s.w.Rec.Dispatches {
		out[i] = *d
	}
	return out
}

// Failures lists what went wrong on the bot's side or the stand-in's: REST
// calls to routes the stand-in does not know, validation problems, and
// unreadable bodies. An end-to-end test normally ends by asserting it is empty.
func (s *Server) Failures() []string {
	s.w.Lock()
	defer s.w.Unlock()
	return append([]string(nil), s.w.Rec.Failures...)
}

// WaitFor returns the first recorded request (oldest first, including those
// already made) for which match returns true, waiting for it until ctx ends.
// The request is complete: Status and Response are set.
func (s *Server) WaitFor(ctx context.Context, match func(Request) bool) (Request, error) {
	var found Request
	err := s.w.Wait(ctx, func() bool {
		for _, r := range s.w.Rec.Requests {
			if r.Status != 0 && match(*r) {
				found = *r
				return true
			}
		}
		return false
	})
	return found, err
}

// WaitMessages waits until the bot has at least n non-deleted messages in
// the channel (ephemeral ones included) and returns them, oldest first.
func (s *Server) WaitMessages(channelID string, n int, timeout time.Duration) ([]Message, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	var out []Message
	err := s.w.Wait(ctx, func() bool {
		out = s.w.ChannelMessages(channelID, true)
		return len(out) >= n
	})
	if err != nil {
		return out, fmt.Errorf("discordtest: %d of %d bot messages in channel %s: %w", len(out), n, channelID, err)
	}
	return out, nil
}

// WaitDMs is WaitMessages for the user's DM channel.
func (s *Server) WaitDMs(userID string, n int, timeout time.Duration) ([]Message, error) {
	ch, err := s.DMChannel(userID)
	if err != nil {
		return nil, err
	}
	return s.WaitMessages(ch, n, timeout)
}

// TB is the part of testing.TB that AssertClean uses.
type TB interface {
	Helper()
	Errorf(format string, args ...any)
}

// AssertClean reports every failure (see Failures) as a test error.
func (s *Server) AssertClean(t TB) {
	t.Helper()
	for _, f := range s.Failures() {
		t.Errorf("discordtest: %s", f)
	}
}
