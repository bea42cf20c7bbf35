package postgres

import (
	"errors"
	"testing"
	"time"

	"shinpan/internal/testkit"
	"shinpan/store"
	"shinpan/store/pgtest"
)

func (c *settingsCache) stats() (reads int, on bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.reads, c.on
}

// waitFor polls cond for up to 5 s.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	testkit.Eventually(t, what, 5*time.Second, cond)
}

// TestSettingsCache: settings read again come from the process's cache; a
// change made by another process, or by hand in SQL, is seen within
// milliseconds (the trigger's NOTIFY); while the listener is down every read
// goes to the database.
func TestSettingsCache(t *testing.T) {
	srv := pgtest.Get(t)
	url := srv.NewDB(t)
	a, err := Open(url, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := Open(url, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	lang := func(s *Store) string {
		st, err := s.GetSettings("u")
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			t.Fatal(err)
		}
		return st.Language
	}
	lang(a)
	waitFor(t, "the listener listens", func() bool { _, on := a.cache.stats(); return on })
	lang(a)
	r0, _ := a.cache.stats()
	for range 10 {
		lang(a)
	}
	if r, _ := a.cache.stats(); r != r0 {
		t.Fatalf("10 reads of cached settings went %d times to the database", r-r0)
	}
	if _, err := b.UpdateSettings("u", func(st *store.Settings) { st.Language = "ja" }); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "another process's change seen", func() bool { return lang(a) == "ja" })
	srv.Exec(t, url, `UPDATE settings SET record = '{"user_id":"u","language":"en","updated_at":"2025-01-01T00:00:00Z"}'`)
	waitFor(t, "a change in SQL seen", func() bool { return lang(a) == "en" })
	// The DM state changes without a notification; this process's own
	// changes are in its cached row.
	lang(a)
	r0, _ = a.cache.stats()
	if _, _, err := a.ClaimDM("u", "5", "p", time.Now(), time.Now().Add(time.Second), false); err != nil {
		t.Fatal(err)
	}
	if err := a.MarkDMHandled("u", "5", "p"); err != nil {
		t.Fatal(err)
	}
	if st, _ := a.GetSettings("u"); st.LastDM != "5" || st.DMClaim != "" {
		t.Fatalf("own DM state not in the cached row: %+v", st)
	}
	if r, _ := a.cache.stats(); r != r0 {
		t.Fatalf("the DM state dropped the cached row (%d reads)", r-r0)
	}
	// The listener's connection is cut: the cache goes off, and a change
	// made meanwhile is seen.
	srv.Exec(t, url, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN "+settingsChannel+"'")
	waitFor(t, "the cache off", func() bool { _, on := a.cache.stats(); return !on })
	if _, err := b.UpdateSettings("u", func(st *store.Settings) { st.Language = "ja" }); err != nil {
		t.Fatal(err)
	}
	if lang(a) != "ja" {
		t.Fatal("a change made while the listener was down not seen")
	}
	r0, _ = a.cache.stats()
	lang(a)
	if r, on := a.cache.stats(); !on && r == r0 {
		t.Fatal("a read while the listener is down came from the cache")
	}
	waitFor(t, "the listener back", func() bool { _, on := a.cache.stats(); return on })
	if _, err := b.UpdateSettings("u", func(st *store.Settings) { st.Language = "en" }); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "a change after the reconnect seen", func() bool { return lang(a) == "en" })
}

// TestSettingsCacheDropsOnlyTheChanged: a row read while another user's
// settings change is kept (at 100 moves a second, DM states change all the
// time); a row read while its own user's change is dropped.
func TestSettingsCacheDropsOnlyTheChanged(t *testing.T) {
	c := &settingsCache{on: true, entries: map[string]settingsEntry{}, loading: map[string]uint64{}}
	row := settingsRow{raw: []byte(`{}`)}
	cached := func(user string) bool {
		_, ok := c.entries[user]
		return ok
	}
	c.get("a", func() (settingsRow, bool, error) {
		c.drop("b")
		c.patchDM("c", dmState{lastDM: 1})
		return row, true, nil
	})
	if !cached("a") {
		t.Fatal("a row read while others' settings changed was not kept")
	}
	for _, change := range []func(){func() { c.drop("d") }, func() { c.patchDM("d", dmState{lastDM: 2}) }, func() { c.drop("") }} {
		c.get("d", func() (settingsRow, bool, error) { change(); return row, true, nil })
		if cached("d") {
			t.Fatal("a row read while its user's settings changed was kept")
		}
	}
	c.listening(false)
	c.get("e", func() (settingsRow, bool, error) { return row, true, nil })
	if cached("e") {
		t.Fatal("a row was kept while the listener was down")
	}
}
