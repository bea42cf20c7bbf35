package deflate

import (
	"bytes"
	"compress/flate"
	"io"
	"math/rand/v2"
	"testing"
)

// TestDeflateRoundTrip: what the deflater writes inflates back to its input,
// for inputs from empty to 300 KB: random bytes (every literal, no match),
// one repeated byte, short and long runs, rows repeated with changes, and few
// symbols (a one-code distance tree, very skewed frequencies).
func TestDeflateRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	rows := func(w, h int, change float64) []byte {
		b := make([]byte, w*h)
		for i := range b {
			switch {
			case i < w:
				b[i] = byte(r.IntN(4))
			case r.Float64() < change:
				b[i] = byte(r.IntN(256))
			default:
				b[i] = b[i-w]
			}
		}
		return b
	}
	cases := map[string][]byte{
		"empty":    {},
		"one":      {7},
		"three":    {1, 1, 1},
		"same":     bytes.Repeat([]byte{9}, 100_000),
		"twobytes": bytes.Repeat([]byte{0, 1}, 5000),
		"rows":     rows(659, 400, 0.01),
		"noisy":    rows(659, 200, 0.3),
	}
	random := make([]byte, 300_000)
	for i := range random {
		random[i] = byte(r.IntN(256))
	}
	cases["random"] = random
	skewed := make([]byte, 50_000)
	for i := range skewed {
		if r.IntN(1000) == 0 {
			skewed[i] = byte(r.IntN(256))
		}
	}
	cases["skewed"] = skewed
	var d Encoder
	for name, in := range cases {
		out := d.Deflate(nil, in, []int{1, 64, 659, 2 * 659})
		got, err := io.ReadAll(flate.NewReader(bytes.NewReader(out)))
		if err != nil {
			t.Fatalf("%s: inflate: %v", name, err)
		}
		if !bytes.Equal(got, in) {
			t.Fatalf("%s: inflated %d bytes differ from the %d written", name, len(got), len(in))
		}
	}
}

// TestCodeLengthsLimited: a Fibonacci-like frequency table, whose Huffman
// tree is as deep as there are symbols, gets codes of at most the limit that
// still form a complete prefix code.
func TestCodeLengthsLimited(t *testing.T) {
	freq := make([]int, 30)
	a, b := 1, 1
	for i := range freq {
		freq[i] = a
		a, b = b, a+b
	}
	lens := make([]uint8, len(freq))
	new(huffScratch).codeLengths(freq, lens, 7)
	kraft := 0
	for _, l := range lens {
		if l == 0 || l > 7 {
			t.Fatalf("lengths %v", lens)
		}
		kraft += 1 << (7 - l)
	}
	if kraft != 1<<7 {
		t.Fatalf("Kraft sum %d/128: %v", kraft, lens)
	}
}

// TestDistSym: every distance maps to the symbol whose range holds it.
func TestDistSym(t *testing.T) {
	for d := 1; d <= 32768; d++ {
		s := distSym(d)
		if s < 0 || s >= numDist || d < int(distBase[s]) || d >= int(distBase[s])+1<<distExtra[s] {
			t.Fatalf("distance %d: symbol %d", d, s)
		}
	}
}

// TestSegmentsInflate: segments written one after another and ended by
// AppendEnd inflate to their inputs in order, whichever segments are put
// together: each is byte-aligned and reaches back into no other.
func TestSegmentsInflate(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 0))
	var parts [][]byte
	for i := 0; i < 6; i++ {
		p := make([]byte, 1+r.IntN(20_000))
		for j := range p {
			if j < 659 || r.IntN(20) == 0 {
				p[j] = byte(r.IntN(8))
			} else {
				p[j] = p[j-659]
			}
		}
		parts = append(parts, p)
	}
	var d Encoder
	segs := make([][]byte, len(parts))
	for i, p := range parts {
		segs[i] = d.Segment(nil, p, []int{659, 1, 64, 2 * 659})
	}
	for _, order := range [][]int{{0}, {0, 1, 2, 3, 4, 5}, {5, 3, 1}, {2, 2, 4}} {
		var stream, want []byte
		for _, i := range order {
			stream = append(stream, segs[i]...)
			want = append(want, parts[i]...)
		}
		stream = AppendEnd(stream)
		got, err := io.ReadAll(flate.NewReader(bytes.NewReader(stream)))
		if err != nil {
			t.Fatalf("%v: inflate: %v", order, err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("%v: inflated %d bytes differ from the %d written", order, len(got), len(want))
		}
	}
}

// TestMatchLen: matchLen is the length of the common prefix, for every
// length up to a match's longest and every first difference.
func TestMatchLen(t *testing.T) {
	a := make([]byte, maxMatch+8)
	for i := range a {
		a[i] = byte(i * 7)
	}
	for n := 0; n <= maxMatch; n++ {
		for diff := 0; diff <= n; diff++ {
			b := bytes.Clone(a)
			if diff < n {
				b[diff] ^= 0x10
			}
			if got := matchLen(a[:n], b); got != diff {
				t.Fatalf("len %d, first difference at %d: matchLen %d", n, diff, got)
			}
		}
	}
}
