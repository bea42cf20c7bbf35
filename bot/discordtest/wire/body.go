package wire

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	_ "image/gif"  // ImageSize
	_ "image/jpeg" // ImageSize
	_ "image/png"  // ImageSize
	"io"
)

// ReadAll is io.ReadAll(io.LimitReader(r, limit)), read into buf (whose
// bytes it overwrites) grown once to size bytes when 0 <= size <= limit (a
// body's Content-Length, or an upper bound of it), instead of io.ReadAll's
// doubling from 512 bytes: under load that was an eighth of the bytes the
// test process allocated. A reader longer than size is read on to the limit,
// as io.ReadAll would.
func ReadAll(buf []byte, r io.Reader, size, limit int64) ([]byte, error) {
	r = io.LimitReader(r, limit)
	if size < 0 || size > limit {
		return io.ReadAll(r)
	}
	if int64(cap(buf)) < size+1 { // the extra byte sees the end without growing
		buf = make([]byte, 0, size+1)
	}
	buf = buf[:0]
	for {
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
		if len(buf) == cap(buf) {
			rest, err := io.ReadAll(r)
			return append(buf, rest...), err
		}
	}
}

// ImageSize is an image's width and height, 0 and 0 if it is none. A PNG's
// are read from its header (image.DecodeConfig reads on to a paletted
// PNG's palette and allocates it, at every board sent).
func ImageSize(data []byte) (w, h int) {
	if w, h, ok := pngSize(data); ok {
		return w, h
	}
	if cfg, _, err := image.DecodeConfig(bytes.NewReader(data)); err == nil {
		return cfg.Width, cfg.Height
	}
	return 0, 0
}

// pngSize reads the size in a PNG's IHDR chunk, its first, when the chunk
// is whole and its checksum right.
func pngSize(data []byte) (w, h int, ok bool) {
	const sig = "\x89PNG\r\n\x1a\n"
	if len(data) < len(sig)+8+13+4 || string(data[:len(sig)]) != sig {
		return 0, 0, false
	}
	c := data[len(sig):]
	if binary.BigEndian.Uint32(c) != 13 || string(c[4:8]) != "IHDR" ||
		crc32.ChecksumIEEE(c[4:8+13]) != binary.BigEndian.Uint32(c[8+13:]) {
		return 0, 0, false
	}
	w, h = int(int32(binary.BigEndian.Uint32(c[8:]))), int(int32(binary.BigEndian.Uint32(c[12:])))
	if w <= 0 || h <= 0 {
		return 0, 0, false
	}
	return w, h, true
}
