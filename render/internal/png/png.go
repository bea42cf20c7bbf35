// Package png writes 8-bit paletted PNG images (colour type 3) with
// unfiltered rows around a deflate stream the caller makes, so that the
// stream can be put together from pieces compressed at different times
// (render's band cache). It knows the container only: the signature, the
// IHDR, PLTE, IDAT and IEND chunks with their CRCs, and the zlib wrapper
// (RFC 1950) of the IDAT. FuzzPaletted checks that image/png decodes what
// it writes, with render's deflater, to the same pixels and palette.
package png

import (
	"encoding/binary"
	"hash/crc32"
	"image/color"
	"slices"
)

// Rows appends h rows of w pixels (stride apart in pix) to dst as PNG rows
// with no filter: a filter-type byte 0, then the row's pixels.
func Rows(dst, pix []byte, w, h, stride int) []byte {
	dst = slices.Grow(dst, h*(w+1))
	for y := 0; y < h; y++ {
		dst = append(dst, 0)
		dst = append(dst, pix[y*stride:y*stride+w]...)
	}
	return dst
}

// AppendPaletted appends to out a PNG of w×h pixels coloured by pal (at
// most 256 colours, alpha not written). deflate appends the deflate stream
// (RFC 1951) of the image's Rows to its argument and returns the result with
// the Rows' Adler-32.
func AppendPaletted(out []byte, w, h int, pal color.Palette, deflate func(out []byte) ([]byte, uint32)) []byte {
	out = append(out, "\x89PNG\r\n\x1a\n"...)
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 3 // bit depth 8, colour type 3: palette
	out = appendChunk(out, "IHDR", ihdr[:])

	start := len(out)
	out = startChunk(out, "PLTE")
	for _, c := range pal {
		r, g, b, _ := c.RGBA()
		out = append(out, byte(r>>8), byte(g>>8), byte(b>>8))
	}
	out = endChunk(out, start)

	// IDAT: a zlib stream round the deflate stream.
	start = len(out)
	out = startChunk(out, "IDAT")
	out = append(out, 0x78, 0x01) // deflate, 32 KiB window, fastest
	out, sum := deflate(out)
	out = binary.BigEndian.AppendUint32(out, sum)
	out = endChunk(out, start)
	return appendChunk(out, "IEND", nil)
}

// appendChunk appends one chunk of data.
func appendChunk(out []byte, kind string, data []byte) []byte {
	start := len(out)
	out = append(startChunk(out, kind), data...)
	return endChunk(out, start)
}

// startChunk appends a chunk's length (set by endChunk) and type; its data
// follows.
func startChunk(out []byte, kind string) []byte {
	return append(append(out, 0, 0, 0, 0), kind...)
}

// endChunk sets the length of the chunk started at start and appends its
// CRC.
func endChunk(out []byte, start int) []byte {
	binary.BigEndian.PutUint32(out[start:], uint32(len(out)-start-8))
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[start+4:]))
}
