package bolt

import (
	"shinpan/store"

	"fmt"
	"strconv"
	"time"

	bbolt "go.etcd.io/bbolt"
)

// AppMarker is the value of meta/app in every shinpan file. A bbolt file with
// buckets but without it is foreign.
const AppMarker = "shinpan"

// Bucket names and layouts (schema 3). "u64" is 8-byte big-endian, "time" a
// sortable 8-byte time, "lp(s)" a length-prefixed string (keys.go).
var (
	// meta: "app" → AppMarker; "schema" → decimal version; "created" → RFC 3339;
	// "nonce_key" → 32 secret random bytes (nonce.go), written at the first enqueue;
	// "copying" → while a copy into the file is unchecked, its note (shinpan migrate).
	bMeta = []byte("meta")
	// games: u64 game id → JSON Game. The bucket sequence numbers the games.
	bGames = []byte("games")
	// log: u64 game id ‖ u64 seq → JSON Entry.
	bLog = []byte("log")
	// idem: idempotency key → u64 game id ‖ u64 seq ‖ time recorded (24 bytes).
	bIdem = []byte("idem")
	// outbox: u64 message id (bucket sequence) → JSON OutMsg; deleted when sent.
	bOutbox = []byte("outbox")
	// challenges: u64 challenge id (bucket sequence) → JSON Challenge.
	bChallenges = []byte("challenges")
	// settings: user id → JSON Settings.
	bSettings = []byte("settings")
	// ratings: lp(guild) ‖ lp(variant) ‖ lp(user) → JSON Rating.
	bRatings = []byte("ratings")
	// messages: u64 game id ‖ purpose → JSON MessageRef.
	bMessages = []byte("messages")
	// notes: u64 game id ‖ 1-byte colour → JSON []shogi.Square.
	bNotes = []byte("notes")
	// tournaments: u64 tournament id (bucket sequence) → JSON Tournament.
	bTournaments = []byte("tournaments")

	// Secondary indexes: values are empty; each is kept in the transaction that
	// changes the record it indexes.

	// idx_active: u64 game id, for games pending_masks or active.
	bIdxActive = []byte("idx_active")
	// idx_user_active: lp(user) ‖ u64 game id.
	bIdxUserActive = []byte("idx_user_active")
	// idx_chan_active: lp(channel or thread) ‖ u64 game id.
	bIdxChanActive = []byte("idx_chan_active")
	// idx_user_finished: lp(user) ‖ time finished ‖ u64 game id.
	bIdxUserFinished = []byte("idx_user_finished")
	// idx_challenge_expiry: time expires ‖ u64 challenge id.
	bIdxChallengeExpiry = []byte("idx_challenge_expiry")
	// idx_rating: lp(guild) ‖ lp(variant) ‖ sortable float64 rating ‖ lp(user).
	bIdxRating = []byte("idx_rating")
	// idx_tournament_active: u64 tournament id, for tournaments not over.
	bIdxTournamentActive = []byte("idx_tournament_active")
	// idx_guild_tournament: lp(guild) ‖ u64 tournament id.
	bIdxGuildTournament = []byte("idx_guild_tournament")
)

var allBuckets = [][]byte{
	bMeta, bGames, bLog, bIdem, bOutbox, bChallenges, bSettings,
	bRatings, bMessages, bNotes, bTournaments,
	bIdxActive, bIdxUserActive, bIdxChanActive, bIdxUserFinished,
	bIdxChallengeExpiry, bIdxRating, bIdxTournamentActive, bIdxGuildTournament,
}

var (
	kApp     = []byte("app")
	kSchema  = []byte("schema")
	kCreated = []byte("created")
)

// fileState is what a transaction finds in a file.
type fileState struct {
	empty   bool // no bucket at all: a fresh file, or one whose creation was interrupted
	version int  // schema version (valid when !empty)
}

// inspect reads the marker and the schema version. It returns ErrForeign for a
// bbolt file with buckets but no shinpan marker.
func inspect(tx *bbolt.Tx) (fileState, error) {
	n := 0
	_ = tx.ForEach(func([]byte, *bbolt.Bucket) error { n++; return nil })
	if n == 0 {
		return fileState{empty: true}, nil
	}
	m := tx.Bucket(bMeta)
	if m == nil || string(m.Get(kApp)) != AppMarker {
		return fileState{}, store.ErrForeign
	}
	v, err := strconv.Atoi(string(m.Get(kSchema)))
	if err != nil || v < 0 {
		return fileState{}, fmt.Errorf("%w: bad schema version %q", store.ErrCorrupt, m.Get(kSchema))
	}
	return fileState{version: v}, nil
}

// initFile writes the marker and the current schema into an empty file.
func initFile(tx *bbolt.Tx, now time.Time) error {
	m, err := tx.CreateBucketIfNotExists(bMeta)
	if err != nil {
		return err
	}
	for k, v := range map[string]string{
		string(kApp):     AppMarker,
		string(kSchema):  strconv.Itoa(store.SchemaVersion),
		string(kCreated): now.UTC().Format(time.RFC3339Nano),
	} {
		if err := m.Put([]byte(k), []byte(v)); err != nil {
			return err
		}
	}
	return ensureBuckets(tx)
}

func ensureBuckets(tx *bbolt.Tx) error {
	for _, name := range allBuckets {
		if _, err := tx.CreateBucketIfNotExists(name); err != nil {
			return fmt.Errorf("create bucket %s: %w", name, err)
		}
	}
	return nil
}

func setVersion(tx *bbolt.Tx, v int) error {
	m := tx.Bucket(bMeta)
	if m == nil {
		return fmt.Errorf("%w: meta bucket missing", store.ErrCorrupt)
	}
	return m.Put(kSchema, []byte(strconv.Itoa(v)))
}
