package storetest

import (
	"regexp"
	"shinpan/store"
	"strconv"
	"testing"
)

// TestNoncesSayNothing: outbox nonces are 24 hex digits, unique, unrelated to
// the outbox counter (no "o<N>"), kept across a reopen (a retry after a
// restart sends the same nonce) and different in another file for the same id.
func testNoncesSayNothing(t *testing.T, b Backend) {
	hex24 := regexp.MustCompile(`^[0-9a-f]{24}$`)
	nonces := func(s store.Store) map[uint64]string {
		out := map[uint64]string{}
		for _, m := range ok(s.PendingOutbox()) {
			out[m.ID] = m.DedupeKey
		}
		return out
	}
	path := b.Fresh(t)
	s := openT(t, b, path, nil)
	for k := 0; k < 500; k++ {
		check(t, s.Enqueue(Msg("C", "m"+strconv.Itoa(k))))
	}
	first := nonces(s)
	seen := map[string]bool{}
	for id, n := range first {
		if !hex24.MatchString(n) {
			t.Fatalf("message %d: nonce %q", id, n)
		}
		if seen[n] {
			t.Fatalf("nonce %q twice", n)
		}
		seen[n] = true
	}
	check(t, s.Close())
	s = openT(t, b, path, nil)
	deepEq(t, "nonces after reopen", nonces(s), first)
	check(t, s.Close())

	other := openT(t, b, b.Fresh(t), nil)
	defer other.Close()
	check(t, other.Enqueue(Msg("C", "m0")))
	if n := nonces(other)[1]; n == first[1] {
		t.Fatalf("two files gave message 1 the same nonce %q: the key is not secret", n)
	}
}

// TestKeyedNonce: the same parts give the same nonce, also after a reopen;
// other parts, or another file, give another; the parts cannot run together.
func testKeyedNonce(t *testing.T, b Backend) {
	hex24 := regexp.MustCompile(`^[0-9a-f]{24}$`)
	path := b.Fresh(t)
	s := openT(t, b, path, nil)
	a := ok(s.KeyedNonce("probe", "7", "111"))
	if !hex24.MatchString(a) {
		t.Fatalf("nonce %q", a)
	}
	for _, other := range [][]string{{"probe", "7", "112"}, {"probe", "71", "11"}, {"probe", "8", "111"}} {
		if n := ok(s.KeyedNonce(other...)); n == a {
			t.Fatalf("%q gave the nonce of probe/7/111", other)
		}
	}
	check(t, s.Enqueue(Msg("C", "m")))
	for _, m := range ok(s.PendingOutbox()) {
		if m.DedupeKey == a {
			t.Fatal("an outbox nonce equals a keyed nonce")
		}
	}
	check(t, s.Close())
	s = openT(t, b, path, nil)
	if again := ok(s.KeyedNonce("probe", "7", "111")); again != a {
		t.Fatalf("after a reopen %q, want %q", again, a)
	}
	check(t, s.Close())
	other := openT(t, b, b.Fresh(t), nil)
	defer other.Close()
	if n := ok(other.KeyedNonce("probe", "7", "111")); n == a {
		t.Fatal("another file gave the same nonce: the key is not secret")
	}
}
