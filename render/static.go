package render

import (
	"bytes"
	"hash/maphash"
	"image"
	"sync"
	"sync/atomic"

	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/render/internal/adler"
)

// Bands every board shares. Most of a board's bands are the same for every
// viewer who uses the same theme, orientation and words: an empty rank (all
// of the channel's board in Tsuitate and Dark, and the ranks a player of
// Tsuitate sees nothing on), a rank under fog, the file numbers, an empty
// hand panel, the status line of each side to move and move number (up to
// staticMoves, with check or without), the panels and ranks of a game's start.
// staticBands holds them, compressed once, from boards that show nothing of
// any game: an empty board and a board all under fog, each with either side
// to move, the empty board at each move number, and each variant's starting
// boards, painted for each (theme, orientation, labels) when it is first
// drawn. A band found there is copied and never enters
// the per-viewer cache, so the first board of each viewer is cheap and that
// cache holds only what is the viewer's own. The boards that show no piece
// are painted once per theme (every piece set of a theme shares its sprites
// but the pieces': assets.theme), the starting boards once per piece set. Whether a band is found
// depends on its description alone (the ops painting it, drawlist.go: a
// function of the viewer's own board), never on any other board drawn:
// nothing can be learnt from it.

// staticCombo is what the shared bands are painted for: the boards without a
// piece for a theme (a is the theme's assets, assets.theme), the starting
// boards for a piece set (a is the set's).
type staticCombo struct {
	a      *assets
	bottom shogi.Color
	labels Labels
}

// staticBand is a shared band's segment.
type staticBand struct {
	desc  []byte // the band's description (drawList.bandDesc), compared whole
	seg   []byte
	adler uint32
}

// staticMoves is how many move numbers' status lines are shared, with
// either side to move, in check or not (check is the viewer's secret in
// Masked: a line found shared whether or not it says check takes the same
// time either way); a game's boards past it (Tsuitate's end at move 150 by
// default), and its lines with a result, are the viewer's own. They are most
// of a combination's bands (BenchmarkStaticEnsure: about 850 bands, 1.4 MiB
// of segments and descriptions, 100-150 ms of CPU to paint and compress,
// while the boards of that combination wait).
const staticMoves = 200

// maxStaticCombos bounds the combinations painted: themes × orientations ×
// languages (the bot's: 3 × 2 × 2) are fewer; maxStaticSetCombos those of
// the starting boards, times the piece sets (48). A combination beyond it is
// not painted; its boards find only the bands other combinations painted, so
// which ones they find depends on those (never reached by the bot).
const (
	maxStaticCombos    = 16
	maxStaticSetCombos = 64
)

type staticTable struct {
	mu       sync.RWMutex
	built    map[staticCombo]chan struct{} // the boards without a piece: closed once the combination's bands are in
	setBuilt map[staticCombo]chan struct{} // the starting boards, likewise
	bands    map[uint64]*staticBand        // by the band's hash under bandSeed
	hits     atomic.Int64
}

func newStaticTable() *staticTable {
	return &staticTable{built: map[staticCombo]chan struct{}{}, setBuilt: map[staticCombo]chan struct{}{},
		bands: map[uint64]*staticBand{}}
}

var staticBands = newStaticTable() // bandCache's

// find returns the shared band described by desc (sum is its hash under
// bandSeed), or nil (always on a nil table).
func (t *staticTable) find(sum uint64, desc []byte) *staticBand {
	if t == nil {
		return nil
	}
	t.mu.RLock()
	sb := t.bands[sum]
	t.mu.RUnlock()
	if sb == nil || !bytes.Equal(sb.desc, desc) {
		return nil
	}
	t.hits.Add(1)
	return sb
}

// ensure paints and compresses the shared bands of a's boards with bottom
// at the bottom and labels, once, and returns when they are in: those of
// a's theme without a piece, and a's piece set's starting boards. Other
// combinations are painted meanwhile and their boards drawn; a board of this
// one waits, so whether its bands are found never depends on when it came.
func (t *staticTable) ensure(a *assets, bottom shogi.Color, labels Labels) {
	labels.Result = "" // drawn on no shared band (they show no result), so no new combination
	t.ensurePart(t.built, maxStaticCombos, staticCombo{a.theme, bottom, labels}, paintEmpty)
	t.ensurePart(t.setBuilt, maxStaticSetCombos, staticCombo{a, bottom, labels}, paintStarts)
}

