package render

import (
	"bufio"
	"bytes"
	"compress/lzw"
	"math/rand"
	"testing"
)

// TestLZWMatchesTheLibrary: the dense-table encoder writes what compress/lzw
// writes, byte for byte, for GIF-like data (long runs, a few colours), random
// data (the dictionary fills and clears many times), and the edge cases.
func TestLZWMatchesTheLibrary(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	runs := make([]uint8, 0, 600_000)
	for len(runs) < 500_000 {
		c, n := uint8(64), 1+r.Intn(2000)
		if r.Intn(3) == 0 {
			c, n = uint8(r.Intn(64)), 1+r.Intn(40)
		}
		for k := 0; k < n; k++ {
			runs = append(runs, c)
		}
	}
	noise := make([]uint8, 200_000)
	for k := range noise {
		noise[k] = uint8(r.Intn(128))
	}
	small := make([]uint8, 50_000)
	for k := range small {
		small[k] = uint8(r.Intn(4))
	}
	for name, in := range map[string][]uint8{"runs": runs, "noise": noise, "small": small,
		"empty": {}, "one": {5}, "two": {5, 5}, "same": bytes.Repeat([]byte{7}, 100_000)} {
		lit := 7
		if name == "small" {
			lit = 2
		}
		var want, got bytes.Buffer
		lw := lzw.NewWriter(&want, lzw.LSB, lit)
		lw.Write(in)
		lw.Close()
		bw := bufioFor(&got)
		blk := blockWriter{w: bw}
		enc := newLZWEncoder(lit)
		for rep := 0; rep < 2; rep++ { // the second use starts from a reset table
			got.Reset()
			blk = blockWriter{w: bw}
			if err := enc.encode(&blk, in); err != nil {
				t.Fatal(err)
			}
			blk.flush()
			bw.Flush()
			if unblocked := unblock(got.Bytes()); !bytes.Equal(unblocked, want.Bytes()) {
				t.Fatalf("%s (use %d): %d bytes, the library %d", name, rep+1, len(unblocked), want.Len())
			}
		}
	}
}

// unblock joins GIF data sub-blocks.
func unblock(b []byte) []byte {
	var out []byte
	for len(b) > 0 {
		n := int(b[0])
		out = append(out, b[1:1+n]...)
		b = b[1+n:]
	}
	return out
}

func bufioFor(b *bytes.Buffer) *bufio.Writer { return bufio.NewWriter(b) }
