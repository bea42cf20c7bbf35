package render

import (
	"bytes"
	"image"
	"image/png"
	"sync"
)

// pngEncoder writes 8-bit paletted PNGs. Go's encoder skips per-row filter
// selection for paletted images, so the cost is mostly deflate. BestSpeed
// makes a 40-piece board in about 25 KB; DefaultCompression would save about
// a fifth of that for three to four times the CPU (see BenchmarkRender and
// the package doc). Its deflate buffers are reused through BufferPool.
var pngEncoder = png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &encoderPool{}}

// encoderPool is a png.EncoderBufferPool over sync.Pool.
type encoderPool struct{ p sync.Pool }

func (e *encoderPool) Get() *png.EncoderBuffer {
	b, _ := e.p.Get().(*png.EncoderBuffer)
	return b
}

func (e *encoderPool) Put(b *png.EncoderBuffer) { e.p.Put(b) }

var (
	outBufs  sync.Pool // *bytes.Buffer
	canvases sync.Pool // *image.Paletted, imgW×imgH
)

// getCanvas returns a reusable imgW×imgH paletted image using a's palette;
// paint overwrites every pixel, so its old content does not matter.
func getCanvas(a *assets) *image.Paletted {
	if c, ok := canvases.Get().(*image.Paletted); ok {
		c.Palette = a.pal
		return c
	}
	return image.NewPaletted(image.Rect(0, 0, imgW, imgH), a.pal)
}

func putCanvas(c *image.Paletted) { canvases.Put(c) }

// encode returns the PNG bytes of img in a slice the caller owns.
func encode(img *image.Paletted) ([]byte, error) {
	buf, _ := outBufs.Get().(*bytes.Buffer)
	if buf == nil {
		buf = new(bytes.Buffer)
	}
	buf.Reset()
	defer outBufs.Put(buf)
	if err := pngEncoder.Encode(buf, img); err != nil {
		return nil, err
	}
	return bytes.Clone(buf.Bytes()), nil
}
