package store

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"
)

// A dump is a whole store as JSON lines, for `shinpan export` and `import`:
// it moves between backends and program versions (field names are stable; a
// newer DumpVersion is refused). The first line is the header, then one line
// per game (GameRecord: the game, its log, message ids and notes),
// then one line per other record (tournaments included), and a last line with the counts, so a cut
// file is noticed. Hidden information is in it: treat it as the database.

// DumpFormat and DumpVersion identify a dump.
const (
	DumpFormat  = "shinpan-dump"
	DumpVersion = 1
)

// DumpHeader is a dump's first line.
type DumpHeader struct {
	Format     string    `json:"format"`
	Version    int       `json:"version"`
	Schema     int       `json:"schema"` // the data layout it was written from
	ExportedAt time.Time `json:"exported_at"`
}

// DumpCounts says what a dump holds (its last line).
type DumpCounts struct {
	Games      int `json:"games"`
	Actions    int `json:"actions"`
	Keys       int `json:"keys"`
	Outbox     int `json:"outbox"`
	Challenges int `json:"challenges"`
	Settings   int `json:"settings"`
	Ratings    int `json:"ratings"`
	// What several processes share (a PostgreSQL store's).
	Inbox     int `json:"inbox,omitempty"`
	Leases    int `json:"leases,omitempty"`
	Processes int `json:"processes,omitempty"`
	// Tournaments is not in a dump from before them.
	Tournaments int `json:"tournaments,omitempty"`
}

// count sets the counts of what c holds (the games' are counted apart).
func (n *DumpCounts) count(c Contents) {
	n.Keys, n.Outbox, n.Challenges, n.Settings, n.Ratings = len(c.Keys), len(c.Outbox), len(c.Challenges), len(c.Settings), len(c.Ratings)
	n.Inbox, n.Leases, n.Processes = len(c.Inbox), len(c.Leases), len(c.Processes)
	n.Tournaments = len(c.Tournaments)
}

// Counts returns what c holds, games aside.
func (c Contents) Counts() DumpCounts {
	var n DumpCounts
	n.count(c)
	return n
}

// Sequences are the highest ids handed out (kept across deletions).
type Sequences struct {
	Games       uint64 `json:"games"`
	Challenges  uint64 `json:"challenges"`
	Outbox      uint64 `json:"outbox"`
	Inbox       uint64 `json:"inbox,omitempty"`
	Tournaments uint64 `json:"tournaments,omitempty"`
}

// dumpLine is one line: exactly one field is set.
type dumpLine struct {
	Header     *DumpHeader `json:"header,omitempty"`
	Game       *GameRecord `json:"game,omitempty"`
	NonceKey   []byte      `json:"nonce_key,omitempty"`
	Key        *KeyRecord  `json:"key,omitempty"`
	Outbox     *OutMsg     `json:"outbox,omitempty"`
	Challenge  *Challenge  `json:"challenge,omitempty"`
	Settings   *Settings   `json:"settings,omitempty"`
	Rating     *Rating     `json:"rating,omitempty"`
	Inbox      *InboxItem  `json:"inbox,omitempty"`
	Tournament *Tournament `json:"tournament,omitempty"`
	Lease      *Lease      `json:"lease,omitempty"`
	Process    *Process    `json:"process,omitempty"`
	Sequences  *Sequences  `json:"sequences,omitempty"`
	End        *DumpCounts `json:"end,omitempty"`
}

// Dump writes everything in m to w as JSON lines. Each game is read in its
// own transaction: dump a store no bot is writing to (a stopped bot's, or a
// backup).
func Dump(w io.Writer, m Mover, now time.Time) (DumpCounts, error) {
	var n DumpCounts
	enc := json.NewEncoder(w)
	if err := enc.Encode(dumpLine{Header: &DumpHeader{Format: DumpFormat, Version: DumpVersion, Schema: SchemaVersion, ExportedAt: now.UTC()}}); err != nil {
		return n, err
	}
	ids, err := m.GameIDs()
	if err != nil {
		return n, err
	}
	for _, id := range ids {
		r, err := m.ReadGameRecord(id)
		if err != nil {
			return n, err
		}
		if err := enc.Encode(dumpLine{Game: &r}); err != nil {
			return n, err
		}
		n.Games++
		n.Actions += len(r.Log)
	}
	c, err := m.ReadContents()
	if err != nil {
		return n, err
	}
	lines := []dumpLine{}
	if c.NonceKey != nil {
		lines = append(lines, dumpLine{NonceKey: c.NonceKey})
	}
	for i := range c.Keys {
		lines = append(lines, dumpLine{Key: &c.Keys[i]})
	}
	for i := range c.Outbox {
		lines = append(lines, dumpLine{Outbox: &c.Outbox[i]})
	}
	for i := range c.Challenges {
		lines = append(lines, dumpLine{Challenge: &c.Challenges[i]})
	}
	for i := range c.Settings {
		lines = append(lines, dumpLine{Settings: &c.Settings[i]})
	}
	for i := range c.Ratings {
		lines = append(lines, dumpLine{Rating: &c.Ratings[i]})
	}
	for i := range c.Tournaments {
		lines = append(lines, dumpLine{Tournament: &c.Tournaments[i]})
	}
	for i := range c.Inbox {
		lines = append(lines, dumpLine{Inbox: &c.Inbox[i]})
	}
	for i := range c.Leases {
		lines = append(lines, dumpLine{Lease: &c.Leases[i]})
	}
	for i := range c.Processes {
		lines = append(lines, dumpLine{Process: &c.Processes[i]})
	}
	lines = append(lines, dumpLine{Sequences: &Sequences{Games: c.LastGame, Challenges: c.LastChallenge, Outbox: c.LastOutbox, Inbox: c.LastInbox, Tournaments: c.LastTournament}})
	for _, l := range lines {
		if err := enc.Encode(l); err != nil {
			return n, err
		}
	}
	n.count(c)
	return n, enc.Encode(dumpLine{End: &n})
}

