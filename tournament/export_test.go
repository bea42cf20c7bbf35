package tournament

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestExport: the standings as CSV and JSON carry the format's tie-breaks
// only, names included, and a name a spreadsheet would run is defused.
func TestExport(t *testing.T) {
	tr := played(t, Config{Format: Swiss, Rounds: 3}, []string{"A", "B", "C", "D", "E"}, [][]Pairing{
		{{Black: "A", White: "B", Result: BlackWins}, {Black: "C", White: "D", Result: Draw}, {Black: "E"}},
		{{Black: "A", White: "C", Result: Draw}, {Black: "E", White: "B", Result: BlackWins}, {Black: "D"}},
		{{Black: "E", White: "A", Result: WhiteWins}, {Black: "B", White: "D", Result: WhiteWins}, {Black: "C"}},
	})
	names := map[string]string{"A": "Ayumu", "B": "=HYPERLINK(\"x\")", "C": "Chie, \"C\"", "D": "Daiki", "E": "Eri"}
	csv, err := tr.StandingsCSV(func(id string) string { return names[id] })
	check(t, err)
	want := `rank,player,name,points,games,wins,draws,losses,byes,buchholz,sonneborn_berger,withdrawn
1,A,Ayumu,2.5,3,2,1,0,0,4,3,false
2,D,Daiki,2.5,2,1,1,0,1,2,1,false
3,C,"Chie, ""C""",2,2,0,2,0,1,5,2.5,false
4,E,Eri,2,2,1,0,1,1,2.5,0,false
5,B,"'=HYPERLINK(""x"")",0,3,0,0,3,0,7,0,false
`
	if string(csv) != want {
		t.Fatalf("CSV:\n%s\nwant:\n%s", csv, want)
	}
	raw, err := tr.StandingsJSON(nil)
	check(t, err)
	var doc struct {
		Format    Format           `json:"format"`
		Rounds    int              `json:"rounds"`
		Standings []map[string]any `json:"standings"`
	}
	check(t, json.Unmarshal(raw, &doc))
	if doc.Format != Swiss || doc.Rounds != 3 || len(doc.Standings) != 5 {
		t.Fatalf("JSON %s", raw)
	}
	if top := doc.Standings[0]; top["player"] != "A" || top["points"] != 2.5 || top["buchholz"] != 4.0 || top["sonneborn_berger"] != 3.0 {
		t.Fatalf("first line %v", top)
	}
	if _, ok := doc.Standings[0]["performance"]; ok {
		t.Fatal("a Swiss's JSON has an arena's performance")
	}
	rr := played(t, Config{Format: RoundRobin}, []string{"A", "B"}, [][]Pairing{{{Black: "A", White: "B", Result: Draw}}})
	csv, err = rr.StandingsCSV(nil)
	check(t, err)
	if head, _, _ := strings.Cut(string(csv), "\n"); head != "rank,player,name,points,games,wins,draws,losses,byes,sonneborn_berger,withdrawn" {
		t.Fatalf("round robin CSV header %q", head)
	}
}
