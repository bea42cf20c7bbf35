package render

import (
	"image"
	"image/color"
	"sort"
)

// maxColors is the palette size: the theme's named colours plus median-cut
// anti-aliasing shades. 64 looks the same as 255 here and makes PNGs a few
// per cent smaller. Index transparent (255) is never a colour: in a sprite
// it means "leave the destination pixel".
const (
	maxColors   = 64
	transparent = 255
)

// histogram counts the opaque colours of every pre-rendered asset, keyed by
// 0xRRGGBB.
type histogram map[uint32]int

// add counts the pixels of img, skipping those where mask (if not nil) is 0.
// img must be opaque (alpha 0xff everywhere it is counted).
func (h histogram) add(img *image.RGBA, mask *image.Alpha) {
	b := img.Bounds()
	last, run := uint32(0), 0 // count runs of one colour with a single map update
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := img.Pix[img.PixOffset(b.Min.X, y):]
		for x := 0; x < b.Dx(); x++ {
			if mask != nil && mask.AlphaAt(b.Min.X+x, y).A == 0 {
				continue
			}
			p := row[4*x:]
			k := uint32(p[0])<<16 | uint32(p[1])<<8 | uint32(p[2])
			if k != last && run > 0 {
				h[last] += run
				run = 0
			}
			last = k
			run++
		}
	}
	if run > 0 {
		h[last] += run
	}
}

// colorCount is one distinct colour and how many pixels have it.
type colorCount struct {
	c [3]uint8
	n int
}

// buildPalette returns at most maxColors colours: the theme's named colours
// exactly (so flat areas are exact), then median-cut representatives of the
// remaining (anti-aliasing) colours weighted by pixel count. The result is a
// pure function of its inputs.
func buildPalette(base []color.NRGBA, h histogram) color.Palette {
	pal := color.Palette{}
	seen := map[uint32]bool{}
	for _, c := range base {
		k := uint32(c.R)<<16 | uint32(c.G)<<8 | uint32(c.B)
		if !seen[k] {
			seen[k] = true
			pal = append(pal, color.RGBA{c.R, c.G, c.B, 0xff})
		}
	}
	var rest []colorCount
	for k, n := range h {
		if !seen[k] {
			rest = append(rest, colorCount{[3]uint8{uint8(k >> 16), uint8(k >> 8), uint8(k)}, n})
		}
	}
	// Map iteration order is random: sort so the palette is deterministic.
	sort.Slice(rest, func(i, j int) bool { return key3(rest[i].c) < key3(rest[j].c) })
	for _, c := range medianCut(rest, maxColors-len(pal)) {
		pal = append(pal, c)
	}
	return pal
}

func key3(c [3]uint8) uint32 { return uint32(c[0])<<16 | uint32(c[1])<<8 | uint32(c[2]) }

// medianCut splits cs into at most k boxes, each time splitting the box with the
// largest pixel count × widest channel range at its weighted median, and returns
// each box's count-weighted mean colour.
func medianCut(cs []colorCount, k int) []color.RGBA {
	if len(cs) == 0 || k <= 0 {
		return nil
	}
	boxes := [][]colorCount{cs}
	for len(boxes) < k {
		best, bestScore, bestCh := -1, 0, 0
		for i, b := range boxes {
			if len(b) < 2 {
				continue
			}
			ch, rng := widest(b)
			n := 0
			for _, c := range b {
				n += c.n
			}
			if s := n * rng; s > bestScore {
				best, bestScore, bestCh = i, s, ch
			}
		}
		if best < 0 {
			break
		}
		b := boxes[best]
		sort.SliceStable(b, func(i, j int) bool { return b[i].c[bestCh] < b[j].c[bestCh] })
		total := 0
		for _, c := range b {
			total += c.n
		}
		cut, acc := 1, 0
		for i, c := range b {
			acc += c.n
			if 2*acc >= total {
				cut = i + 1
				break
			}
		}
		if cut >= len(b) {
			cut = len(b) - 1
		}
		boxes[best] = b[:cut]
		boxes = append(boxes, b[cut:])
	}
	out := make([]color.RGBA, 0, len(boxes))
	for _, b := range boxes {
		var r, g, bl, n int
		for _, c := range b {
			r += int(c.c[0]) * c.n
			g += int(c.c[1]) * c.n
			bl += int(c.c[2]) * c.n
			n += c.n
		}
		out = append(out, color.RGBA{uint8((r + n/2) / n), uint8((g + n/2) / n), uint8((bl + n/2) / n), 0xff})
	}
	return out
}

// widest returns the channel (0..2) with the largest range in b, and the range.
func widest(b []colorCount) (int, int) {
	lo := [3]uint8{255, 255, 255}
	var hi [3]uint8
	for _, c := range b {
		for i := 0; i < 3; i++ {
			lo[i] = min(lo[i], c.c[i])
			hi[i] = max(hi[i], c.c[i])
		}
	}
	ch, rng := 0, -1
	for i := 0; i < 3; i++ {
		if r := int(hi[i]) - int(lo[i]); r > rng {
			ch, rng = i, r
		}
	}
	return ch, rng
}

// quantizer maps opaque colours to palette indices, nearest in RGB space,
// remembering each answer.
type quantizer struct {
	pal  color.Palette
	memo map[uint32]uint8
}

func newQuantizer(pal color.Palette) *quantizer {
	return &quantizer{pal: pal, memo: map[uint32]uint8{}}
}

// index returns the palette index nearest to (r, g, b).
func (q *quantizer) index(r, g, b uint8) uint8 {
	k := uint32(r)<<16 | uint32(g)<<8 | uint32(b)
	if i, ok := q.memo[k]; ok {
		return i
	}
	best, bestD := 0, 1<<31-1
	for i, pc := range q.pal {
		c := pc.(color.RGBA)
		dr, dg, db := int(c.R)-int(r), int(c.G)-int(g), int(c.B)-int(b)
		if d := 2*dr*dr + 4*dg*dg + 3*db*db; d < bestD {
			best, bestD = i, d
		}
	}
	q.memo[k] = uint8(best)
	return uint8(best)
}

// indexOf returns the palette index of a named (exact) colour.
func (q *quantizer) indexOf(c color.NRGBA) uint8 { return q.index(c.R, c.G, c.B) }

// quantize converts img to palette indices (row-major, img's size), writing
// transparent where mask (if not nil) is 0.
func (q *quantizer) quantize(img *image.RGBA, mask *image.Alpha) []uint8 {
	b := img.Bounds()
	out := make([]uint8, 0, b.Dx()*b.Dy())
	lastKey, lastIdx := uint32(1<<31), uint8(0) // most pixels repeat their left neighbour
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if mask != nil && mask.AlphaAt(x, y).A == 0 {
				out = append(out, transparent)
				continue
			}
			p := img.Pix[img.PixOffset(x, y):]
			if k := uint32(p[0])<<16 | uint32(p[1])<<8 | uint32(p[2]); k != lastKey {
				lastKey, lastIdx = k, q.index(p[0], p[1], p[2])
			}
			out = append(out, lastIdx)
		}
	}
	return out
}
