// Package deflate is a deflate (RFC 1951) encoder made for render's
// pictures. A board image is built from tiles and flat areas, so nearly
// every byte repeats the byte above it (one PNG row back), the byte to its
// left, or the same byte one square to the left. Matching only at those few
// distances, which the caller names, finds almost everything compress/flate's
// hash chains find, for a fraction of the work, and one dynamic-Huffman block
// codes it smaller than flate.BestSpeed does (BenchmarkDeflate,
// BenchmarkSegment; FuzzDeflate and FuzzSegments check that compress/flate
// inflates every output back).
package deflate

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"slices"
)

const (
	minMatch = 4   // shorter repeats cost more as a match than as literals
	maxMatch = 258 // deflate's longest match
	maxDist  = 32768
	// goodMatch ends the search at a candidate: a longer match at a later
	// one saves little.
	goodMatch = 32
	endBlock  = 256 // the end-of-block symbol
	numLit    = 286 // literal/length alphabet: 0..255, 256, 257..285
	numDist   = 30
	maxBits   = 15 // longest literal/length or distance code
	clBits    = 7  // longest code-length code
)

// token is a literal byte (dist 0) or a match of n bytes dist back.
type token struct {
	n    uint16 // the literal, or the match length
	dist uint16
}

// Encoder holds one encoder's reusable buffers; the zero value is ready. An
// Encoder is not safe for concurrent use.
type Encoder struct {
	toks     []token
	litFreq  [numLit]int
	distFreq [numDist]int
	bw       bitWriter
	huff     huffScratch
}

// tokenize splits data into literals and matches at the candidate distances
// (nearest first; the longest match wins).
func (d *Encoder) tokenize(data []byte, dists []int) {
	d.toks = d.toks[:0]
	for i := 0; i < len(data); {
		best, bestDist := 0, 0
		limit := min(maxMatch, len(data)-i)
		if limit >= minMatch {
			cur := data[i : i+limit]
			head := binary.LittleEndian.Uint32(cur)
			for _, dist := range dists {
				if dist > i {
					continue
				}
				prev := data[i-dist:]
				if binary.LittleEndian.Uint32(prev) != head {
					continue // shorter than minMatch
				}
				if n := 4 + matchLen(cur[4:], prev[4:]); n > best {
					best, bestDist = n, dist
					if n >= goodMatch {
						break
					}
				}
			}
		}
		if best >= minMatch {
			d.toks = append(d.toks, token{uint16(best), uint16(bestDist)})
			i += best
		} else {
			d.toks = append(d.toks, token{uint16(data[i]), 0})
			i++
		}
	}
}

// matchLen is how many leading bytes of a and b agree (at most len(a); b must
// be at least as long). Once 16 bytes agree, the rest is first compared
// whole (bytes.Equal, many bytes an instruction): in flat areas most matches
// run to their limit.
func matchLen(a, b []byte) int {
	n := 0
	for len(a)-n >= 8 {
		if x := binary.LittleEndian.Uint64(a[n:]) ^ binary.LittleEndian.Uint64(b[n:]); x != 0 {
			return n + bits.TrailingZeros64(x)>>3
		}
		n += 8
		if n == 16 && bytes.Equal(a[n:], b[n:len(a)]) {
			return len(a)
		}
	}
	for n < len(a) && a[n] == b[n] {
		n++
	}
	return n
}

// Deflate appends data, compressed as one final dynamic-Huffman block, to
// out: a whole deflate stream. Matches are looked for only dists back
// (nearest first; each in 1..32768), the longest found winning.
func (d *Encoder) Deflate(out, data []byte, dists []int) []byte {
	d.block(data, dists, out, true)
	return d.bw.flush()
}

