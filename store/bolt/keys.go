package bolt

import (
	"encoding/binary"
	"time"
)

// Key encoding. All keys are binary and sort in the order the queries need:
// integers are 8-byte big-endian, times are 8-byte big-endian Unix nanoseconds
// with the sign bit flipped (so they sort across 1970), and strings inside
// compound keys are length-prefixed (1 byte) so that one id is never the prefix
// of another id's range.

func u64(n uint64) []byte {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], n)
	return b[:]
}

func btou(b []byte) uint64 { return binary.BigEndian.Uint64(b) }

func tkey(t time.Time) []byte { return u64(uint64(t.UnixNano()) ^ 1<<63) }

func keyTime(b []byte) time.Time { return time.Unix(0, int64(btou(b)^1<<63)).UTC() }

// lp is s prefixed by its length. It panics on strings over 255 bytes, which
// checkID rejects before any key is built.
func lp(s string) []byte {
	if len(s) > 255 {
		panic("store: key part over 255 bytes")
	}
	return append([]byte{byte(len(s))}, s...)
}

func cat(parts ...[]byte) []byte {
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	out := make([]byte, 0, n)
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}
