package postgres

import "shinpan/store"

// KeyedNonce is store.KeyedNonce under the database's nonce secret.
func (s *Store) KeyedNonce(parts ...string) (string, error) {
	s.keyMu.Lock()
	key := s.nonceKey
	s.keyMu.Unlock()
	return store.KeyedNonce(key, parts...), nil
}