// Segment appends data as a self-contained piece of a deflate stream: one
// dynamic-Huffman block that is not final and whose matches reach no byte
// before data, then an empty stored block that ends it on a byte boundary
// (zlib's full flush). Its bytes are a function of data and dists alone, so
// a stream can be put together from segments made at different times, ended
// by AppendEnd.
func (d *Encoder) Segment(out, data []byte, dists []int) []byte {
	d.block(data, dists, out, false)
	w := &d.bw
	// BFINAL 0, BTYPE 00 (stored), padding to the byte, LEN 0 and NLEN.
	w.write(0, 3)
	return append(w.flush(), 0, 0, 0xff, 0xff)
}

// AppendEnd appends an empty final block with fixed Huffman codes (BFINAL 1,
// BTYPE 01, the 7-bit end-of-block code), padded to a byte: it ends a
// stream of segments.
func AppendEnd(out []byte) []byte { return append(out, 0x03, 0x00) }

// block writes data as one dynamic-Huffman block into d.bw, which it resets
// to append to out; the caller flushes.
func (d *Encoder) block(data []byte, dists []int, out []byte, final bool) {
	for _, dist := range dists {
		if dist < 1 || dist > maxDist {
			panic("deflate: a match distance out of 1..32768")
		}
	}
	d.tokenize(data, dists)
	clear(d.litFreq[:])
	clear(d.distFreq[:])
	for _, t := range d.toks {
		if t.dist == 0 {
			d.litFreq[t.n]++
			continue
		}
		d.litFreq[lengthSym(int(t.n))]++
		d.distFreq[distSym(int(t.dist))]++
	}
	d.litFreq[endBlock]++
	// Two distance codes at least: some inflaters reject a one-code tree.
	for s := 0; countUsed(d.distFreq[:]) < 2; s++ {
		if d.distFreq[s] == 0 {
			d.distFreq[s] = 1
		}
	}
	var litLen [numLit]uint8
	var distLen [numDist]uint8
	d.huff.codeLengths(d.litFreq[:], litLen[:], maxBits)
	d.huff.codeLengths(d.distFreq[:], distLen[:], maxBits)
	var litCode [numLit]uint16
	var distCode [numDist]uint16
	canonical(litLen[:], litCode[:])
	canonical(distLen[:], distCode[:])

	w := &d.bw
	w.reset(out)
	if final {
		w.write(1, 1) // BFINAL
	} else {
		w.write(0, 1)
	}
	w.write(2, 2) // BTYPE 10: dynamic Huffman
	d.huff.writeTrees(w, litLen[:], distLen[:])
	for _, t := range d.toks {
		if t.dist == 0 {
			w.write(uint64(litCode[t.n]), uint(litLen[t.n]))
			continue
		}
		n, dist := int(t.n), int(t.dist)
		ls := lengthSym(n)
		w.write(uint64(litCode[ls]), uint(litLen[ls]))
		if e := lengthExtra[ls-257]; e > 0 {
			w.write(uint64(n-int(lengthBase[ls-257])), uint(e))
		}
		ds := distSym(dist)
		w.write(uint64(distCode[ds]), uint(distLen[ds]))
		if e := distExtra[ds]; e > 0 {
			w.write(uint64(dist-int(distBase[ds])), uint(e))
		}
	}
	w.write(uint64(litCode[endBlock]), uint(litLen[endBlock]))
}

func countUsed(freq []int) int {
	n := 0
	for _, f := range freq {
		if f > 0 {
			n++
		}
	}
	return n
}

