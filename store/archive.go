package store

import (
	"encoding/json"
	"fmt"
	"io"
	"time"
)

// ArchiveFormat and ArchiveVersion identify the JSON archive; the version
// changes only when a field changes meaning or disappears.
const (
	ArchiveFormat  = "shinpan-game-archive"
	ArchiveVersion = 1
)

// Archive is everything about a finished game, hidden information included:
// every logged action (fouls, bounces, mask choices with their salts), the
// mask salts and the start position, enough to replay and verify the game
// under Game.RulesVersion. Field names are stable (see ArchiveVersion).
// Private "?" notes are not part of it.
type Archive struct {
	Format     string    `json:"format"`  // ArchiveFormat
	Version    int       `json:"version"` // ArchiveVersion
	ExportedAt time.Time `json:"exported_at"`
	Game       Game      `json:"game"`
	Actions    []Entry   `json:"actions"` // seq 1..Game.LastSeq
}

// ExportArchive returns the archive of a finished or aborted game. Errors:
// ErrNotOver (a live game: its log is hidden information), ErrNotFound,
// ErrCorrupt.
func ExportArchive(s Store, id GameID) (Archive, error) {
	g, log, err := s.LoadGame(id)
	if err != nil {
		return Archive{}, err
	}
	if g.Status.Live() {
		return Archive{}, fmt.Errorf("store: export game #%d: game is %s: %w", id, g.Status, ErrNotOver)
	}
	return Archive{Format: ArchiveFormat, Version: ArchiveVersion, ExportedAt: NormTime(time.Now()), Game: g, Actions: log}, nil
}

// WriteArchiveJSON writes game id's archive to w as indented JSON.
func WriteArchiveJSON(w io.Writer, s Store, id GameID) error {
	a, err := ExportArchive(s, id)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(a); err != nil {
		return fmt.Errorf("store: export game #%d: write: %w", id, err)
	}
	return nil
}

// RecordWriter renders an archive in a game-record format. The KIF and CSA
// writers belong to the rules core (referee/record), which replays the actions;
// the store only supplies the archive.
type RecordWriter func(w io.Writer, a *Archive) error

// WriteRecord exports game id through write, e.g. KIFWriter or CSAWriter.
// Errors: those of ExportArchive, and write's, wrapped.
func WriteRecord(w io.Writer, s Store, id GameID, write RecordWriter) error {
	a, err := ExportArchive(s, id)
	if err != nil {
		return err
	}
	if err := write(w, &a); err != nil {
		return fmt.Errorf("store: export game #%d: record writer: %w", id, err)
	}
	return nil
}
