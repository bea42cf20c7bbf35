package render

import (
	"bytes"
	"hash/maphash"
	"image"
	"strconv"
	"sync"
	"testing"

	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// TestSharedBands: the channel's board of a Tsuitate game (no piece shown)
// takes its ranks and file numbers from the shared bands: the same bytes as
// without them, a valid PNG of the painted pixels, and the per-viewer cache
// is asked only for the rest.
func TestSharedBands(t *testing.T) {
	a := assetsFor(t, ThemeLight)
	v := view.View{Variant: view.Tsuitate, Viewer: view.ViewerPublic, Turn: shogi.White, MoveNumber: 12,
		Mask: shogi.NoSquare, Masks: [2]shogi.Square{shogi.NoSquare, shogi.NoSquare}, LastMove: shogi.NoMove,
		LostAt: shogi.NoSquare, ShowCaptured: true}
	v.Captured[shogi.Black][shogi.Pawn] = 2
	opt := Options{Labels: enLabels}
	img := image.NewPaletted(image.Rect(0, 0, imgW, imgH), a.pal)
	a.paint(img, &v, &opt)

	shared := newStaticTable()
	shared.ensure(a, shogi.Black, enLabels)
	with := newSegmentCache(bandCacheLimit)
	with.shared = shared
	d := recorded(a, &v, &opt)
	got, err := encode(scratch(a), d, "game 1 public", with)
	if err != nil {
		t.Fatal(err)
	}
	without := newSegmentCache(bandCacheLimit)
	want, err := encode(scratch(a), d, "game 1 public", without)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("the encoding with shared bands differs from the one without")
	}
	if !bytes.Equal(checkPNG(t, got), img.Pix) {
		t.Fatal("decoded pixels differ from the painted ones")
	}
	n := int(shared.hits.Load())
	if n < 10 { // nine empty ranks and the file numbers
		t.Fatalf("%d bands found shared, want at least 10", n)
	}
	h, m, size := with.stats()
	if h+m != len(bandRows)-1-n {
		t.Fatalf("the viewer's cache was asked for %d bands, want the %d not shared", h+m, len(bandRows)-1-n)
	}
	if _, _, whole := without.stats(); size >= whole {
		t.Fatalf("the viewer's cache holds %d bytes with shared bands, %d without", size, whole)
	}
}

// TestSharedBandsLearnNothing: the shared bands come from boards that show
// no game, painted once per theme, orientation and labels; drawing games'
// boards (in any scope) adds none, so whether a band is found shared
// depends on its own pixels alone.
func TestSharedBandsLearnNothing(t *testing.T) {
	shared := newStaticTable()
	c := newSegmentCache(bandCacheLimit)
	c.shared = shared
	a := assetsFor(t, ThemeLight)
	for _, bottom := range []shogi.Color{shogi.Black, shogi.White} {
		shared.ensure(a, bottom, enLabels)
	}
	shared.mu.RLock()
	before := len(shared.bands)
	shared.mu.RUnlock()
	if before == 0 {
		t.Fatal("no shared band was made")
	}
	boards := gameBoards(t)[:40]
	img := image.NewPaletted(image.Rect(0, 0, imgW, imgH), a.pal)
	for i, v := range boards {
		opt := Options{Labels: enLabels}
		a.paint(img, &v, &opt)
		b, err := encode(scratch(a), recorded(a, &v, &opt), "game 1 seat "+strconv.Itoa(i%2), c)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(checkPNG(t, b), img.Pix) {
			t.Fatalf("board %d: decoded pixels differ", i)
		}
		shared.ensure(a, bottomSide(&v, false), enLabels) // built already: a no-op
	}
	shared.mu.RLock()
	after := len(shared.bands)
	shared.mu.RUnlock()
	if after != before {
		t.Fatalf("drawing games changed the shared bands: %d, then %d", before, after)
	}
	if shared.hits.Load() == 0 {
		t.Fatal("no band of a Tsuitate player's board was found shared (the empty ranks)")
	}
}

// TestSharedStatusLines: a player's status line (side to move, move
// number, check or not) is found shared up to staticMoves, giving the same
// bytes as compressing it; past staticMoves, or with a result, it is the
// viewer's own.
func TestSharedStatusLines(t *testing.T) {
	a := assetsFor(t, ThemeLight)
	shared := newStaticTable()
	shared.ensure(a, shogi.Black, enLabels)
	for _, tc := range []struct {
		move    int
		check   bool
		result  bool
		isFound bool
	}{{1, false, false, true}, {57, false, false, true}, {staticMoves, false, false, true}, {57, true, false, true},
		{staticMoves, true, false, true}, {staticMoves + 1, false, false, false}, {57, false, true, false}} {
		v := gameBoards(t)[30]
		v.MoveNumber, v.InCheck = tc.move, tc.check
		opt := Options{Labels: enLabels}
		if tc.result {
			v.Result = &view.Result{Reason: view.ReasonCheckmate}
			opt.Labels = withResult(enLabels, "☗ Black won by checkmate")
		}
		d := recorded(a, &v, &opt)
		desc := d.bandDesc(nil, bandRows[0], bandRows[1])
		found := shared.find(maphash.Bytes(bandSeed, desc), desc) != nil
		if found != tc.isFound {
			t.Errorf("move %d, check %v, result %v: status line found shared %v, want %v", tc.move, tc.check, tc.result, found, tc.isFound)
		}
		with := newSegmentCache(bandCacheLimit)
		with.shared = shared
		if got, want := encodeBoth(t, a, d, "game 1 seat 0", with); !bytes.Equal(got, want) {
			t.Errorf("move %d: the encoding with shared bands differs from the one without", tc.move)
		}
	}
}