var (
	lengthBase  = [29]uint16{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	lengthExtra = [29]uint8{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	distBase    = [numDist]uint16{1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577}
	distExtra   = [numDist]uint8{0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13}
	lengthSyms  [maxMatch + 1]uint16 // match length → symbol 257..285
)

func init() {
	for s := len(lengthBase) - 1; s >= 0; s-- {
		for n := int(lengthBase[s]); n <= maxMatch && lengthSyms[n] == 0; n++ {
			lengthSyms[n] = uint16(257 + s)
		}
	}
}

func lengthSym(n int) int { return int(lengthSyms[n]) }

// distSym is the symbol of match distance d (1..32768): distances 1-4 have
// their own, then each power of two is split in two.
func distSym(d int) int {
	if d <= 4 {
		return d - 1
	}
	n := bits.Len(uint(d-1)) - 1 // d-1 is in [2^n, 2^(n+1))
	return 2*n + (d-1)>>(n-1)&1
}

// huffScratch is the working memory of codeLengths and writeTrees, kept in
// the Encoder: as local arrays it was zeroed at every call (some 25 KB,
// three calls a segment), and writeTrees allocated its lists.
type huffScratch struct {
	leaves [numLit]uint64
	nodes  [2 * numLit]huffNode
	depth  [2 * numLit]int
	all    []uint8 // writeTrees' code lengths
	toks   []clTok // and their run-length coding
}

type huffNode struct {
	f           int
	sym         int // leaf symbol, or -1
	left, right int32
}

// clTok is a code-length code symbol with its extra bits' value.
type clTok struct{ sym, extra uint8 }

// codeLengths sets lens to Huffman code lengths for freq, none longer than
// limit (symbols with frequency 0 get 0). The limit is enforced as miniz
// does: lengths over it are folded in, then the Kraft sum is restored by
// lengthening the longest codes that are still short enough.
func (h *huffScratch) codeLengths(freq []int, lens []uint8, limit int) {
	// Leaves by frequency, ties by symbol: each packed as freq<<16 | symbol
	// (frequencies stay far below 2^47), so a plain sort orders them.
	leaves := h.leaves[:0]
	for s, f := range freq {
		lens[s] = 0
		if f > 0 {
			leaves = append(leaves, uint64(f)<<16|uint64(s))
		}
	}
	if len(leaves) == 0 {
		return
	}
	if len(leaves) == 1 {
		lens[leaves[0]&0xffff] = 1
		return
	}
	slices.Sort(leaves)
	// Two-queue Huffman: leaves in frequency order, internal nodes as made.
	nodes := h.nodes[:0]
	for _, l := range leaves {
		s := int(l & 0xffff)
		nodes = append(nodes, huffNode{f: freq[s], sym: s, left: -1, right: -1})
	}
	li, ii := 0, len(leaves) // next leaf, next internal node
	pick := func() int32 {
		if li < len(leaves) && (ii >= len(nodes) || nodes[li].f <= nodes[ii].f) {
			li++
			return int32(li - 1)
		}
		ii++
		return int32(ii - 1)
	}
	for len(nodes) < 2*len(leaves)-1 {
		a := pick()
		b := pick()
		nodes = append(nodes, huffNode{f: nodes[a].f + nodes[b].f, sym: -1, left: a, right: b})
	}
	// Depths from the root (the last node); children come before parents.
	depth := h.depth[:len(nodes)]
	depth[len(depth)-1] = 0 // the root; every other node's is set by its parent, which comes after it
	var count [maxBits + 2]int
	for i := len(nodes) - 1; i >= 0; i-- {
		n := nodes[i]
		if n.sym >= 0 {
			count[min(depth[i], limit+1)]++
			continue
		}
		depth[n.left], depth[n.right] = depth[i]+1, depth[i]+1
	}
	count[limit] += count[limit+1]
	count[limit+1] = 0
	total := 0
	for l := 1; l <= limit; l++ {
		total += count[l] << (limit - l)
	}
	for total > 1<<limit {
		count[limit]--
		for l := limit - 1; l > 0; l-- {
			if count[l] > 0 {
				count[l]--
				count[l+1] += 2
				break
			}
		}
		total--
	}
	// The most frequent symbols get the shortest codes.
	k := len(leaves) - 1
	for l := 1; l <= limit; l++ {
		for c := count[l]; c > 0; c-- {
			lens[leaves[k]&0xffff] = uint8(l)
			k--
		}
	}
}

// canonical sets each symbol's code (bit-reversed, as deflate sends Huffman
// codes most significant bit first into an LSB-first stream).
func canonical(lens []uint8, codes []uint16) {
	var count [maxBits + 1]uint16
	for _, l := range lens {
		count[l]++
	}
	count[0] = 0
	var next [maxBits + 1]uint16
	code := uint16(0)
	for l := 1; l <= maxBits; l++ {
		code = (code + count[l-1]) << 1
		next[l] = code
	}
	for s, l := range lens {
		if l == 0 {
			continue
		}
		codes[s] = bits.Reverse16(next[l]) >> (16 - l)
		next[l]++
	}
}

// clOrder is the order code-length code lengths are sent in.
var clOrder = [19]uint8{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}

// writeTrees writes HLIT, HDIST, HCLEN and the two trees, run-length coded.
func (h *huffScratch) writeTrees(w *bitWriter, litLen, distLen []uint8) {
	nLit := numLit
	for nLit > 257 && litLen[nLit-1] == 0 {
		nLit--
	}
	nDist := numDist
	for nDist > 1 && distLen[nDist-1] == 0 {
		nDist--
	}
	all := append(append(h.all[:0], litLen[:nLit]...), distLen[:nDist]...)
	h.all = all
	// Run-length code the lengths: 16 repeats the previous 3-6 times, 17 and
	// 18 are 3-10 and 11-138 zeros.
	toks := h.toks[:0]
	var freq [19]int
	for i := 0; i < len(all); {
		l, run := all[i], 1
		for i+run < len(all) && all[i+run] == l {
			run++
		}
		i += run
		if l == 0 {
			for run >= 11 {
				n := min(run, 138)
				toks = append(toks, clTok{18, uint8(n - 11)})
				run -= n
			}
			if run >= 3 {
				toks = append(toks, clTok{17, uint8(run - 3)})
				run = 0
			}
		} else {
			toks = append(toks, clTok{l, 0})
			run--
			for run >= 3 {
				n := min(run, 6)
				toks = append(toks, clTok{16, uint8(n - 3)})
				run -= n
			}
		}
		for ; run > 0; run-- {
			toks = append(toks, clTok{l, 0})
		}
	}
	h.toks = toks
	for _, t := range toks {
		freq[t.sym]++
	}
	var clLen [19]uint8
	var clCode [19]uint16
	h.codeLengths(freq[:], clLen[:], clBits)
	canonical(clLen[:], clCode[:])
	nCL := 19
	for nCL > 4 && clLen[clOrder[nCL-1]] == 0 {
		nCL--
	}
	w.write(uint64(nLit-257), 5)
	w.write(uint64(nDist-1), 5)
	w.write(uint64(nCL-4), 4)
	for _, s := range clOrder[:nCL] {
		w.write(uint64(clLen[s]), 3)
	}
	for _, t := range toks {
		w.write(uint64(clCode[t.sym]), uint(clLen[t.sym]))
		switch t.sym {
		case 16:
			w.write(uint64(t.extra), 2)
		case 17:
			w.write(uint64(t.extra), 3)
		case 18:
			w.write(uint64(t.extra), 7)
		}
	}
}

// bitWriter packs bits least significant first, as deflate does.
type bitWriter struct {
	out  []byte
	acc  uint64
	nacc uint
}

func (w *bitWriter) reset(out []byte) { w.out, w.acc, w.nacc = out, 0, 0 }

// write appends the n low bits of v (n ≤ 32).
func (w *bitWriter) write(v uint64, n uint) {
	w.acc |= v << w.nacc
	w.nacc += n
	if w.nacc >= 32 {
		w.out = binary.LittleEndian.AppendUint32(w.out, uint32(w.acc))
		w.acc >>= 32
		w.nacc -= 32
	}
}

// flush writes the last partial byte and returns the output.
func (w *bitWriter) flush() []byte {
	for w.nacc > 0 {
		w.out = append(w.out, byte(w.acc))
		w.acc >>= 8
		w.nacc -= min(w.nacc, 8)
	}
	return w.out
}
