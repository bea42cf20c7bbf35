package bot

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/bwmarrin/discordgo"

	"shinpan/ops"
	"shinpan/store"
)

// downStore is a store whose server is gone while down is set: Healthy says
// so and every read and write fails with store.ErrUnavailable.
type downStore struct {
	store.Store
	down atomic.Bool
}

func (d *downStore) wrap(st store.Store) store.Store { d.Store = st; return d }

func (d *downStore) Healthy() error {
	if d.down.Load() {
		return errUnreachable
	}
	return nil
}

func (d *downStore) Version() (int, error) {
	if d.down.Load() {
		return 0, errUnreachable
	}
	return d.Store.Version()
}

// TestReadyServesWhatConfigured: /readyz is ready only once the bot can
// serve what it is configured for (the gateway, or the Interactions
// Endpoint served with its key), and not while the store is down.
func TestReadyServesWhatConfigured(t *testing.T) {
	t.Parallel()
	off := false
	for _, tc := range []struct {
		name string
		mods []func(*env)
	}{
		{"gateway", nil},
		{"http only", []func(*env){overHTTP, func(e *env) { e.cfg.Gateway = &off }}},
		{"gateway and http", []func(*env){overHTTP}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			ds := &downStore{}
			e := newEnv(t, append(tc.mods, func(e *env) { e.wrapStore = ds.wrap })...)
			srv := httptest.NewServer(ops.Handler(nil, e.b.Checks()))
			t.Cleanup(srv.Close)
			ready := func() bool { code, _ := get(t, srv.URL+"/readyz"); return code == http.StatusOK }
			e.waitUntil("ready after the start", ready)
			if e.overHTTP {
				e.b.EndpointServing(false)
				if err := e.b.Ready(); err == nil || !strings.Contains(err.Error(), "endpoint") {
					t.Fatalf("ready with the endpoint not served: %v", err)
				}
				e.b.EndpointServing(true)
			}
			ds.down.Store(true)
			code, body := get(t, srv.URL+"/readyz")
			if code != http.StatusServiceUnavailable || !strings.Contains(body, "store") {
				t.Fatalf("/readyz with the store down: %d %q", code, body)
			}
			ds.down.Store(false)
			e.waitUntil("ready once the store is back", ready)
		})
	}
}

// TestReadyNotBeforeStart: a bot made but not started is not ready.
func TestReadyNotBeforeStart(t *testing.T) {
	t.Parallel()
	st, err := storeBackend.open(storeBackend.fresh(t))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	s, _ := discordgo.New("Bot test")
	b := mustNew(t, Config{}, st, s)
	defer b.Close()
	if err := b.Ready(); err == nil || !strings.Contains(err.Error(), "starting") {
		t.Fatalf("ready before Start: %v", err)
	}
}
