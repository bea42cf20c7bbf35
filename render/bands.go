package render

import (
	"bytes"
	"container/list"
	"hash/maphash"
	"image"
	"slices"
	"sync"

	"shinpan/render/internal/adler"
	"shinpan/render/internal/deflate"
	"shinpan/render/internal/png"
)

// Encoding only what changed. A player's successive boards differ in a few
// horizontal bands (the ranks of the move's squares, a hand panel, the status
// line), so with Options.CacheScope set the image is cut into bands (bandRows)
// and each is deflated as a segment of its own (deflate.Encoder.Segment: a fresh
// window, ended on a byte boundary), kept in bandCache keyed by the scope and
// a seeded 64-bit hash of the band's description (the ops painting it:
// drawlist.go; see bandSeed). A band seen before in the same scope is copied
// instead of painted and compressed. A segment is a function of the band's
// pixels alone, and they of its description, so a hit gives the very bytes
// painting and compressing the band again would (TestBandsMatchUncached), and
// the scope keeps one viewer's bands from ever serving another's board:
// whether a band hits can depend only on the boards that viewer was already
// sent. The band of a Masked owner's mask, whose ring tells check, is looked
// up as it is out of check and painted anyway (secretRow: draw.go). Bands
// that every board shares (an empty rank, the file numbers, the status line
// up to move 200, a game's starting panels: static.go) are looked up first
// and never enter this cache.

// bandRows are the first row of each band and, last, the image's height: the
// status line, the top hand panel, the file numbers (with the board's top
// edge), each rank (its tiles and the grid line below them), and the bottom
// hand panel.
var bandRows = func() []int {
	rows := []int{titleY, topPanel, filesY}
	for r := 0; r <= 9; r++ {
		rows = append(rows, boardY+gridLine+r*sqH)
	}
	return append(rows, imgH)
}()

// bandCacheLimit bounds the band cache's memory: the segments' bytes plus
// bandEntryOverhead for each (the list element, the entry and its map slot)
// and the scopes' recent boards. A board's segments are about 12 KB, and
// retire keeps a player's last two boards' (about 19 KB with the overhead,
// 38 KB a game): 48 MiB serves some 1200 games in play fully; beyond, the
// least recently moved games' bands go (BenchmarkBandCacheGames, 80000
// boards: 500 or 1000 games reuse 78.5% of the bands, holding 19 and 38 MiB;
// 2000 games 57%). The bot also keeps the channel's board of each game (a
// third scope), and its load test holds the limit with 1000 games; the bands
// every board shares (static.go) are not counted, never being held here.
const (
	bandCacheLimit    = 48 << 20
	bandEntryOverhead = 200
)

type bandKey struct {
	scope      string
	sum, check uint64 // maphashes of the band's description under bandSeed, bandCheckSeed
}

// bandSlot is where a key's entry is found; its check must match as well.
type bandSlot struct {
	scope string
	sum   uint64
}

func (k bandKey) slot() bandSlot { return bandSlot{k.scope, k.sum} }

type bandEntry struct {
	key   bandKey
	seg   []byte // never written once in the cache
	adler uint32 // of the band's PNG rows
}

func (e *bandEntry) cost() int { return cap(e.seg) + len(e.key.scope) + bandEntryOverhead }

// bandSeed and bandCheckSeed are drawn at random once a process. The cache
// keeps no description to compare (a few hundred bytes a band, a third of
// its segment), so two different bands of one scope share a key (both
// hashes) with probability about 2^-128 (maphash under random seeds;
// descriptions are not chosen against them): never, in practice, and it
// would show a player a band of their own earlier board, nothing of anyone
// else's.
var bandSeed, bandCheckSeed = maphash.MakeSeed(), maphash.MakeSeed()

func bandKeyOf(scope string, desc []byte) bandKey {
	return bandKey{scope, maphash.Bytes(bandSeed, desc), maphash.Bytes(bandCheckSeed, desc)}
}

