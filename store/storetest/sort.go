package storetest

import (
	"cmp"
	"slices"

	"shinpan/store"
)

// sortContents puts lists whose order a backend does not define in one order.
func sortContents(c *store.Contents) {
	slices.SortFunc(c.Keys, func(a, b store.KeyRecord) int { return cmp.Compare(a.Key, b.Key) })
	slices.SortFunc(c.Outbox, func(a, b store.OutMsg) int { return cmp.Compare(a.ID, b.ID) })
	slices.SortFunc(c.Challenges, func(a, b store.Challenge) int { return cmp.Compare(a.ID, b.ID) })
	slices.SortFunc(c.Settings, func(a, b store.Settings) int { return cmp.Compare(a.UserID, b.UserID) })
	slices.SortFunc(c.Ratings, func(a, b store.Rating) int {
		return cmp.Or(cmp.Compare(a.GuildID, b.GuildID), cmp.Compare(a.Variant, b.Variant), cmp.Compare(a.UserID, b.UserID))
	})
	slices.SortFunc(c.Tournaments, func(a, b store.Tournament) int { return cmp.Compare(a.ID, b.ID) })
	slices.SortFunc(c.Inbox, func(a, b store.InboxItem) int { return cmp.Compare(a.ID, b.ID) })
	slices.SortFunc(c.Leases, func(a, b store.Lease) int { return cmp.Compare(a.Partition, b.Partition) })
	slices.SortFunc(c.Processes, func(a, b store.Process) int { return cmp.Compare(a.ID, b.ID) })
}
