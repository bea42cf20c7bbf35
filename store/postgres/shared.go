package postgres

// Shared says that other processes may use the same database (store.Shared).
func (s *Store) Shared() bool { return true }
