package store

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// A message's nonce leaves the bot (Discord echoes it in the message object),
// so it must say nothing: not how many messages went to others in between, as
// a counter would (RULES.md §3). It is a keyed hash of the outbox id under a
// secret kept in the file: unique, and the same on every retry of a message so
// Discord's enforce_nonce still drops a duplicate.

var kNonceKey = []byte("nonce_key")

// nonceKey returns the file's nonce secret, creating it in a writable tx.
func nonceKey(tx *bolt.Tx) ([]byte, error) {
	m := tx.Bucket(bMeta)
	if m == nil {
		return nil, fmt.Errorf("%w: meta bucket missing", ErrCorrupt)
	}
	if k := m.Get(kNonceKey); len(k) == 32 {
		return append([]byte(nil), k...), nil
	}
	k := make([]byte, 32)
	rand.Read(k)
	if err := m.Put(kNonceKey, k); err != nil {
		return nil, err
	}
	return k, nil
}

// nonceFor is the nonce of outbox message id: 24 hex digits (96 bits) of
// HMAC-SHA256, within Discord's 25-character limit.
func nonceFor(key []byte, id uint64) string {
	h := hmac.New(sha256.New, key)
	h.Write(u64(id))
	return hex.EncodeToString(h.Sum(nil))[:24]
}
