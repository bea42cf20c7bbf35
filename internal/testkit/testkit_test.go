package testkit

import (
	"sync/atomic"
	"testing"
	"time"
)

func TestUntil(t *testing.T) {
	var n atomic.Int32
	if !Until(5*time.Second, func() bool { return n.Add(1) == 3 }) || n.Load() != 3 {
		t.Fatalf("Until stopped after %d looks", n.Load())
	}
	if Until(30*time.Millisecond, func() bool { return false }) {
		t.Fatal("Until said a false condition held")
	}
}

func TestParsers(t *testing.T) {
	if p := SFEN(t, "startpos"); p.SFEN() != "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1" {
		t.Fatalf("startpos read as %s", p.SFEN())
	}
	if m := USI(t, "7g7f"); m.USI() != "7g7f" {
		t.Fatalf("7g7f read as %s", m.USI())
	}
}