// ErrNotEmpty: Load's target already holds games or records.
var ErrNotEmpty = errors.New("the target store is not empty")

// Load reads a dump into m, which must hold no game. check, when not nil,
// vets each game before it is written (the caller replays it through the
// referee). The other records are written together at the end, once the
// counts line confirmed the file is whole; a failure before leaves the games
// read so far, and a rerun into a fresh store starts again.
func Load(r io.Reader, m Mover, check func(GameRecord) error) (DumpCounts, error) {
	var n DumpCounts
	if ids, err := m.GameIDs(); err != nil {
		return n, err
	} else if len(ids) > 0 {
		return n, fmt.Errorf("%w: %d games", ErrNotEmpty, len(ids))
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<20), 1<<30)
	var c Contents
	var end *DumpCounts
	for line := 1; sc.Scan(); line++ {
		var l dumpLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			if line == 1 {
				return n, fmt.Errorf("line 1: not a %s file (the output of shinpan export): %w", DumpFormat, err)
			}
			return n, fmt.Errorf("line %d: %w", line, err)
		}
		if end != nil {
			return n, fmt.Errorf("line %d: after the last line", line)
		}
		switch {
		case line == 1:
			h := l.Header
			if h == nil || h.Format != DumpFormat {
				return n, fmt.Errorf("line 1: not a %s file", DumpFormat)
			}
			if h.Version > DumpVersion {
				return n, fmt.Errorf("dump version %d: this program reads up to %d", h.Version, DumpVersion)
			}
		case l.Game != nil:
			if check != nil {
				if err := check(*l.Game); err != nil {
					return n, fmt.Errorf("line %d: game #%d: %w", line, l.Game.Game.ID, err)
				}
			}
			if err := m.WriteGameRecord(*l.Game); err != nil {
				return n, fmt.Errorf("line %d: %w", line, err)
			}
			n.Games++
			n.Actions += len(l.Game.Log)
		case l.NonceKey != nil:
			c.NonceKey = l.NonceKey
		case l.Key != nil:
			c.Keys = append(c.Keys, *l.Key)
		case l.Outbox != nil:
			c.Outbox = append(c.Outbox, *l.Outbox)
		case l.Challenge != nil:
			c.Challenges = append(c.Challenges, *l.Challenge)
		case l.Settings != nil:
			c.Settings = append(c.Settings, *l.Settings)
		case l.Rating != nil:
			c.Ratings = append(c.Ratings, *l.Rating)
		case l.Tournament != nil:
			c.Tournaments = append(c.Tournaments, *l.Tournament)
		case l.Inbox != nil:
			c.Inbox = append(c.Inbox, *l.Inbox)
		case l.Lease != nil:
			c.Leases = append(c.Leases, *l.Lease)
		case l.Process != nil:
			c.Processes = append(c.Processes, *l.Process)
		case l.Sequences != nil:
			q := l.Sequences
			c.LastGame, c.LastChallenge, c.LastOutbox, c.LastInbox, c.LastTournament = q.Games, q.Challenges, q.Outbox, q.Inbox, q.Tournaments
		case l.End != nil:
			end = l.End
		default:
			return n, fmt.Errorf("line %d: no record this program knows", line)
		}
	}
	if err := sc.Err(); err != nil {
		return n, err
	}
	n.count(c)
	if end == nil {
		return n, errors.New("the dump ends early: no counts line (a cut file?)")
	}
	if *end != n {
		return n, fmt.Errorf("the dump says %+v, it holds %+v", *end, n)
	}
	return n, m.WriteContents(c)
}
