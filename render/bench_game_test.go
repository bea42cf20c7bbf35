package render

import (
	"image"
	"math/rand"
	"os"
	"strconv"
	"testing"

	"shinpan/internal/cputime"
	"shinpan/referee/record"
	"shinpan/referee/view"
	"shinpan/render/internal/deflate"
	"shinpan/render/internal/png"
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

// benchGames counts the games BenchmarkRenderGame has played, across its
// runs (each b.N is a new run, and the caches outlive it).
var benchGames int

// BenchmarkRenderGame renders a Tsuitate game's boards one after another as
// the bot sends them (both players' boards after each move), end to end.
// One op is one board; png-bytes is the mean size of a board. Each pass
// through the game is a new game: its move numbers differ from the last 89
// games' (the whole-image cache, of fewer images than a game has, never
// hits) and, with a scope (one per player), so does its scope: only a
// board's own player's earlier boards of this game can lend it bands. bands-reused-% is the share of bands not compressed again.
func BenchmarkRenderGame(b *testing.B) {
	boards := gameBoards(b)
	for _, scoped := range []bool{false, true} {
		name := "noscope"
		if scoped {
			name = "scope"
		}
		b.Run(name, func(b *testing.B) {
			opt := Options{Labels: enLabels}
			if _, err := Render(boards[0], opt); err != nil { // the theme's sprites
				b.Fatal(err)
			}
			var size int64
			h0, m0, _ := bandCache.stats()
			b.ReportAllocs()
			b.ResetTimer()
			cpu0 := cputime.Process()
			for i := 0; i < b.N; i++ {
				k := i % len(boards)
				if k == 0 {
					benchGames++
				}
				v := boards[k]
				v.MoveNumber += 1000 * (1 + benchGames%90)
				opt := opt
				if scoped {
					opt.CacheScope = "bench/" + strconv.Itoa(benchGames) + "/" + strconv.Itoa(k%2)
				}
				img, err := Render(v, opt)
				if err != nil {
					b.Fatal(err)
				}
				size += int64(len(img.PNG))
			}
			if cpu := cputime.Process() - cpu0; cpu > 0 {
				b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
			}
			b.ReportMetric(float64(size)/float64(b.N), "png-bytes")
			if h, m, _ := bandCache.stats(); h+m > h0+m0 {
				b.ReportMetric(100*float64(h-h0)/float64(h+m-h0-m0), "bands-reused-%")
			}
		})
	}
}

// BenchmarkEncodeGame is BenchmarkRenderGame's encoding alone, the boards
// painted beforehand: whole (no scope), bands-cold (band by band, nothing
// cached: the banding's own cost) and bands (one scope per player and pass,
// as the bot renders: from the board's drawList, painting only the bands
// not found). whole first copies its board into a canvas, as painting does
// (the boards of a game do not fit in a CPU cache; a board just painted
// does): copy is that alone, to subtract.
func BenchmarkEncodeGame(b *testing.B) {
	boards := gameBoards(b)
	a := assetsFor(b, ThemeLight)
	imgs := make([]*image.Paletted, len(boards))
	lists := make([]*drawList, len(boards))
	for i := range boards {
		imgs[i] = image.NewPaletted(image.Rect(0, 0, imgW, imgH), a.pal)
		a.paint(imgs[i], &boards[i], &Options{Labels: enLabels})
		lists[i] = recorded(a, &boards[i], &Options{Labels: enLabels})
	}
	canvas := image.NewPaletted(image.Rect(0, 0, imgW, imgH), a.pal)
	for _, mode := range []string{"copy", "whole", "bands-cold", "bands"} {
		b.Run(mode, func(b *testing.B) {
			c := newSegmentCache(bandCacheLimit)
			var size int64
			b.ResetTimer()
			cpu0 := cputime.Process()
			for i := 0; i < b.N; i++ {
				pass, k := i/len(imgs), i%len(imgs)
				var out []byte
				var err error
				switch mode {
				case "copy":
					copy(canvas.Pix, imgs[k].Pix)
				case "whole":
					copy(canvas.Pix, imgs[k].Pix)
					out, err = encode(canvas, nil, "", nil)
				case "bands-cold":
					out, err = encode(canvas, lists[k], "s", newSegmentCache(bandCacheLimit))
				default:
					out, err = encode(canvas, lists[k], strconv.Itoa(pass)+"/"+strconv.Itoa(k%2), c)
				}
				if err != nil {
					b.Fatal(err)
				}
				size += int64(len(out))
			}
			if cpu := cputime.Process() - cpu0; cpu > 0 {
				b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
			}
			b.ReportMetric(float64(size)/float64(b.N), "png-bytes")
		})
	}
}

// BenchmarkBandCacheGames sizes the band cache: games players (each with
// both seats' scopes) move in random order through the record's game,
// every one starting at a random move, against a cache of the default
// limit, of which only the look-ups are simulated (each band's real key and
// segment size, taken from the record's boards once). One op is one board.
// reused-% is the share of bands found, over the second half of the run
// (give enough ops: -benchtime 40000x for a thousand games); held-MiB what
// the cache holds at the end.
func BenchmarkBandCacheGames(b *testing.B) {
	boards := gameBoards(b)
	a := assetsFor(b, ThemeLight)
	img := image.NewPaletted(image.Rect(0, 0, imgW, imgH), a.pal)
	n := len(bandRows) - 1
	sums := make([][]bandKey, len(boards))
	sizes := make([][]int, len(boards))
	var d deflate.Encoder
	var raw []byte
	for i := range boards {
		a.paint(img, &boards[i], &Options{Labels: enLabels})
		list := recorded(a, &boards[i], &Options{Labels: enLabels})
		for k := range n {
			pix := img.Pix[bandRows[k]*imgW : bandRows[k+1]*imgW]
			raw = png.Rows(raw[:0], pix, imgW, bandRows[k+1]-bandRows[k], imgW)
			sums[i] = append(sums[i], bandKeyOf("", list.bandDesc(nil, bandRows[k], bandRows[k+1])))
			sizes[i] = append(sizes[i], len(d.Segment(nil, raw, []int{imgW + 1, 1, sqW, 2 * (imgW + 1)})))
		}
	}
	moves := len(boards) / 2
	for _, games := range []int{500, 1000, 2000} {
		b.Run(strconv.Itoa(games)+"games", func(b *testing.B) {
			c := newSegmentCache(bandCacheLimit)
			r := rand.New(rand.NewSource(1))
			ply := make([]int, games)
			for g := range ply {
				ply[g] = r.Intn(moves)
			}
			keys := make([]bandKey, n)
			found := make([]*bandEntry, n)
			var h0, m0 int
			for i := 0; i < b.N; i++ {
				if i == b.N/2 {
					h0, m0, _ = c.stats()
				}
				g := r.Intn(games)
				seat := i % 2 // both players' boards, in turn
				if seat == 0 {
					ply[g]++
				}
				board := 2*(ply[g]%moves) + seat
				scope := strconv.Itoa(g) + "/" + strconv.Itoa(seat)
				for k := range keys {
					keys[k] = sums[board][k]
					keys[k].scope = scope
				}
				c.lookup(keys, found)
				c.retire(keys)
				var fresh []*bandEntry
				for k, f := range found {
					if f == nil {
						fresh = append(fresh, &bandEntry{key: keys[k], seg: make([]byte, sizes[board][k])})
					}
				}
				c.add(fresh, len(fresh))
			}
			h, m, size := c.stats()
			if h+m > h0+m0 {
				b.ReportMetric(100*float64(h-h0)/float64(h+m-h0-m0), "reused-%")
			}
			b.ReportMetric(float64(size)/(1<<20), "held-MiB")
		})
	}
}

// BenchmarkSegment compresses bands one at a time as deflateBands does for a
// band not cached: the 13 bands of every seventh board of the record's game
// in turn. One op is one band.
func BenchmarkSegment(b *testing.B) {
	boards := gameBoards(b)
	a := assetsFor(b, ThemeLight)
	img := image.NewPaletted(image.Rect(0, 0, imgW, imgH), a.pal)
	var raws [][]byte
	for i := 0; i < len(boards); i += 7 {
		a.paint(img, &boards[i], &Options{Labels: enLabels})
		for k := range len(bandRows) - 1 {
			raws = append(raws, png.Rows(nil, img.Pix[bandRows[k]*imgW:], imgW, bandRows[k+1]-bandRows[k], imgW))
		}
	}
	var d deflate.Encoder
	dists := []int{imgW + 1, 1, sqW, 2 * (imgW + 1)}
	b.ResetTimer()
	cpu0 := cputime.Process()
	var out []byte
	for i := 0; i < b.N; i++ {
		out = d.Segment(out[:0], raws[i%len(raws)], dists)
	}
	b.ReportMetric(float64((cputime.Process()-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
}
