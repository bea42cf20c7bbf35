package world

import (
	"crypto/rand"
	"encoding/base64"
	"strconv"
	"sync"
	"time"
)

// discordEpoch is the first millisecond of 2015 (UTC), the origin of Discord Snowflakes.
const discordEpoch = 1420070400000

// Snowflakes hands out Discord-style ids (decimal strings of
// milliseconds-since-2015 << 22) that strictly increase, so that ordering by
// id is ordering by creation, as GET /channels/{id}/messages relies on.
type Snowflakes struct {
	mu   sync.Mutex
	last uint64
}

// Next is a new id, above every earlier one.
func (g *Snowflakes) Next() string {
	g.mu.Lock()
	defer g.mu.Unlock()
	id := uint64(time.Now().UnixMilli()-discordEpoch) << 22
	if id <= g.last {
		id = g.last + 1
	}
	g.last = id
	return strconv.FormatUint(id, 10)
}

// SnowflakeLess orders two Snowflakes numerically; malformed ids sort first.
func SnowflakeLess(a, b string) bool {
	x, _ := strconv.ParseUint(a, 10, 64)
	y, _ := strconv.ParseUint(b, 10, 64)
	return x < y
}

// TokenPrefix starts every interaction token, as Discord's start with
// base64("interaction").
const TokenPrefix = "aW50ZXJhY3Rpb24"

// RandomToken returns an unguessable URL-safe token, as used for interaction
// tokens and gateway session ids.
func RandomToken(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// Timestamp formats t the way Discord does (RFC 3339, microseconds, +00:00).
func Timestamp(t time.Time) string {
	return t.UTC().Format("2006-01-02T15:04:05.000000+00:00")
}
