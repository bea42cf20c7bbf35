package tournament

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"strconv"
	"strings"
)

// The standings' export: the same rows as CSV (a header line, then one
// line per player) and as JSON, with the tie-breaks of the format only.

// exportRow is one player's exported line.
type exportRow struct {
	Rank            int      `json:"rank"`
	Player          string   `json:"player"`
	Name            string   `json:"name,omitempty"`
	Points          float64  `json:"points"`
	Games           int      `json:"games"`
	Wins            int      `json:"wins"`
	Draws           int      `json:"draws"`
	Losses          int      `json:"losses"`
	Byes            int      `json:"byes"`
	Buchholz        *float64 `json:"buchholz,omitempty"`
	SonnebornBerger *float64 `json:"sonneborn_berger,omitempty"`
	Performance     *int     `json:"performance,omitempty"`
	Withdrawn       bool     `json:"withdrawn,omitempty"`
}

type exportDoc struct {
	Format    Format      `json:"format"`
	Status    Status      `json:"status"`
	Round     int         `json:"round"`
	Rounds    int         `json:"rounds,omitempty"`
	Standings []exportRow `json:"standings"`
}

func (t *Tournament) exportRows(name func(id string) string) []exportRow {
	st := t.Standings()
	out := make([]exportRow, 0, len(st))
	for _, s := range st {
		r := exportRow{Rank: s.Rank, Player: s.Player, Points: s.Points, Games: s.Games, Wins: s.Wins,
			Draws: s.Draws, Losses: s.Losses, Byes: s.Byes, Withdrawn: s.State != Active}
		if name != nil {
			r.Name = name(s.Player)
		}
		switch t.Config.Format {
		case Swiss:
			r.Buchholz, r.SonnebornBerger = &s.Buchholz, &s.SonnebornBerger
		case RoundRobin:
			r.SonnebornBerger = &s.SonnebornBerger
		case Arena:
			r.Performance = &s.Performance
		}
		out = append(out, r)
	}
	return out
}

// StandingsJSON is the standings as JSON; name gives each player's display
// name (nil: none).
func (t *Tournament) StandingsJSON(name func(id string) string) ([]byte, error) {
	return json.MarshalIndent(exportDoc{Format: t.Config.Format, Status: t.Status, Round: t.Round,
		Rounds: t.TotalRounds(), Standings: t.exportRows(name)}, "", "  ")
}

// StandingsCSV is the standings as CSV (RFC 4180), the tie-break columns
// those of the format; name gives each player's display name (nil: none).
// A name a spreadsheet would read as a formula is written with a leading '.
func (t *Tournament) StandingsCSV(name func(id string) string) ([]byte, error) {
	head := []string{"rank", "player", "name", "points", "games", "wins", "draws", "losses", "byes"}
	switch t.Config.Format {
	case Swiss:
		head = append(head, "buchholz", "sonneborn_berger")
	case RoundRobin:
		head = append(head, "sonneborn_berger")
	case Arena:
		head = append(head, "performance")
	}
	head = append(head, "withdrawn")
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	if err := w.Write(head); err != nil {
		return nil, err
	}
	num := func(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
	for _, r := range t.exportRows(name) {
		line := []string{strconv.Itoa(r.Rank), r.Player, safeCell(r.Name), num(r.Points), strconv.Itoa(r.Games),
			strconv.Itoa(r.Wins), strconv.Itoa(r.Draws), strconv.Itoa(r.Losses), strconv.Itoa(r.Byes)}
		if r.Buchholz != nil {
			line = append(line, num(*r.Buchholz))
		}
		if r.SonnebornBerger != nil {
			line = append(line, num(*r.SonnebornBerger))
		}
		if r.Performance != nil {
			line = append(line, strconv.Itoa(*r.Performance))
		}
		line = append(line, strconv.FormatBool(r.Withdrawn))
		if err := w.Write(line); err != nil {
			return nil, err
		}
	}
	w.Flush()
	return b.Bytes(), w.Error()
}

// safeCell keeps a spreadsheet from running a cell as a formula.
func safeCell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}
