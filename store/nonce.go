package store

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
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

// KeyedNonce is a nonce for a message sent outside the outbox, derived from
// what identifies it (e.g. a challenge and a player): a keyed hash under the
// file's nonce secret, so it is the same on every attempt, also after a
// restart, yet says nothing about its parts. It never equals an outbox nonce.
func (s *Store) KeyedNonce(parts ...string) (string, error) {
	var key []byte
	err := s.view(func(tx *bolt.Tx) error {
		if m := tx.Bucket(bMeta); m != nil {
			if k := m.Get(kNonceKey); len(k) == 32 {
				key = append([]byte(nil), k...)
			}
		}
		return nil
	})
	if err == nil && key == nil {
		err = s.update(func(tx *bolt.Tx) error {
			var err error
			key, err = nonceKey(tx)
			return err
		})
	}
	if err != nil {
		return "", wrapOp("nonce", err)
	}
	h := hmac.New(sha256.New, key)
	h.Write([]byte("keyed\x00")) // outbox ids are hashed as 8 bytes: never this
	for _, p := range parts {
		h.Write(binary.AppendUvarint(nil, uint64(len(p))))
		h.Write([]byte(p))
	}
	return hex.EncodeToString(h.Sum(nil))[:24], nil
}
