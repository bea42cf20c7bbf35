package render

import (
	"encoding/binary"
	"image"
	"unsafe"
)

// Painting is recorded before it is done. paint's every step (the
// background, a rectangle filled, an opaque tile copied, a sprite or glyph
// blitted) is an op in a drawList; raster then applies the ops to a canvas,
// all of them or only those of some rows. A band's pixels are therefore a
// function of the ops that touch its rows, applied in order: the sprites
// are never written once built and their assets are never freed (getAssets
// keeps every theme's), so an op is fully described by its kind, palette
// index, rectangle and the address of its sprite. That description
// (bandDesc) is what the band caches key on: a board's bands are looked up
// before any pixel is painted, and only the bands not found are painted and
// compressed.

type opKind uint8

const (
	opBg   opKind = iota + 1 // pix is a whole imgW×imgH image, copied
	opFill                   // the rectangle set to ix
	opCopy                   // pix is an opaque w×h tile, copied
	opBlit                   // pix is a w×h sprite, its transparent pixels skipped
)

type op struct {
	kind       opKind
	ix         uint8
	pix        []uint8
	x, y, w, h int
}

// drawList is a board's ops in painting order. secretY, when not 0, is a
// row whose band tells a secret (secretRow); unchecked is then the same
// board recorded without it, whose band there is the one looked up.
type drawList struct {
	ops       []op
	secretY   int
	unchecked *drawList
}

func (d *drawList) reset() { d.ops, d.secretY = d.ops[:0], 0 } // the sprites are the assets', kept anyway

func (d *drawList) background(pix []uint8) {
	d.ops = append(d.ops, op{kind: opBg, pix: pix, w: imgW, h: imgH})
}

// fillRect sets every pixel of r (clipped to the image) to palette index i.
func (d *drawList) fillRect(r image.Rectangle, i uint8) {
	r = r.Intersect(image.Rect(0, 0, imgW, imgH))
	if r.Empty() {
		return
	}
	d.ops = append(d.ops, op{kind: opFill, ix: i, x: r.Min.X, y: r.Min.Y, w: r.Dx(), h: r.Dy()})
}

// copyTile copies an opaque w×h tile to (x, y); it must lie inside the image.
func (d *drawList) copyTile(pix []uint8, w, h, x, y int) {
	d.ops = append(d.ops, op{kind: opCopy, pix: pix, x: x, y: y, w: w, h: h})
}

// blit copies a w×h sprite to (x, y), skipping its transparent pixels and
// clipping to the image.
func (d *drawList) blit(pix []uint8, w, h, x, y int) {
	if w <= 0 || h <= 0 {
		return
	}
	d.ops = append(d.ops, op{kind: opBlit, pix: pix, x: x, y: y, w: w, h: h})
}

// raster applies the ops that touch rows [y0, y1) to dst (imgW×imgH), those
// rows only; the other rows of dst are left as they were.
func (d *drawList) raster(dst *image.Paletted, y0, y1 int) {
	for i := range d.ops {
		o := &d.ops[i]
		if o.y >= y1 || o.y+o.h <= y0 {
			continue
		}
		ya, yb := max(o.y, y0), min(o.y+o.h, y1)
		switch o.kind {
		case opBg:
			copy(dst.Pix[ya*dst.Stride:yb*dst.Stride], o.pix[ya*imgW:yb*imgW])
		case opFill:
			for y := ya; y < yb; y++ {
				row := dst.Pix[y*dst.Stride+o.x : y*dst.Stride+o.x+o.w]
				for k := range row {
					row[k] = o.ix
				}
			}
		case opCopy:
			for y := ya; y < yb; y++ {
				j := y - o.y
				copy(dst.Pix[y*dst.Stride+o.x:y*dst.Stride+o.x+o.w], o.pix[j*o.w:(j+1)*o.w])
			}
		case opBlit:
			xa, xb := max(o.x, 0), min(o.x+o.w, imgW)
			for y := ya; y < yb; y++ {
				j := y - o.y
				src := o.pix[j*o.w+xa-o.x : j*o.w+xb-o.x]
				row := dst.Pix[y*dst.Stride+xa : y*dst.Stride+xb]
				for k, p := range src {
					if p != transparent {
						row[k] = p
					}
				}
			}
		}
	}
}

// bandDesc appends to b the description of rows [y0, y1) of the board: the
// rows themselves and every op that touches them, in order. Two boards of
// the same theme whose rows have the same description have the same pixels
// there.
func (d *drawList) bandDesc(b []byte, y0, y1 int) []byte {
	b = binary.LittleEndian.AppendUint16(b, uint16(y0))
	b = binary.LittleEndian.AppendUint16(b, uint16(y1))
	for i := range d.ops {
		o := &d.ops[i]
		if o.y >= y1 || o.y+o.h <= y0 {
			continue
		}
		b = append(b, byte(o.kind), o.ix)
		b = binary.LittleEndian.AppendUint64(b, uint64(uintptr(unsafe.Pointer(unsafe.SliceData(o.pix)))))
		b = binary.LittleEndian.AppendUint16(b, uint16(int16(o.x)))
		b = binary.LittleEndian.AppendUint16(b, uint16(int16(o.y)))
		b = binary.LittleEndian.AppendUint16(b, uint16(o.w))
		b = binary.LittleEndian.AppendUint16(b, uint16(o.h))
	}
	return b
}
