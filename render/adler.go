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

// adler32Combine returns the Adler-32 of p1 followed by p2 from a1 =
// adler32(p1), a2 = adler32(p2) and len2 = len(p2), as zlib's
// adler32_combine: the sum of p2's bytes moves up by p1's sum for each of
// them, and p1's sum adds to p2's bytes' sum (every value mod 65521).
func adler32Combine(a1, a2 uint32, len2 int) uint32 {
	const mod = 65521
	rem := uint32(len2 % mod)
	s1 := a1 & 0xffff
	s2 := rem * s1 % mod // both below 2^16: no overflow
	s1 += a2&0xffff + mod - 1
	s2 += a1>>16 + a2>>16 + mod - rem
	if s1 >= mod {
		s1 -= mod
	}
	if s1 >= mod {
		s1 -= mod
	}
	if s2 >= 2*mod {
		s2 -= 2 * mod
	}
	if s2 >= mod {
		s2 -= mod
	}
	return s2<<16 | s1
}
