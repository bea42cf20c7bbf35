package memo

import (
	"strconv"
	"testing"
)

// TestBytes: GetBytes and TakeBytes find what Get and Take find, and a value
// taken or pushed out of the ring is gone, also after its key was put again.
func TestBytes(t *testing.T) {
	m := New[int](3)
	for i := range 5 {
		m.Put(strconv.Itoa(i), i) // 0 and 1 pushed out
	}
	m.Put("3", 33) // again: its old slot's reuse must not drop it
	m.Put("5", 5)
	m.Put("6", 6) // pushes out 4 and the first 3's slot
	for k, want := range map[string]int{"0": -1, "1": -1, "2": -1, "3": 33, "4": -1, "5": 5, "6": 6} {
		v, ok := m.GetBytes([]byte(k))
		if gv, gok := m.Get(k); gv != v || gok != ok {
			t.Errorf("Get(%s) = %d, %v; GetBytes %d, %v", k, gv, gok, v, ok)
		}
		if ok != (want >= 0) || ok && v != want {
			t.Errorf("GetBytes(%s) = %d, %v; want %d", k, v, ok, want)
		}
	}
	if v, ok := m.TakeBytes([]byte("3")); !ok || v != 33 {
		t.Errorf("TakeBytes(3) = %d, %v", v, ok)
	}
	if _, ok := m.TakeBytes([]byte("3")); ok || m.Len() != 2 {
		t.Errorf("3 taken twice, or %d kept, want 2", m.Len())
	}
	if testing.AllocsPerRun(10, func() { m.GetBytes([]byte("5 and some more bytes than a string's stack buffer")) }) != 0 {
		t.Error("GetBytes allocates")
	}
}
