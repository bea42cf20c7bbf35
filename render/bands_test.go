package render

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"image"
	"image/png"
	"io"
	"math/rand"
	"strconv"
	"testing"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// recorded returns the drawList of v's board.
func recorded(a *assets, v *view.View, opt *Options) *drawList {
	var d drawList
	a.record(&d, v, opt)
	return &d
}

// scratch returns a canvas of a's palette full of noise, for encode to paint
// the bands it does not find into.
func scratch(a *assets) *image.Paletted {
	img := image.NewPaletted(image.Rect(0, 0, imgW, imgH), a.pal)
	for i := range img.Pix {
		img.Pix[i] = uint8(i*7919>>3) % uint8(len(a.pal))
	}
	return img
}

// idat returns the zlib stream of a PNG's IDAT chunks.
func idat(t *testing.T, b []byte) []byte {
	t.Helper()
	var out []byte
	for p := b[8:]; len(p) >= 12; {
		n := int(binary.BigEndian.Uint32(p))
		if string(p[4:8]) == "IDAT" {
			out = append(out, p[8:8+n]...)
		}
		p = p[12+n:]
	}
	return out
}

// checkPNG decodes b (image/png, which checks the CRCs and the zlib
// checksum) and inflates its IDAT to the end with compress/zlib (checksum
// again), and returns its pixels.
func checkPNG(t *testing.T, b []byte) []byte {
	t.Helper()
	dec, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	zr, err := zlib.NewReader(bytes.NewReader(idat(t, b)))
	if err != nil {
		t.Fatal(err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("inflating the IDAT: %v", err)
	}
	if len(raw) != imgH*(imgW+1) {
		t.Fatalf("IDAT holds %d bytes", len(raw))
	}
	return dec.(*image.Paletted).Pix
}

// randomViews returns views of random positions (each variant, both
// players, marks and options drawn at random), n in all, each followed by
// two of its variations as the scope's next boards.
func randomViews(r *rand.Rand, n int) ([]view.View, []Options) {
	var vs []view.View
	var opts []Options
	variants := []view.Variant{view.Standard, view.Tsuitate, view.Masked, view.Dark}
	for len(vs) < n {
		p := randomPosition(r, 10+r.Intn(100))
		me := shogi.Color(r.Intn(2))
		v := view.Of(variants[r.Intn(len(variants))], p, view.ViewerOf(me))
		v.MoveNumber = 1 + r.Intn(200)
		if r.Intn(2) == 0 {
			v.LastMove = shogi.NewMove(shogi.Square(r.Intn(81)), shogi.Square(r.Intn(81)), false)
		}
		opt := Options{Theme: Themes[r.Intn(len(Themes))], Pieces: PieceSets[r.Intn(len(PieceSets))], Flip: r.Intn(5) == 0,
			Labels: []Labels{enLabels, jaLabels}[r.Intn(2)]}
		if r.Intn(3) == 0 {
			opt.Notes = []shogi.Square{shogi.Square(r.Intn(81))}
		}
		// The next board of a game differs in a few bands: the move
		// number, then a note.
		next := v
		next.MoveNumber++
		noted := opt
		noted.Notes = append(opt.Notes[:len(opt.Notes):len(opt.Notes)], shogi.Square(r.Intn(81)))
		vs = append(vs, v, next, next)
		opts = append(opts, opt, opt, noted)
	}
	return vs, opts
}

// TestBandsMatchUncached: for many random views encoded one after another in
// a few scopes (so most bands are served from the cache), each PNG is the
// very bytes of the same image encoded band by band with an empty cache, is
// a valid PNG, and decodes to the pixels painted, the same pixels as the
// image compressed whole.
func TestBandsMatchUncached(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	n := 120
	if testing.Short() {
		n = 30
	}
	vs, opts := randomViews(r, n)
	c := newSegmentCache(bandCacheLimit)
	for i := range vs {
		a := assetsFor(t, opts[i].Theme)
		img := image.NewPaletted(image.Rect(0, 0, imgW, imgH), a.pal)
		a.paint(img, &vs[i], &opts[i])
		d := recorded(a, &vs[i], &opts[i])
		scope := "game" + strconv.Itoa(i/3%4)
		cached, err := encode(scratch(a), d, scope, c)
		if err != nil {
			t.Fatal(err)
		}
		cold, err := encode(scratch(a), d, scope, newSegmentCache(bandCacheLimit))
		if err != nil {
			t.Fatal(err)
		}
		whole, err := encode(img, nil, "", nil)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(cached, cold) {
			t.Fatalf("view %d: the cached encoding differs from a fresh one", i)
		}
		if !bytes.Equal(checkPNG(t, cached), img.Pix) || !bytes.Equal(checkPNG(t, whole), img.Pix) {
			t.Fatalf("view %d: decoded pixels differ from the painted ones", i)
		}
	}
	hits, misses, _ := c.stats()
	if hits < misses {
		t.Fatalf("only %d of %d bands were served from the cache", hits, hits+misses)
	}
}

// TestBandCacheScoped: a board encoded in one scope serves no band to the
// same board in another scope; in its own scope every band hits; "" uses no
// cache.
func TestBandCacheScoped(t *testing.T) {
	bv := benchViews(t)[1]
	a := assetsFor(t, ThemeLight)
	img := image.NewPaletted(image.Rect(0, 0, imgW, imgH), a.pal)
	d := recorded(a, &bv.v, &bv.opt)
	c := newSegmentCache(bandCacheLimit)
	bands := len(bandRows) - 1
	step := func(scope string, wantHits, wantMisses int) {
		t.Helper()
		h0, m0, _ := c.stats()
		if _, err := encode(img, d, scope, c); err != nil {
			t.Fatal(err)
		}
		if h, m, _ := c.stats(); h-h0 != wantHits || m-m0 != wantMisses {
			t.Fatalf("scope %q: %d hits, %d misses; want %d, %d", scope, h-h0, m-m0, wantHits, wantMisses)
		}
	}
	step("game1/black", 0, bands)
	step("game1/white", 0, bands)
	step("game1/black", bands, 0)
	step("", 0, 0)
}

// TestBandCacheBounded: the cache never holds more than its limit and drops
// the least recently used first.
func TestBandCacheBounded(t *testing.T) {
	c := newSegmentCache(10_000)
	entry := func(i int) *bandEntry {
		return &bandEntry{key: bandKey{"s", uint64(i), uint64(i)}, seg: make([]byte, 1000)}
	}
	for i := 0; i < 50; i++ {
		c.add([]*bandEntry{entry(i)}, 1)
		if i == 3 { // keep entry 0 in use
			c.lookup([]bandKey{entry(0).key}, make([]*bandEntry, 1))
		}
		if _, _, size := c.stats(); size > 10_000 {
			t.Fatalf("%d bytes held, limit 10000", size)
		}
	}
	found := make([]*bandEntry, 3)
	c.lookup([]bandKey{entry(49).key, entry(1).key, entry(0).key}, found)
	if found[0] == nil || found[1] != nil {
		t.Fatalf("the newest entry is gone or an old one stayed: %v", found)
	}
}

// TestBandCheckCompared: a key whose sum matches a held band's but whose
// check does not is a miss, and its band then takes the slot.
func TestBandCheckCompared(t *testing.T) {
	c := newSegmentCache(bandCacheLimit)
	held := &bandEntry{key: bandKey{"s", 1, 2}, seg: []byte("held")}
	c.add([]*bandEntry{held}, 1)
	other := bandKey{"s", 1, 3}
	found := make([]*bandEntry, 1)
	if c.lookup([]bandKey{other}, found); found[0] != nil {
		t.Fatal("a band with another check was found")
	}
	c.add([]*bandEntry{{key: other, seg: []byte("other")}}, 1)
	if c.lookup([]bandKey{other}, found); found[0] == nil || string(found[0].seg) != "other" {
		t.Fatalf("the new band is not held: %v", found[0])
	}
	if c.lookup([]bandKey{held.key}, found); found[0] != nil {
		t.Fatal("the old band is still found")
	}
	if c.order.Len() != 1 || len(c.byKey) != 1 {
		t.Fatalf("%d entries, %d slots; want 1", c.order.Len(), len(c.byKey))
	}
}

// TestRenderScoped: a game's boards rendered with a scope for each player
// (bands served from the cache as the game goes) are valid PNGs with the
// same pixels as those rendered without one, and most of their bands were
// not compressed again (found in the player's cache or shared).
func TestRenderScoped(t *testing.T) {
	boards := gameBoards(t)
	if testing.Short() {
		boards = boards[:20]
	}
	h0, m0, _, s0 := BandStats()
	for i, v := range boards {
		opt := Options{Labels: enLabels, CacheScope: "TestRenderScoped/" + strconv.Itoa(i%2)}
		scoped, err := Render(v, opt)
		if err != nil {
			t.Fatal(err)
		}
		opt.CacheScope = ""
		whole, err := Render(v, opt)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(checkPNG(t, scoped.PNG), checkPNG(t, whole.PNG)) {
			t.Fatalf("board %d: the scoped render's pixels differ", i)
		}
	}
	if h, m, _, s := BandStats(); h-h0+s-s0 < 2*(m-m0) {
		t.Fatalf("%d hits, %d shared, %d misses: fewer than two bands in three reused", h-h0, s-s0, m-m0)
	}
}

// TestBandCacheRetires: after a player's boards of a game, their scope holds
// the bands of their last two boards and no other.
func TestBandCacheRetires(t *testing.T) {
	boards := gameBoards(t)
	a := assetsFor(t, ThemeLight)
	c := newSegmentCache(bandCacheLimit)
	img := image.NewPaletted(image.Rect(0, 0, imgW, imgH), a.pal)
	var last [2]map[uint64]bool
	for i := 0; i < 40; i += 2 { // Black's boards
		d := recorded(a, &boards[i], &Options{Labels: enLabels})
		if _, err := encode(img, d, "black", c); err != nil {
			t.Fatal(err)
		}
		sums := map[uint64]bool{}
		for k := 0; k+1 < len(bandRows); k++ {
			sums[bandKeyOf("", d.bandDesc(nil, bandRows[k], bandRows[k+1])).sum] = true
		}
		last[0], last[1] = sums, last[0]
	}
	want := map[uint64]bool{}
	for _, m := range last {
		for s := range m {
			want[s] = true
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for k := range c.byKey {
		if !want[k.sum] {
			t.Errorf("a band of an older board is still held")
		}
		delete(want, k.sum)
	}
	if len(want) > 0 {
		t.Errorf("%d bands of the last two boards are gone", len(want))
	}
}

// TestConcurrentBands: encodings from many goroutines at once, some sharing a
// scope, against a cache small enough to evict, each give the bytes of the
// same image encoded alone.
func TestConcurrentBands(t *testing.T) {
	boards := gameBoards(t)[:24]
	a := assetsFor(t, ThemeLight)
	lists := make([]*drawList, len(boards))
	want := make([][]byte, len(boards))
	for i := range boards {
		lists[i] = recorded(a, &boards[i], &Options{Labels: enLabels})
		var err error
		if want[i], err = encode(scratch(a), lists[i], "alone", newSegmentCache(bandCacheLimit)); err != nil {
			t.Fatal(err)
		}
	}
	c := newSegmentCache(100_000) // some eight boards
	errs := make(chan error, 4)
	for g := 0; g < 4; g++ {
		go func() {
			scope := "game/" + strconv.Itoa(g%2)
			canvas := scratch(a)
			for i := range lists {
				got, err := encode(canvas, lists[i], scope, c)
				if err == nil && !bytes.Equal(got, want[i]) {
					err = fmt.Errorf("goroutine %d, board %d: bytes differ", g, i)
				}
				if err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	for range 4 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	if _, _, size := c.stats(); size > 100_000 {
		t.Fatalf("%d bytes held, limit 100000", size)
	}
}

// TestBandDescFixesPixels: over random views of every variant, theme,
// orientation and language, and a whole game's boards, two bands with the
// same description have the same pixels, the property the band caches'
// keys rest on.
func TestBandDescFixesPixels(t *testing.T) {
	r := rand.New(rand.NewSource(11))
	n := 150
	if testing.Short() {
		n = 40
	}
	vs, opts := randomViews(r, n)
	for _, v := range gameBoards(t) {
		vs = append(vs, v)
		opts = append(opts, Options{Labels: enLabels})
	}
	seen := map[string]string{}
	same := 0
	for i := range vs {
		a := assetsFor(t, opts[i].Theme)
		img := image.NewPaletted(image.Rect(0, 0, imgW, imgH), a.pal)
		a.paint(img, &vs[i], &opts[i])
		d := recorded(a, &vs[i], &opts[i])
		for k := range len(bandRows) - 1 {
			desc := string(d.bandDesc(nil, bandRows[k], bandRows[k+1]))
			pix := string(img.Pix[bandRows[k]*imgW : bandRows[k+1]*imgW])
			if old, ok := seen[desc]; !ok {
				seen[desc] = pix
			} else if old != pix {
				t.Fatalf("view %d, band %d: the same description as an earlier band, other pixels", i, k)
			} else {
				same++
			}
		}
	}
	if same < len(vs) {
		t.Fatalf("only %d bands met a description seen before", same)
	}
}
