package bolt

import (
	"shinpan/store"

	"crypto/rand"
	"fmt"

	bbolt "go.etcd.io/bbolt"
)

// The nonce secret (store.Nonce) lives in meta/nonce_key.

var kNonceKey = []byte("nonce_key")

// nonceKey returns the file's nonce secret, creating it in a writable tx.
func nonceKey(tx *bbolt.Tx) ([]byte, error) {
	m := tx.Bucket(bMeta)
	if m == nil {
		return nil, fmt.Errorf("%w: meta bucket missing", store.ErrCorrupt)
	}
	if k := m.Get(kNonceKey); len(k) == store.NonceKeyLen {
		return append([]byte(nil), k...), nil
	}
	k := make([]byte, store.NonceKeyLen)
	rand.Read(k)
	if err := m.Put(kNonceKey, k); err != nil {
		return nil, err
	}
	return k, nil
}

// KeyedNonce is store.KeyedNonce under the file's nonce secret (made at the
// first use).
func (s *Store) KeyedNonce(parts ...string) (string, error) {
	var key []byte
	err := s.view(func(tx *bbolt.Tx) error {
		if k := bkt(tx, bMeta).Get(kNonceKey); len(k) == store.NonceKeyLen {
			key = append([]byte(nil), k...)
		}
		return nil
	})
	if err == nil && key == nil {
		err = s.update(func(tx *bbolt.Tx) error {
			var err error
			key, err = nonceKey(tx)
			return err
		})
	}
	if err != nil {
		return "", store.WrapOp("nonce", err)
	}
	return store.KeyedNonce(key, parts...), nil
}
