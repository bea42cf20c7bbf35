package store

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"shinpan/referee/shogi"
)

// The checks and record edits below are shared by the backends, so that every
// backend refuses the same input and stores the same fields.

// CheckID validates a Discord id or other string used as a key.
func CheckID(what, s string, required bool) error {
	if required && s == "" {
		return fmt.Errorf("%w: empty %s", ErrInvalid, what)
	}
	if len(s) > 255 {
		return fmt.Errorf("%w: %s longer than 255 bytes", ErrInvalid, what)
	}
	return nil
}

// MaxKeyLen bounds an idempotency key (bbolt's key limit is far above it).
const MaxKeyLen = 1024

// CheckKey validates an idempotency key.
func CheckKey(key string) error {
	if len(key) > MaxKeyLen {
		return fmt.Errorf("%w: idempotency key too long", ErrInvalid)
	}
	return nil
}

// NormTime drops the monotonic clock reading and the location, so that times
// read back are reflect.DeepEqual to the ones written.
func NormTime(t time.Time) time.Time {
	if t.IsZero() {
		return time.Time{}
	}
	return t.UTC()
}

// CheckAppend validates the arguments of AppendAction.
func CheckAppend(id GameID, e Entry) error {
	if e.Key == "" {
		return fmt.Errorf("store: append to game #%d: %w: empty idempotency key", id, ErrInvalid)
	}
	if e.Action.Kind == "" || e.Action.Player > shogi.White {
		return fmt.Errorf("store: append to game #%d: %w: action %+v", id, ErrInvalid, e.Action)
	}
	if err := CheckKey(e.Key); err != nil {
		return fmt.Errorf("store: append to game #%d: %w", id, err)
	}
	return nil
}

// PrepareNewGame fills a new game's store-owned fields (not its ID) and
// validates it.
func PrepareNewGame(g *Game, now time.Time) error {
	if g.Status == "" {
		g.Status = StatusActive
	}
	g.Normalize()
	if g.CreatedAt.IsZero() {
		g.CreatedAt = now
	}
	g.UpdatedAt = g.CreatedAt
	g.LastSeq, g.Rated = 0, false
	if g.Variant == "" || g.RulesVersion == "" {
		return fmt.Errorf("%w: a game needs its variant and rules version (to replay it later)", ErrInvalid)
	}
	if !g.Status.Live() && g.FinishedAt.IsZero() {
		g.FinishedAt = g.UpdatedAt
	}
	return g.Validate()
}

// FinishUpdate restores the store-owned fields after a caller's edit of old
// into g, stamps the times and validates g.
func FinishUpdate(old, g *Game, now time.Time) error {
	g.ID, g.CreatedAt, g.LastSeq, g.Rated = old.ID, old.CreatedAt, old.LastSeq, old.Rated
	g.Normalize()
	g.UpdatedAt = now
	if !g.Status.Live() && g.FinishedAt.IsZero() {
		g.FinishedAt = now
	}
	if g.Status.Live() {
		g.FinishedAt = time.Time{}
	} else {
		g.DrawOffer = nil
	}
	return g.Validate()
}

// ApplyAppend stamps e as the next action of old and returns the game after
// gameUpdate, with the store-owned fields restored. It runs gameUpdate, a
// caller's callback, inside the backend's transaction.
func ApplyAppend(old Game, e *Entry, gameUpdate func(*Game), now time.Time) (Game, error) {
	if !old.Status.Live() {
		return Game{}, fmt.Errorf("game #%d is %s: %w", old.ID, old.Status, ErrGameOver)
	}
	e.Seq = old.LastSeq + 1
	e.At = NormTime(e.At)
	if e.At.IsZero() {
		e.At = now
	}
	g := old
	g.LastSeq = e.Seq
	if gameUpdate != nil {
		gameUpdate(&g)
	}
	base := old
	base.LastSeq = e.Seq
	if err := FinishUpdate(&base, &g, now); err != nil {
		return Game{}, err
	}
	return g, nil
}

