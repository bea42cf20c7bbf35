package render

import (
	"bytes"
	"container/list"
	"crypto/sha256"
	"encoding/json"
	"sync"
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

// keyOf hashes everything Render draws from. ok is false when the view or
// options can't be encoded (then Render does not use the cache).
func keyOf(v *viewAndOptions) (cacheKey, bool) {
	b, err := json.Marshal(v)
	if err != nil {
		return cacheKey{}, false
	}
	return sha256.Sum256(b), true
}

// get returns a copy of the cached image for k.
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
	img.PNG = bytes.Clone(img.PNG) // the caller owns what Render returns; the cache's copy is never written
	return img, true
}

// put keeps img (which the cache then owns) for k, dropping the oldest.
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
