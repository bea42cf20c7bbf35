package cputime

import "testing"

// TestParseStat: the eighth number after "cpu" is steal, and all eight make
// the total; anything else is refused.
func TestParseStat(t *testing.T) {
	m, ok := parseStat([]byte("cpu  100 5 50 800 10 1 2 32 7 0\n"))
	if !ok || m.Total != 1000 || m.Steal != 32 {
		t.Fatalf("got %+v %v, want total 1000 steal 32", m, ok)
	}
	if got := StealPercent(Machine{Total: 1000, Steal: 32}, Machine{Total: 1200, Steal: 82}); got != 25 {
		t.Fatalf("steal between: %v%%, want 25%%", got)
	}
	for _, bad := range []string{"", "cpu0 1 2 3 4 5 6 7 8", "cpu 1 2 3", "cpu 1 2 3 4 5 6 7 x"} {
		if _, ok := parseStat([]byte(bad)); ok {
			t.Errorf("%q was read", bad)
		}
	}
}

// TestReadMachine: where /proc/stat exists, time only grows.
func TestReadMachine(t *testing.T) {
	a, ok := ReadMachine()
	if !ok {
		t.Skip("no /proc/stat here")
	}
	b, _ := ReadMachine()
	if a.Total == 0 || b.Total < a.Total || b.Steal < a.Steal {
		t.Fatalf("%+v then %+v", a, b)
	}
}