// segmentCache is an LRU of segments bounded by the bytes they hold. It also
// drops a scope's segments as soon as they look stale (retire), so that an
// LRU full of superseded bands does not push out the ones still in use.
type segmentCache struct {
	mu      sync.Mutex
	order   *list.List // of *bandEntry, most recently used first
	byKey   map[bandSlot]*list.Element
	recent  map[string]*recentBoards
	size    int // sum of the entries' and recent's cost
	limit   int
	hits    int
	misses  int
	painted int          // bands painted and compressed (tests)
	shared  *staticTable // the bands every board shares, looked up first (nil: none)
}

// maxScopes bounds how many scopes' last boards retire remembers (about
// 450 bytes each, counted in the bound); beyond it one is forgotten, whose
// bands then only age.
const maxScopes = 1 << 14

func newSegmentCache(limit int) *segmentCache {
	return &segmentCache{order: list.New(), byKey: map[bandSlot]*list.Element{},
		recent: map[string]*recentBoards{}, limit: limit}
}

// recentBoards are the band sums of a scope's last boards, newest first.
type recentBoards [recentDepth][]uint64

const recentDepth = 2

func recentCost(scope string, n int) int { return len(scope) + recentDepth*8*n + bandEntryOverhead }

// retire records keys as their scope's newest board, and drops the bands of
// the scope's board before last that neither its last board nor this one
// has: a player's bands are reused by their next board or the one after (the
// turn pill goes back and forth between the hand panels), seldom later.
func (c *segmentCache) retire(keys []bandKey) {
	if len(keys) == 0 {
		return
	}
	scope := keys[0].scope
	c.mu.Lock()
	defer c.mu.Unlock()
	r := c.recent[scope]
	if r == nil {
		for len(c.recent) >= maxScopes {
			for s, old := range c.recent { // any one
				delete(c.recent, s)
				c.size -= recentCost(s, len(old[0]))
				break
			}
		}
		r = &recentBoards{}
		c.recent[scope] = r
		c.size += recentCost(scope, len(keys))
		c.shrink()
	}
	last := len(r) - 1
	for _, s := range r[last] {
		kept := slices.ContainsFunc(keys, func(k bandKey) bool { return k.sum == s })
		for _, b := range r[:last] {
			kept = kept || slices.Contains(b, s)
		}
		if !kept {
			if el, ok := c.byKey[bandSlot{scope, s}]; ok {
				c.drop(el)
			}
		}
	}
	now := r[last][:0] // done with
	for _, k := range keys {
		now = append(now, k.sum)
	}
	copy(r[1:], r[:last])
	r[0] = now
}

// drop removes one entry.
func (c *segmentCache) drop(el *list.Element) {
	e := c.order.Remove(el).(*bandEntry)
	delete(c.byKey, e.key.slot())
	c.size -= e.cost()
}

var bandCache = func() *segmentCache {
	c := newSegmentCache(bandCacheLimit)
	c.shared = staticBands
	return c
}()

// lookup sets found[i] to the cached entry for keys[i], or nil.
func (c *segmentCache) lookup(keys []bandKey, found []*bandEntry) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, k := range keys {
		found[i] = nil
		if el, ok := c.byKey[k.slot()]; ok && el.Value.(*bandEntry).key == k {
			c.order.MoveToFront(el)
			found[i] = el.Value.(*bandEntry)
			c.hits++
		} else {
			c.misses++
		}
	}
}

// add keeps the entries (which the cache then owns), dropping the least
// recently used beyond the limit, and counts the bands a board painted.
func (c *segmentCache) add(entries []*bandEntry, painted int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.painted += painted
	for _, e := range entries {
		if el, ok := c.byKey[e.key.slot()]; ok {
			if el.Value.(*bandEntry).key == e.key { // drawn meanwhile by another Render
				c.order.MoveToFront(el)
				continue
			}
			c.drop(el) // another band with the same sum
		}
		c.byKey[e.key.slot()] = c.order.PushFront(e)
		c.size += e.cost()
	}
	c.shrink()
}

// shrink drops the least recently used entries beyond the limit.
func (c *segmentCache) shrink() {
	for c.size > c.limit && c.order.Len() > 0 {
		c.drop(c.order.Back())
	}
}

// stats returns the band look-ups that hit and missed so far, and the bytes
// held.
func (c *segmentCache) stats() (hits, misses, size int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.hits, c.misses, c.size
}

