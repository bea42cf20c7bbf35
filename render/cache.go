package render

import (
	"container/list"
	"crypto/sha256"
	"encoding/binary"
	"sync"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// A board whose view did not change is not drawn again: Render keeps the
// newest images keyed on a hash of the view and the options themselves (every
// field, see TestCacheKeyCoversEveryField). A hit returns the very bytes a
// fresh render would, and only an identical view and options can hit, so the
// cache tells no one anything that the image itself does not.

// cacheSize is how many images are kept (about 20 KB each).
const cacheSize = 128

type cacheKey [sha256.Size]byte

type imageCache struct {
	mu      sync.Mutex
	order   *list.List // of *cacheEntry, newest first
	byKey   map[cacheKey]*list.Element
	hits    int
	renders int
}

type cacheEntry struct {
	key cacheKey
	img Image
}

var cache = &imageCache{order: list.New(), byKey: map[cacheKey]*list.Element{}}

// keyOf hashes everything Render draws from, written field by field (what
// json.Marshal did, at a tenth of the cost): strings and slices with their
// lengths and pointers and slices with whether they are nil, so that no two
// different views and options write the same bytes. ok is always true.
func keyOf(v *viewAndOptions) (cacheKey, bool) {
	var buf [1024]byte
	b := appendViewKey(buf[:0], &v.View)
	b = appendOptionsKey(b, &v.Options)
	return sha256.Sum256(b), true
}

func appendViewKey(b []byte, v *view.View) []byte {
	b = appendKeyString(b, string(v.Variant))
	b = append(b, byte(v.Viewer))
	for _, c := range v.Board {
		b = append(b, byte(c.Piece), keyBool(c.Known))
	}
	for c := range 2 {
		b = append(b, v.Hands[c][:]...)
		b = append(b, keyBool(v.HandKnown[c]))
		b = binary.AppendVarint(b, int64(v.Fouls[c]))
		b = append(b, keyBool(v.FoulsKnown[c]), byte(v.Masks[c]))
		b = append(b, v.Captured[c][:]...)
	}
	b = append(b, byte(v.Turn))
	b = binary.AppendVarint(b, int64(v.MoveNumber))
	b = binary.AppendVarint(b, int64(v.FoulLimit))
	b = append(b, byte(v.Mask))
	b = binary.AppendUvarint(b, uint64(v.LastMove))
	b = appendKeyString(b, v.LastMoveBefore)
	b = append(b, byte(v.LostAt), keyBool(v.InCheck), keyBool(v.ShowCaptured), keyBool(v.Revealed))
	b = append(b, keyBool(v.KingSeen[0]), keyBool(v.KingSeen[1]))
	if r := v.Result; r == nil {
		b = append(b, 0)
	} else {
		b = append(b, 1)
		if r.Winner == nil {
			b = append(b, 0)
		} else {
			b = append(b, 1, byte(*r.Winner))
		}
		b = appendKeyString(b, string(r.Reason))
	}
	return b
}

func appendOptionsKey(b []byte, o *Options) []byte {
	b = appendKeyString(b, string(o.Theme))
	b = appendKeyString(b, string(o.Pieces))
	b = append(b, keyBool(o.Flip))
	b = appendKeySquares(b, o.Notes)
	if r := o.Reach; r == nil {
		b = append(b, 0)
	} else {
		b = append(b, 1, byte(r.From))
		b = appendKeySquares(b, r.To)
	}
	l := &o.Labels
	for _, s := range [...]string{o.Clocks[0], o.Clocks[1], l.Sides[0], l.Sides[1], l.ToMove, l.Check, l.Result, l.Move, l.Start,
		l.Fouls, l.Hand, l.Took, l.None, l.Turn, l.CheckTag, l.Ranks, o.CacheScope} {
		b = appendKeyString(b, s)
	}
	return b
}

func appendKeyString(b []byte, s string) []byte {
	return append(binary.AppendUvarint(b, uint64(len(s))), s...)
}

func appendKeySquares(b []byte, sqs []shogi.Square) []byte {
	if sqs == nil {
		return append(b, 0)
	}
	b = binary.AppendUvarint(append(b, 1), uint64(len(sqs)))
	for _, sq := range sqs {
		b = append(b, byte(sq))
	}
	return b
}

func keyBool(x bool) byte {
	if x {
		return 1
	}
	return 0
}

// get returns the cached image for k: its PNG is shared, never written.
func (c *imageCache) get(k cacheKey) (Image, bool) {
	c.mu.Lock()
	e, ok := c.byKey[k]
	if !ok {
		c.mu.Unlock()
		return Image{}, false
	}
	c.hits++
	c.order.MoveToFront(e)
	img := e.Value.(*cacheEntry).img
	c.mu.Unlock()
	return img, true
}

// put keeps img for k, dropping the oldest.
func (c *imageCache) put(k cacheKey, img Image) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.renders++
	if e, ok := c.byKey[k]; ok {
		c.order.MoveToFront(e)
		return
	}
	c.byKey[k] = c.order.PushFront(&cacheEntry{k, img})
	for c.order.Len() > cacheSize {
		old := c.order.Remove(c.order.Back()).(*cacheEntry)
		delete(c.byKey, old.key)
	}
}

// stats returns how many Renders were served from the cache and drawn.
func (c *imageCache) stats() (hits, renders int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.hits, c.renders
}
