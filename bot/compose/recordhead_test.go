package compose

import (
	"slices"
	"strings"
	"testing"
	"time"

	"shinpan/referee"
	"shinpan/referee/policy"
	"shinpan/referee/record"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/store"
)

// TestRecordHeader: the records of a finished game name both players and
// give its start in Japan's time, in KIF, KI2 and CSA; a name with line
// breaks stays on its line; each record reads back (referee/record) with
// those fields, and a name left "" is left out.
func TestRecordHeader(t *testing.T) {
	opts := policy.Options{Options: referee.DefaultOptions(view.Standard)}
	meta := store.Game{ID: 7, Players: [2]string{"111", store.CPU}, Variant: view.Standard, Options: opts,
		StartSFEN: shogi.StartSFEN, CreatedAt: time.Date(2026, 12, 6, 15, 4, 5, 0, time.UTC)} // the next day in Japan
	g, err := referee.New("7", view.Standard, shogi.StartSFEN, opts.Options)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []referee.Action{{Kind: referee.ActMove, Player: shogi.Black, Text: "7g7f"},
		{Kind: referee.ActMove, Player: shogi.White, Text: "3c3d"}, {Kind: referee.ActResign, Player: shogi.White}} {
		if _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	const start = "2026/12/07 00:04:05"
	for _, tc := range []struct {
		name   string
		format string
		names  [2]string
		want   [2]string // 先手, 後手 read back ("": none)
		lines  []string  // in the text
	}{
		{"kif", "kif", [2]string{"Ann", "CPU"}, [2]string{"Ann", "CPU"}, []string{"開始日時：" + start, "先手：Ann", "後手：CPU"}},
		{"line breaks", "kif", [2]string{"Ann\r\n後手：Eve\n", " Bob\u2028\tthe\x00second "}, [2]string{"Ann 後手：Eve", "Bob the second"},
			[]string{"先手：Ann 後手：Eve", "後手：Bob the second"}},
		{"no names", "kif", [2]string{"", ""}, [2]string{"", ""}, []string{"開始日時：" + start}},
		{"ki2", "ki2", [2]string{"Ann", "CPU"}, [2]string{"Ann", "CPU"}, []string{"開始日時：" + start, "先手：Ann", "後手：CPU"}},
		{"csa", "csa", [2]string{"Ann\nN-Eve", "CPU"}, [2]string{"Ann N-Eve", "CPU"}, []string{"$START_TIME:" + start, "N+Ann N-Eve", "N-CPU"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data, err := GameRecord(meta, g, tc.format, tc.names)
			if err != nil {
				t.Fatal(err)
			}
			text := string(data)
			lines := strings.Split(text, "\n")
			for _, l := range tc.lines {
				if !slices.Contains(lines, l) {
					t.Errorf("no line %q in:\n%s", l, text)
				}
			}
			rec, err := record.Parse(data, "shinpan-7."+tc.format)
			if err != nil {
				t.Fatalf("%v:\n%s", err, text)
			}
			if len(rec.Moves) != 2 || rec.Result.Reason != record.ReasonResignation {
				t.Errorf("read back: %d moves, %+v", len(rec.Moves), rec.Result)
			}
			got := map[string][]string{}
			for _, h := range rec.Header {
				got[h.Key] = append(got[h.Key], h.Value)
			}
			if v := got["開始日時"]; len(v) != 1 || v[0] != start {
				t.Errorf("開始日時 reads back as %q", v)
			}
			for c, key := range []string{"先手", "後手"} {
				if v := got[key]; tc.want[c] == "" && len(v) != 0 || tc.want[c] != "" && (len(v) != 1 || v[0] != tc.want[c]) {
					t.Errorf("%s reads back as %q, want %q", key, v, tc.want[c])
				}
			}
		})
	}
}

// TestStartNames: the names kept with a game, "CPU" for the CPU's seat
// whatever was kept, "" left as it is.
func TestStartNames(t *testing.T) {
	for _, tc := range []struct {
		name          string
		players, kept [2]string
		want          [2]string
	}{
		{"people", [2]string{"1", "2"}, [2]string{"Alice", "bob"}, [2]string{"Alice", "bob"}},
		{"the CPU white", [2]string{"1", store.CPU}, [2]string{"Alice", ""}, [2]string{"Alice", "CPU"}},
		{"none kept", [2]string{"1", "2"}, [2]string{}, [2]string{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := StartNames(store.Game{Players: tc.players, Names: tc.kept}); got != tc.want {
				t.Fatalf("%q, want %q", got, tc.want)
			}
		})
	}
}