// CheckOutMsg validates message i of a batch to queue.
func CheckOutMsg(i int, m OutMsg) error {
	if err := CheckOutDest(i, m); err != nil {
		return err
	}
	if !json.Valid(m.Payload) {
		return fmt.Errorf("%w: outbox message %d: payload is not JSON", ErrInvalid, i)
	}
	return nil
}

// CheckOutDest validates the destination of message i of a batch to queue:
// CheckOutMsg without the payload, for a store that checks the payload as it
// copies it (json.Compact fails on what is not JSON).
func CheckOutDest(i int, m OutMsg) error {
	if m.Dest != DestChannel && m.Dest != DestDM {
		return fmt.Errorf("%w: outbox message %d: dest %q", ErrInvalid, i, m.Dest)
	}
	if m.Target == "" {
		return fmt.Errorf("%w: outbox message %d: empty target", ErrInvalid, i)
	}
	return nil
}

// StampOutMsg fills the store-owned fields of a message given its id.
func StampOutMsg(m *OutMsg, id uint64, game GameID, seq uint64, nonceKey []byte, now time.Time) {
	m.ID = id
	if game != 0 {
		m.GameID, m.Seq = game, seq
	}
	if m.DedupeKey == "" {
		m.DedupeKey = Nonce(nonceKey, id)
	}
	m.CreatedAt = now
}

// A message's nonce leaves the bot (Discord echoes it in the message object),
// so it must say nothing: not how many messages went to others in between, as
// a counter would (RULES.md §3). It is a keyed hash of the outbox id under a
// secret kept in the store: unique, and the same on every retry of a message
// so Discord's enforce_nonce still drops a duplicate.

// NonceKeyLen is the length of the store's nonce secret.
const NonceKeyLen = 32

// Nonce is the nonce of outbox message id: 24 hex digits (96 bits) of
// HMAC-SHA256, within Discord's 25-character limit.
func Nonce(key []byte, id uint64) string {
	h := hmac.New(sha256.New, key)
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], id)
	h.Write(b[:])
	return hex.EncodeToString(h.Sum(nil))[:24]
}

// KeyedNonce is the nonce of a message sent outside the outbox, derived from
// what identifies it (e.g. a challenge and a player) under the store's nonce
// secret: the same on every attempt, also after a restart, yet saying nothing
// about its parts. It never equals an outbox nonce.
func KeyedNonce(key []byte, parts ...string) string {
	h := hmac.New(sha256.New, key)
	h.Write([]byte("keyed\x00")) // outbox ids are hashed as 8 bytes: never this
	for _, p := range parts {
		h.Write(binary.AppendUvarint(nil, uint64(len(p))))
		h.Write([]byte(p))
	}
	return hex.EncodeToString(h.Sum(nil))[:24]
}

// CheckColor validates a notes colour.
func CheckColor(c shogi.Color) error {
	if c > shogi.White {
		return fmt.Errorf("store: notes: %w: colour %d", ErrInvalid, c)
	}
	return nil
}

// ToggleSquare returns set (sorted) with sq added, or removed if present.
func ToggleSquare(set []shogi.Square, sq shogi.Square) []shogi.Square {
	i, found := slices.BinarySearch(set, sq)
	if found {
		return slices.Delete(set, i, i+1)
	}
	return slices.Insert(set, i, sq)
}

// NoteSet checks squares and returns them sorted without repeats.
func NoteSet(sqs []shogi.Square) ([]shogi.Square, error) {
	for _, sq := range sqs {
		if !sq.Valid() {
			return nil, fmt.Errorf("store: set notes: %w: square %d", ErrInvalid, sq)
		}
	}
	out := slices.Compact(slices.Sorted(slices.Values(sqs)))
	if out == nil {
		out = []shogi.Square{}
	}
	return out, nil
}

// WrapOp prefixes an error with the store and the operation, keeping the
// sentinel reachable with errors.Is. DuplicateErrors pass unchanged.
func WrapOp(op string, err error) error {
	if err == nil {
		return nil
	}
	if _, ok := err.(*DuplicateError); ok {
		return err
	}
	return fmt.Errorf("store: %s: %w", op, err)
}
