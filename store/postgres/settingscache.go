package postgres

import (
	"context"
	"sync"
	"time"
)

// The settings cache: every action reads its players' settings, which change
// rarely. Each process keeps the rows it read, and drops one when the
// database notifies settingsChannel with its user id: a trigger (schema 4)
// notifies, at commit, every change of a settings record, whichever process
// or tool made it. The DM state columns change without a notification (they
// change at every DM): this process's own ClaimDM and MarkDMHandled set them
// in its cached row, but another process's leave it older than the
// database's. That is safe: LastDM only grows, an older one only makes a
// catch-up read more, and ClaimDM decides on the row itself. Entries are kept only while the listener listens: while it is
// down (a lost connection, a restarted server) every read goes to the
// database, and when it listens again the cache starts empty.

const (
	settingsChannel = "shinpan_settings"
	// settingsCacheMax bounds the entries kept (an arbitrary one goes to
	// make room).
	settingsCacheMax = 100_000
)

type settingsEntry struct {
	row   settingsRow
	found bool
}

type settingsCache struct {
	mu      sync.Mutex
	on      bool // the listener listens: entries may be kept
	entries map[string]settingsEntry
	// loading holds, per user, the token of the read whose row may be kept:
	// a drop of the user (or of all) forgets it, so a row read before a
	// change is not kept after it.
	loading map[string]uint64
	token   uint64
	reads   int // reads that went to the database (tests)

	start  sync.Once
	cancel context.CancelFunc
	done   chan struct{}
}

// get returns user's cached row, or reads it with load and keeps it when no
// change was notified meanwhile.
func (c *settingsCache) get(user string, load func() (settingsRow, bool, error)) (settingsRow, bool, error) {
	c.mu.Lock()
	if e, ok := c.entries[user]; ok && c.on {
		c.mu.Unlock()
		return e.row, e.found, nil
	}
	on := c.on
	c.token++
	token := c.token
	if on {
		c.loading[user] = token
	}
	c.reads++
	c.mu.Unlock()
	row, found, err := load()
	if !on {
		return row, found, err
	}
	c.mu.Lock()
	if c.loading[user] == token {
		delete(c.loading, user)
		if err == nil && c.on {
			if len(c.entries) >= settingsCacheMax {
				for k := range c.entries {
					delete(c.entries, k)
					break
				}
			}
			c.entries[user] = settingsEntry{row: row, found: found}
		}
	}
	c.mu.Unlock()
	return row, found, err
}

// drop forgets a user's row ("": every row).
func (c *settingsCache) drop(user string) {
	c.mu.Lock()
	if user == "" {
		clear(c.entries)
		clear(c.loading)
	} else {
		delete(c.entries, user)
		delete(c.loading, user)
	}
	c.mu.Unlock()
}

// patchDM sets the DM state of a user's cached row to what a statement of
// this process returned (a row not cached stays so).
func (c *settingsCache) patchDM(user string, dm dmState) {
	c.mu.Lock()
	delete(c.loading, user) // a read begun before this statement keeps nothing
	if e, ok := c.entries[user]; ok {
		if e.found {
			e.row.lastDM, e.row.claim, e.row.claimBy, e.row.claimUtil = dm.lastDM, dm.claim, dm.claimBy, dm.claimUtil
			c.entries[user] = e
		} else {
			delete(c.entries, user) // the row exists now
		}
	}
	c.mu.Unlock()
}

// listening turns the cache on (empty) or off.
func (c *settingsCache) listening(on bool) {
	c.mu.Lock()
	c.on = on
	clear(c.entries)
	clear(c.loading)
	c.mu.Unlock()
}

// startSettingsListener starts the cache's listener, once, on first use.
func (s *Store) startSettingsListener() {
	c := &s.cache
	c.start.Do(func() {
		ctx, cancel := context.WithCancel(context.Background())
		c.cancel, c.done = cancel, make(chan struct{})
		go func() {
			defer close(c.done)
			for ctx.Err() == nil {
				_ = s.listenSettings(ctx) // a lost connection: the cache is off until it listens again
				c.listening(false)
				select {
				case <-ctx.Done():
				case <-time.After(500 * time.Millisecond):
				}
			}
		}()
	})
}

// stopSettingsListener stops the listener, if it started.
func (s *Store) stopSettingsListener() {
	c := &s.cache
	c.start.Do(func() {}) // none starts after this
	if c.cancel != nil {
		c.cancel()
		<-c.done
	}
}

func (s *Store) listenSettings(ctx context.Context) error {
	// From listening on, every change is notified.
	return s.listenOn(ctx, settingsChannel, func() { s.cache.listening(true) }, s.cache.drop)
}