// ensurePart paints k's bands with paint, once, into the table, and returns
// when they are in; built holds at most limit combinations.
func (t *staticTable) ensurePart(built map[staticCombo]chan struct{}, limit int, k staticCombo,
	paint func(*assets, shogi.Color, Labels) map[uint64]*staticBand) {
	t.mu.RLock()
	done, full := built[k], len(built) >= limit
	t.mu.RUnlock()
	mine := false
	if done == nil && !full {
		t.mu.Lock()
		if done = built[k]; done == nil && len(built) < limit {
			done, mine = make(chan struct{}), true
			built[k] = done
		}
		t.mu.Unlock()
	}
	if !mine {
		if done != nil {
			<-done // painted, or being painted by another board
		}
		return
	}
	defer close(done) // even should painting panic: waiting boards go on, finding what is in
	bands := paint(k.a, k.bottom, k.labels)
	t.mu.Lock()
	defer t.mu.Unlock()
	for sum, sb := range bands {
		if t.bands[sum] == nil { // else the same band, or (never, in practice) another with its sum: not shared
			t.bands[sum] = sb
		}
	}
}

// sharedPainter paints boards of one combination and keeps their bands.
type sharedPainter struct {
	a     *assets
	bands map[uint64]*staticBand
	dst   *image.Paletted
	e     *encoder
	d     drawList
}

// paintShared runs paint with a painter of a's boards, and returns the bands
// it kept.
func paintShared(a *assets, paint func(p *sharedPainter)) map[uint64]*staticBand {
	p := &sharedPainter{a: a, bands: map[uint64]*staticBand{}, dst: getCanvas(a), e: encoders.get()}
	defer putCanvas(p.dst)
	defer encoders.put(p.e)
	paint(p)
	return p.bands
}

// board records v with opt in the painter's draw list.
func (p *sharedPainter) board(v *view.View, opt *Options) {
	p.d.reset()
	p.a.record(&p.d, v, opt)
}

// keep paints and compresses band i of the board recorded, unless kept.
func (p *sharedPainter) keep(i int) {
	desc := p.d.bandDesc(nil, bandRows[i], bandRows[i+1])
	sum := maphash.Bytes(bandSeed, desc)
	if p.bands[sum] != nil {
		return // the same band (another turn's), or (never, in practice) another with its sum
	}
	p.e.paintBand(p.dst, &p.d, bandRows[i], bandRows[i+1])
	seg := p.e.d.Segment(nil, p.e.raw, []int{imgW + 1, 1, sqW, 2 * (imgW + 1)})
	p.bands[sum] = &staticBand{desc: desc, seg: bytes.Clone(seg), adler: adler.Checksum(p.e.raw)}
}

// keepAll keeps every band of the board recorded.
func (p *sharedPainter) keepAll() {
	for i := range len(bandRows) - 1 {
		p.keep(i)
	}
}

// paintEmpty paints and compresses the shared bands of a's boards (a
// theme's) with bottom at the bottom and labels that show no piece: the
// empty and the fogged board, the status lines.
func paintEmpty(a *assets, bottom shogi.Color, labels Labels) map[uint64]*staticBand {
	viewer := view.ViewerBlack
	if bottom == shogi.White {
		viewer = view.ViewerWhite
	}
	opt := Options{Labels: labels}
	return paintShared(a, func(p *sharedPainter) {
		for _, variant := range []view.Variant{view.Tsuitate, view.Dark} { // unknown squares: empty, fog
			for _, turn := range []shogi.Color{shogi.Black, shogi.White} {
				v := view.View{Variant: variant, Viewer: viewer, Turn: turn, Mask: shogi.NoSquare,
					Masks: [2]shogi.Square{shogi.NoSquare, shogi.NoSquare}, LastMove: shogi.NoMove, LostAt: shogi.NoSquare}
				p.board(&v, &opt)
				p.keepAll()
				if variant != view.Tsuitate {
					continue
				}
				for n := 1; n <= staticMoves; n++ { // the status lines: side to move, check, move number
					for _, check := range []bool{false, true} {
						if check && labels.Check == "" {
							continue // the line without check
						}
						v.MoveNumber, v.InCheck = n, check
						p.board(&v, &opt)
						p.keep(0)
					}
				}
			}
		}
	})
}

// paintStarts paints and compresses the shared bands of every variant's
// start as each viewer drawn with bottom at the bottom (not turned round)
// sees it, in a's piece set, with the default options and either side to
// move: the panels (the fouls at 0, an empty hand, nothing taken, no
// clock) and ranks of every game's first boards, and of many later ones.
func paintStarts(a *assets, bottom shogi.Color, labels Labels) map[uint64]*staticBand {
	opt := Options{Labels: labels}
	return paintShared(a, func(p *sharedPainter) {
		for _, variant := range []view.Variant{view.Standard, view.Tsuitate, view.Masked, view.Dark} {
			g, err := referee.New("shared", variant, "", referee.DefaultOptions(variant))
			if err != nil {
				continue // never: the start and the defaults are valid
			}
			for _, who := range []view.Viewer{view.ViewerBlack, view.ViewerWhite, view.ViewerPublic} {
				v := g.View(who)
				if who == view.ViewerPublic {
					v = g.PublicView()
				}
				if bottomSide(&v, false) != bottom {
					continue
				}
				for _, turn := range []shogi.Color{shogi.Black, shogi.White} {
					v.Turn = turn
					p.board(&v, &opt)
					p.keepAll()
				}
			}
		}
	})
}