func BenchmarkStaticEnsure(b *testing.B) {
	a := assetsFor(b, ThemeLight)
	var n, size int
	for b.Loop() {
		t := newStaticTable()
		t.ensure(a, shogi.Black, enLabels)
		n, size = len(t.bands), 0
		for _, sb := range t.bands {
			size += len(sb.seg) + len(sb.desc)
		}
	}
	b.ReportMetric(float64(n), "bands")
	b.ReportMetric(float64(size)/1024, "KiB")
}

// TestSharedStartBoards: every band of each variant's first boards (a
// player's and the channel's, with the default options, either side to
// move) is shared, so a game's first boards compress nothing, and they are
// the bytes compressing them gives; in every piece set.
func TestSharedStartBoards(t *testing.T) {
	for _, set := range PieceSets {
		t.Run(string(set), func(t *testing.T) { testSharedStartBoards(t, setAssetsFor(t, ThemeLight, set)) })
	}
}

func testSharedStartBoards(t *testing.T, a *assets) {
	shared := newStaticTable()
	with := newSegmentCache(bandCacheLimit)
	with.shared = shared
	for _, variant := range []view.Variant{view.Standard, view.Tsuitate, view.Masked, view.Dark} {
		g, err := referee.New("g", variant, "", referee.DefaultOptions(variant))
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range []view.View{g.View(view.ViewerBlack), g.View(view.ViewerWhite), g.PublicView()} {
			for _, turn := range []shogi.Color{shogi.Black, shogi.White} {
				v.Turn = turn
				shared.ensure(a, bottomSide(&v, false), enLabels)
				d := recorded(a, &v, &Options{Labels: enLabels})
				for i := range len(bandRows) - 1 {
					desc := d.bandDesc(nil, bandRows[i], bandRows[i+1])
					if shared.find(maphash.Bytes(bandSeed, desc), desc) == nil {
						t.Errorf("%s, viewer %d, %v to move: band %d is not shared", variant, v.Viewer, turn, i)
					}
				}
				if got, want := encodeBoth(t, a, d, "start", with); !bytes.Equal(got, want) {
					t.Errorf("%s, viewer %d: the encoding with shared bands differs from the one without", variant, v.Viewer)
				}
			}
		}
	}
	if h, m, _ := with.stats(); h+m != 0 {
		t.Errorf("the viewer's cache was asked for %d bands, want none", h+m)
	}
}

// TestSharedAcrossSets: the piece sets of a theme share the bands of the
// boards without a piece (painted once for the theme) and each paints its
// own starting boards; a status line of a koma board is found among them.
func TestSharedAcrossSets(t *testing.T) {
	shared := newStaticTable()
	for _, set := range PieceSets {
		shared.ensure(setAssetsFor(t, ThemeWood, set), shogi.Black, enLabels)
	}
	if n, m := len(shared.built), len(shared.setBuilt); n != 1 || m != len(PieceSets) {
		t.Fatalf("%d theme and %d set combinations painted, want 1 and %d", n, m, len(PieceSets))
	}
	a := setAssetsFor(t, ThemeWood, PiecesKoma)
	if a.theme != setAssetsFor(t, ThemeWood, PiecesPrinted) || &a.bg[0][0] != &a.theme.bg[0][0] {
		t.Fatal("the koma set does not share the theme's sprites")
	}
	v := gameBoards(t)[40]
	d := recorded(a, &v, &Options{Pieces: PiecesKoma, Labels: enLabels})
	desc := d.bandDesc(nil, bandRows[0], bandRows[1])
	if shared.find(maphash.Bytes(bandSeed, desc), desc) == nil {
		t.Fatal("a koma board's status line is not shared")
	}
}

// TestSharedCombinations: a result's label makes no new combination (no
// shared band shows a result), and boards of a combination being painted
// wait for it: each then finds its bands shared.
func TestSharedCombinations(t *testing.T) {
	a := assetsFor(t, ThemeLight)
	shared := newStaticTable()
	shared.ensure(a, shogi.Black, enLabels)
	shared.ensure(a, shogi.Black, withResult(enLabels, "☗ Black won by checkmate"))
	if n := len(shared.built); n != 1 {
		t.Fatalf("%d combinations painted, want 1", n)
	}
	v := gameBoards(t)[30]
	v.Viewer = view.ViewerWhite
	d := recorded(a, &v, &Options{Labels: jaLabels})
	desc := d.bandDesc(nil, bandRows[0], bandRows[1])
	sum := maphash.Bytes(bandSeed, desc)
	var wg sync.WaitGroup
	found := make([]bool, 8)
	for i := range found {
		wg.Go(func() {
			shared.ensure(a, shogi.White, jaLabels)
			found[i] = shared.find(sum, desc) != nil
		})
	}
	wg.Wait()
	for i, f := range found {
		if !f {
			t.Errorf("board %d: its status line was not found after its combination's ensure returned", i)
		}
	}
}

// encodeBoth encodes d in scope with the cache c (its shared bands) and with
// a fresh cache of no shared bands.
func encodeBoth(t *testing.T, a *assets, d *drawList, scope string, c *segmentCache) (got, want []byte) {
	t.Helper()
	got, err := encode(scratch(a), d, scope, c)
	if err != nil {
		t.Fatal(err)
	}
	want, err = encode(scratch(a), d, scope, newSegmentCache(bandCacheLimit))
	if err != nil {
		t.Fatal(err)
	}
	return got, want
}
