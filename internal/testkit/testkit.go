// Package testkit holds the helpers the tests of several packages share:
// waiting for a condition, and reading positions and moves.
package testkit

import (
	"testing"
	"time"

	"shinpan/referee/shogi"
)

// Until polls cond until it holds (true) or d has passed (false): again
// after 1 ms, then backing off to every 5 ms, so a condition that holds soon
// is seen soon and a long wait costs little CPU.
func Until(d time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(d)
	for pause := time.Millisecond; !cond(); pause = min(2*pause, 5*time.Millisecond) {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(pause)
	}
	return true
}

// Eventually is Until that fails t when d passes (Slack(d)): "timed out
// waiting for what".
func Eventually(t testing.TB, what string, d time.Duration, cond func() bool) {
	t.Helper()
	d = Slack(d)
	if !Until(d, cond) {
		t.Fatalf("timed out after %v waiting for %s", d, what)
	}
}

// Slack is a test's deadline d for something that must happen, longer under
// -race (3×): a deadline bounds a wait, it is not a timing goal, and a full
// race run beside other work missed 10 s and 15 s ones that pass alone.
func Slack(d time.Duration) time.Duration { return d * raceSlack }

// SFEN reads a position in SFEN (or "startpos"), failing t on an error.
func SFEN(t testing.TB, sfen string) *shogi.Position {
	t.Helper()
	p, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatalf("SFEN %q: %v", sfen, err)
	}
	return p
}

// USI reads a move in USI, failing t on an error.
func USI(t testing.TB, usi string) shogi.Move {
	t.Helper()
	m, err := shogi.ParseUSI(usi)
	if err != nil {
		t.Fatalf("USI %q: %v", usi, err)
	}
	return m
}