// deflateBands appends the board d (imgW×imgH) to out as a deflate stream of
// one segment per band, reusing the segments cached for scope, and returns
// it with the Adler-32 of its PNG rows, combined from the bands' own. A band
// is keyed by its description (drawList.bandDesc), which fixes its pixels
// and so its PNG rows (the filter bytes are all 0); only a band not found is
// painted into img and compressed.
func (e *encoder) deflateBands(out []byte, img *image.Paletted, d *drawList, scope string, dists []int, c *segmentCache) ([]byte, uint32) {
	n := len(bandRows) - 1
	if cap(e.found) < n {
		e.found = make([]*bandEntry, n)
	}
	e.found = e.found[:n]
	e.keys, e.shared = e.keys[:0], e.shared[:0]
	secret := -1 // the band of d.secretY, looked up as d.unchecked has it
	for i := range n {
		src := d
		if d.secretY > 0 && bandRows[i] <= d.secretY && d.secretY < bandRows[i+1] {
			secret, src = i, d.unchecked
		}
		e.desc = src.bandDesc(e.desc[:0], bandRows[i], bandRows[i+1])
		k := bandKeyOf(scope, e.desc)
		sb := c.shared.find(k.sum, e.desc)
		e.shared = append(e.shared, sb)
		if sb == nil {
			e.keys = append(e.keys, k)
		}
	}
	found := e.found[:len(e.keys)]
	c.lookup(e.keys, found)
	c.retire(e.keys)
	var fresh []*bandEntry
	painted := 0
	sum := uint32(1) // the Adler-32 of nothing
	j := 0           // into keys and found
	for i, sb := range e.shared {
		y0, y1 := bandRows[i], bandRows[i+1]
		rows := y1 - y0
		if i == secret {
			// The band as out of check: cached when not found, as any other
			// band. Then the band as it is, painted and compressed whether
			// or not it is the same, so that neither check nor whether the
			// mask's rank is among those the move changed changes the work.
			if sb == nil && found[j] == nil {
				e.paintBand(img, d.unchecked, y0, y1)
				fresh = append(fresh, &bandEntry{key: e.keys[j], seg: e.d.Segment(nil, e.raw, dists), adler: adler.Checksum(e.raw)})
				painted++
			}
			if sb == nil {
				j++
			}
			e.paintBand(img, d, y0, y1)
			out = e.d.Segment(out, e.raw, dists)
			sum = adler.Combine(sum, adler.Checksum(e.raw), rows*(imgW+1))
			painted++
			continue
		}
		if sb != nil {
			out = append(out, sb.seg...)
			sum = adler.Combine(sum, sb.adler, rows*(imgW+1))
			continue
		}
		hit := found[j]
		if hit == nil {
			e.paintBand(img, d, y0, y1)
			at := len(out)
			out = e.d.Segment(out, e.raw, dists)
			hit = &bandEntry{key: e.keys[j], seg: bytes.Clone(out[at:]), adler: adler.Checksum(e.raw)}
			fresh = append(fresh, hit)
			painted++
		} else {
			out = append(out, hit.seg...)
		}
		sum = adler.Combine(sum, hit.adler, rows*(imgW+1))
		j++
	}
	if painted > 0 {
		c.add(fresh, painted)
	}
	return deflate.AppendEnd(out), sum
}

// paintBand paints rows y0 to y1 of d into img (imgW wide) and sets e.raw to
// them as PNG rows.
func (e *encoder) paintBand(img *image.Paletted, d *drawList, y0, y1 int) {
	d.raster(img, y0, y1)
	e.raw = png.Rows(e.raw[:0], img.Pix[y0*imgW:], imgW, y1-y0, imgW)
}

// BandStats are the band cache's look-ups so far that hit and missed, and the
// bytes it holds, and the bands found among those every board shares
// (static.go), which the cache is not asked for (for the load generator and
// metrics).
func BandStats() (hits, misses, bytes, shared int) {
	hits, misses, bytes = bandCache.stats()
	return hits, misses, bytes, int(staticBands.hits.Load())
}
