package postgres

// Cluster is what a bot process needs to share the games with others: its
// leases and the store's inbox.
type Cluster struct {
	*Leases
	*Store
}

// Cluster turns ownership on (Leases) and returns the leases with the store.
func (s *Store) Cluster(o LeaseOptions) Cluster { return Cluster{Leases: s.Leases(o), Store: s} }
