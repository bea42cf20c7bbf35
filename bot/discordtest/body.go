package discordtest

import "io"

// readAll is io.ReadAll(io.LimitReader(r, limit)), read into buf (whose
// bytes it overwrites) grown once to size bytes when 0 <= size <= limit (a
// body's Content-Length, or an upper bound of it), instead of io.ReadAll's
// doubling from 512 bytes: under load that was an eighth of the bytes the
// test process allocated. A reader longer than size is read on to the limit,
// as io.ReadAll would.
func readAll(buf []byte, r io.Reader, size, limit int64) ([]byte, error) {
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
