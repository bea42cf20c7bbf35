package storetest

import (
	"fmt"
	"maps"
	"sync"
	"testing"
	"time"

	"shinpan/store"
)

// testDMClaims: a DM is claimed by one process at a time, in one atomic
// step: handled ones are done, a live claim makes others wait, an expired
// claim on an older DM is an orphan until the caller caught up, and of
// processes racing for the same DM exactly one gets it.
func testDMClaims(t *testing.T, b Backend) {
	s := openT(t, b, b.Fresh(t), nil)
	defer s.Close()
	now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	ttl := 10 * time.Second
	claim := func(msg, by string, at time.Time, orphan bool, want store.DMClaim, wantLast string) {
		t.Helper()
		got, last, err := s.ClaimDM("u1", msg, by, at, at.Add(ttl), orphan)
		if err != nil || got != want || last != wantLast {
			t.Fatalf("claim %s by %s: %v, last %q, %v; want %v, last %q", msg, by, got, last, err, want, wantLast)
		}
	}
	claim("100", "p1", now, false, store.DMMine, "")
	claim("100", "p2", now, false, store.DMBusy, "")
	claim("101", "p2", now, false, store.DMBusy, "")
	claim("100", "p1", now, false, store.DMMine, "") // its own claim, again
	check(t, s.MarkDMHandled("u1", "100", "p1"))
	claim("100", "p2", now, false, store.DMDone, "100")
	claim("99", "p2", now, false, store.DMDone, "100")
	st := ok(s.GetSettings("u1"))
	if st.LastDM != "100" || st.DMClaim != "" {
		t.Fatalf("after the mark: LastDM %q, claim %q", st.LastDM, st.DMClaim)
	}
	claim("101", "p2", now, false, store.DMMine, "100")
	later := now.Add(ttl + time.Second) // p2 died holding 101
	claim("101", "p3", now.Add(time.Second), false, store.DMBusy, "100")
	claim("102", "p3", later, false, store.DMOrphan, "100")
	claim("101", "p3", later, false, store.DMMine, "100") // the orphan itself, taken over
	check(t, s.MarkDMHandled("u1", "101", "p2"))          // p2 wakes: raises LastDM, its claim is gone already
	st = ok(s.GetSettings("u1"))
	if st.LastDM != "101" || st.DMClaim != "101" || st.DMClaimBy != "p3" {
		t.Fatalf("a stale process's mark: LastDM %q, claim %q by %q", st.LastDM, st.DMClaim, st.DMClaimBy)
	}
	check(t, s.MarkDMHandled("u1", "101", "p3"))
	check(t, s.MarkDMHandled("u1", "50", "p3")) // never lowers
	claim("102", "p1", later, true, store.DMMine, "101")
	check(t, s.MarkDMHandled("u1", "102", "p1"))
	if st = ok(s.GetSettings("u1")); st.LastDM != "102" || st.DMClaim != "" || !st.DMClaimUntil.IsZero() {
		t.Fatalf("at the end: %+v", st)
	}
	// The DM state and the rest of the settings do not overwrite each other.
	ok(s.UpdateSettings("u1", func(st *store.Settings) { st.Language = "ja" }))
	claim("103", "p1", later, false, store.DMMine, "102")
	if st = ok(s.GetSettings("u1")); st.Language != "ja" || st.LastDM != "102" || st.DMClaim != "103" {
		t.Fatalf("settings beside the DM state: %+v", st)
	}

	// A race: of eight processes claiming each DM, one gets it.
	for dm := 200; dm < 210; dm++ {
		var wg sync.WaitGroup
		var mu sync.Mutex
		mine := 0
		for p := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r, _, err := s.ClaimDM("u2", fmt.Sprint(dm), fmt.Sprint("p", p), now, now.Add(ttl), false)
				if err != nil {
					t.Error(err)
				}
				mu.Lock()
				if r == store.DMMine {
					mine++
				}
				mu.Unlock()
			}()
		}
		wg.Wait()
		if mine != 1 {
			t.Fatalf("DM %d: %d processes claimed it", dm, mine)
		}
		st := ok(s.GetSettings("u2"))
		check(t, s.MarkDMHandled("u2", fmt.Sprint(dm), st.DMClaimBy))
	}
	if st = ok(s.GetSettings("u2")); st.LastDM != "209" || st.DMClaim != "" {
		t.Fatalf("after the race: %+v", st)
	}
}

// testDMsHandled: many users' marks at once do what MarkDMHandled does to
// each (raise, never lower, drop the process's own claim only, keep the
// other settings, create a user's settings), and an invalid user's mark
// fails without keeping the others from being written.
func testDMsHandled(t *testing.T, b Backend) {
	s := openT(t, b, b.Fresh(t), nil)
	defer s.Close()
	now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	ok(s.UpdateSettings("a", func(st *store.Settings) { st.Language = "ja" }))
	for _, u := range []string{"a", "b", "c"} {
		check(t, s.MarkDMHandled(u, "100", "p1"))
	}
	for _, c := range []struct{ user, msg, by string }{{"a", "105", "p1"}, {"b", "106", "p2"}} {
		if r, _, err := s.ClaimDM(c.user, c.msg, c.by, now, now.Add(time.Minute), false); err != nil || r != store.DMMine {
			t.Fatalf("claim %+v: %v %v", c, r, err)
		}
	}
	err := s.MarkDMsHandled(map[string]string{"a": "105", "b": "106", "c": "50", "d": "7", "": "9"}, "p1")
	wantErr(t, err, store.ErrInvalid)
	for _, w := range []struct{ user, last, claim, lang string }{
		{"a", "105", "", "ja"},  // its own claim dropped, the language kept
		{"b", "106", "106", ""}, // p2's claim kept
		{"c", "100", "", ""},    // never lowered
		{"d", "7", "", ""},      // new
	} {
		st := ok(s.GetSettings(w.user))
		if st.LastDM != w.last || st.DMClaim != w.claim || st.Language != w.lang || st.UserID != w.user {
			t.Fatalf("%s: %+v, want LastDM %s, claim %q, language %q", w.user, st, w.last, w.claim, w.lang)
		}
	}
	check(t, s.MarkDMsHandled(nil, "p1"))
	check(t, s.MarkDMsHandled(map[string]string{"b": "107"}, "p2"))
	if st := ok(s.GetSettings("b")); st.LastDM != "107" || st.DMClaim != "106" {
		t.Fatalf("b: %+v", st)
	}
	// LastDMs reads them back, leaving out the users with none.
	ok(s.UpdateSettings("e", func(st *store.Settings) { st.Language = "en" }))
	want := map[string]string{"a": "105", "b": "107", "c": "100", "d": "7"}
	if last := ok(s.LastDMs([]string{"a", "b", "c", "d", "e", "nobody"})); !maps.Equal(last, want) {
		t.Fatalf("LastDMs: %v, want %v", last, want)
	}
	if last := ok(s.LastDMs(nil)); len(last) != 0 {
		t.Fatalf("LastDMs(nil): %v", last)
	}
}
