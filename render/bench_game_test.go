package render

import (
	"os"
	"testing"

	"shinpan/referee/record"
	"shinpan/referee/view"
)

// gameRecord is a real professional game (86 moves, pieces taken and
// dropped) used for the game-sequence benchmarks.
const gameRecord = "../referee/testdata/records/g01_kiou2014_game1.txt"

// gameBoards returns what each player of a Tsuitate game of the record's
// moves was sent, board after board: both players' views after each move,
// in the order a game sends them.
func gameBoards(t testing.TB) []view.View {
	t.Helper()
	data, err := os.ReadFile(gameRecord)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := record.Parse(data, gameRecord)
	if err != nil {
		t.Fatal(err)
	}
	var moves []string
	for _, m := range rec.Moves {
		moves = append(moves, m.USI())
	}
	var out []view.View
	for _, s := range replayTimeline(t, view.Tsuitate, moves) {
		out = append(out, s.Sides[0], s.Sides[1])
	}
	return out
}

// BenchmarkRenderGame renders a Tsuitate game's boards one after another as
// the bot sends them (both players' boards after each move), end to end.
// One op is one board; png-bytes is the mean size of a board. Each pass
// through the game is a new game: its move numbers are new (so the
// whole-image cache never hits) and, with a scope, so is its scope.
func BenchmarkRenderGame(b *testing.B) {
	boards := gameBoards(b)
	{
		b.Run("noscope", func(b *testing.B) {
			opt := Options{Labels: enLabels}
			if _, err := Render(boards[0], opt); err != nil { // the theme's sprites
				b.Fatal(err)
			}
			var size int64
			b.ReportAllocs()
			b.ResetTimer()
			cpu0 := cpuTime()
			for i := 0; i < b.N; i++ {
				pass, k := i/len(boards), i%len(boards)
				v := boards[k]
				v.MoveNumber += 1000 * (1 + pass%90)
				img, err := Render(v, opt)
				if err != nil {
					b.Fatal(err)
				}
				size += int64(len(img.PNG))
			}
			if cpu := cpuTime() - cpu0; cpu > 0 {
				b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
			}
			b.ReportMetric(float64(size)/float64(b.N), "png-bytes")
		})
	}
}
