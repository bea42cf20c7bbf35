package render

import "encoding/binary"

// adler32 is the zlib checksum of p (hash/adler32.Checksum), eight bytes at a
// time: per word the byte sum and the weighted sum 8·b0+7·b1+…+1·b7 come from
// two multiplications each on 16-bit lanes, instead of sixteen dependent adds.
func adler32(p []byte) uint32 {
	const (
		mod   = 65521
		nmax  = 5552 &^ 7 // the most bytes before s2 could overflow, in words
		lo    = 0x00ff00ff00ff00ff
		ones  = 0x0001000100010001
		wEven = 8<<48 | 6<<32 | 4<<16 | 2 // weights of b0, b2, b4, b6 (top lane)
		wOdd  = 7<<48 | 5<<32 | 3<<16 | 1 // weights of b1, b3, b5, b7
	)
	s1, s2 := uint32(1), uint32(0)
	for len(p) > 0 {
		n := min(len(p), nmax)
		q := p[:n]
		p = p[n:]
		for len(q) >= 8 {
			x := binary.LittleEndian.Uint64(q)
			e, o := x&lo, x>>8&lo
			s2 += 8*s1 + uint32((e*wEven)>>48) + uint32((o*wOdd)>>48)
			s1 += uint32(((e + o) * ones) >> 48)
			q = q[8:]
		}
		for _, b := range q {
			s1 += uint32(b)
			s2 += s1
		}
		s1 %= mod
		s2 %= mod
	}
	return s2<<16 | s1
}
