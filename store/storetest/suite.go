// Package storetest is the conformance suite every store.Store backend
// passes: a backend's tests call Run (and Crash, for the SIGKILL test).
package storetest

import (
	"testing"
	"time"

	"shinpan/store"
)

// Backend opens stores of one kind for the suite.
type Backend struct {
	// Fresh returns where a new, empty store lives (a file path, a database
	// URL); it is removed when t ends.
	Fresh func(t testing.TB) string
	// Open opens the store at loc, stamping records with now (nil: time.Now).
	// The suite closes it, and may open loc again afterwards.
	Open func(loc string, now func() time.Time) (store.Store, error)
	// Shared says that several stores may be open on one location at once
	// (as several processes share a database): each is a claimer of its own.
	Shared bool
}

var tests = []struct {
	name string
	run  func(*testing.T, Backend)
}{
	{"RoundTripAcrossReopen", testRoundTripAcrossReopen},
	{"Idempotency", testIdempotency},
	{"OutboxAcrossReopen", testOutboxAcrossReopen},
	{"DrawOfferAcrossReopen", testDrawOfferAcrossReopen},
	{"GameLifecycle", testGameLifecycle},
	{"SettingsValidation", testSettingsValidation},
	{"GuildSettings", testGuildSettings},
	{"Notes", testNotes},
	{"Queries", testQueries},
	{"Leaderboard", testLeaderboard},
	{"Challenges", testChallenges},
	{"ExportArchive", testExportArchive},
	{"ExportKIFAndCSA", testExportKIFAndCSA},
	{"ConcurrentAppends", testConcurrentAppends},
	{"NoncesSayNothing", testNoncesSayNothing},
	{"KeyedNonce", testKeyedNonce},
	{"ClaimOutbox", testClaimOutbox},
	{"ClaimOutboxOrder", testClaimOutboxOrder},
	{"OutboxStats", testOutboxStats},
	{"ActiveCounts", testActiveCounts},
	{"ConcurrentDuplicates", testConcurrentDuplicates},
	{"MoveRecords", testMoveRecords},
	{"CopyReplaces", testCopyReplaces},
	{"CopyingNote", testCopyingNote},
	{"DumpLoadSameStore", testDumpLoadSameStore},
	{"LoadRefusesCutOrForeign", testLoadRefusesCutOrForeign},
	{"NoLostUpdates", testNoLostUpdates},
	{"DMClaims", testDMClaims},
	{"DMsHandled", testDMsHandled},
	{"Tournaments", testTournaments},
	{"TournamentRoundOnce", testTournamentRoundOnce},
	{"EditTournamentRaces", testEditTournamentRaces},
}

// Run runs the whole suite on b, each test in a fresh store.
func Run(t *testing.T, b Backend) {
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.run(t, b) })
	}
}
