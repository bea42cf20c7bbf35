package render

import (
	"bytes"
	"hash/maphash"
	"sync"
	"sync/atomic"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// Bands every board shares. Most of a board's bands are the same for every
// viewer who uses the same theme, orientation and words: an empty rank (all
// of the channel's board in Tsuitate and Dark, and the ranks a player of
// Tsuitate sees nothing on), a rank under fog, the file numbers, an empty
// hand panel. staticBands holds them, compressed once, from boards that
// show nothing of any game: an empty board and a board all under fog, each
// with either side to move, painted for each (theme, orientation, labels)
// when it is first drawn. A band found there is copied and never enters
// the per-viewer cache, so the first board of each viewer is cheap and that
// cache holds only what is the viewer's own. Whether a band is found
// depends on its pixels alone, never on any other board drawn: nothing can
// be learnt from it.

// staticCombo is what the shared bands are painted for.
type staticCombo struct {
	a      *assets
	bottom shogi.Color
	labels Labels
}

// staticBand is a shared band's segment.
type staticBand struct {
	check uint64 // the pixels' hash under checkSeed: with the key, 128 bits
	seg   []byte
	adler uint32
}

// maxStaticCombos bounds the combinations painted (each about 30 KB of
// segments): themes × orientations × languages are far fewer.
const maxStaticCombos = 64

type staticTable struct {
	mu    sync.RWMutex
	built map[staticCombo]bool
	bands map[uint64]*staticBand // by the band's hash under bandSeed
	hits  atomic.Int64
}

func newStaticTable() *staticTable {
	return &staticTable{built: map[staticCombo]bool{}, bands: map[uint64]*staticBand{}}
}

var (
	staticBands = newStaticTable() // bandCache's
	checkSeed   = maphash.MakeSeed()
)

// find returns the shared band whose pixels are pix (sum is their hash
// under bandSeed), or nil (always on a nil table).
func (t *staticTable) find(sum uint64, pix []byte) *staticBand {
	if t == nil {
		return nil
	}
	t.mu.RLock()
	sb := t.bands[sum]
	t.mu.RUnlock()
	if sb == nil || maphash.Bytes(checkSeed, pix) != sb.check {
		return nil
	}
	t.hits.Add(1)
	return sb
}

// ensure paints and compresses the shared bands of a's boards with bottom
// at the bottom and labels, once.
func (t *staticTable) ensure(a *assets, bottom shogi.Color, labels Labels) {
	k := staticCombo{a, bottom, labels}
	t.mu.RLock()
	done := t.built[k] || len(t.built) >= maxStaticCombos
	t.mu.RUnlock()
	if done {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.built[k] || len(t.built) >= maxStaticCombos {
		return
	}
	t.built[k] = true
	dst := getCanvas(a)
	defer putCanvas(dst)
	e := encoders.get()
	defer encoders.put(e)
	dists := []int{imgW + 1, 1, sqW, 2 * (imgW + 1)}
	viewer := view.ViewerBlack
	if bottom == shogi.White {
		viewer = view.ViewerWhite
	}
	opt := Options{Labels: labels}
	for _, variant := range []view.Variant{view.Tsuitate, view.Dark} { // unknown squares: empty, fog
		for _, turn := range []shogi.Color{shogi.Black, shogi.White} {
			v := view.View{Variant: variant, Viewer: viewer, Turn: turn, Mask: shogi.NoSquare,
				Masks: [2]shogi.Square{shogi.NoSquare, shogi.NoSquare}, LastMove: shogi.NoMove, LostAt: shogi.NoSquare}
			a.paint(dst, &v, &opt)
			for i := range len(bandRows) - 1 {
				pix := dst.Pix[bandRows[i]*imgW : bandRows[i+1]*imgW]
				sum := maphash.Bytes(bandSeed, pix)
				if t.bands[sum] != nil {
					continue
				}
				e.raw = pngRows(e.raw[:0], pix, imgW, bandRows[i+1]-bandRows[i], imgW)
				seg := e.d.segment(nil, e.raw, dists)
				t.bands[sum] = &staticBand{check: maphash.Bytes(checkSeed, pix), seg: bytes.Clone(seg), adler: adler32(e.raw)}
			}
		}
	}
}
