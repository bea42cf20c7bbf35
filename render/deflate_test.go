package render

import (
	"bytes"
	"compress/flate"
	stdadler "hash/adler32"
	"image"
	"image/png"
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
	var d deflater
	for name, in := range cases {
		out := d.deflate(nil, in, []int{1, sqW, 659, 2 * 659})
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

// TestEncodeDecodes: every bench view's PNG decodes with image/png to the
// very pixels painted.
func TestEncodeDecodes(t *testing.T) {
	for _, bv := range benchViews(t) {
		for _, theme := range Themes {
			opt := bv.opt
			opt.Theme = theme
			img, err := Render(bv.v, opt)
			if err != nil {
				t.Fatal(err)
			}
			dec, err := png.Decode(bytes.NewReader(img.PNG))
			if err != nil {
				t.Fatalf("%s/%s: %v", bv.name, theme, err)
			}
			pm, ok := dec.(*image.Paletted)
			if !ok {
				t.Fatalf("%s/%s: decoded as %T", bv.name, theme, dec)
			}
			a := assetsFor(t, theme)
			want := image.NewPaletted(image.Rect(0, 0, imgW, imgH), a.pal)
			a.paint(want, &bv.v, &opt)
			if !bytes.Equal(pm.Pix, want.Pix) || len(pm.Palette) != len(want.Palette) {
				t.Fatalf("%s/%s: decoded pixels differ from the painted ones", bv.name, theme)
			}
			for i := range want.Palette {
				if r1, g1, b1, a1 := pm.Palette[i].RGBA(); true {
					r2, g2, b2, a2 := want.Palette[i].RGBA()
					if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
						t.Fatalf("%s/%s: palette entry %d differs", bv.name, theme, i)
					}
				}
			}
		}
	}
}

// TestAdler32: our checksum equals hash/adler32's for every length up to 20000
// of all-0xff bytes (the worst case for overflow) and of random bytes.
func TestAdler32(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	ff := bytes.Repeat([]byte{0xff}, 20_000)
	rnd := make([]byte, 20_000)
	for i := range rnd {
		rnd[i] = byte(r.IntN(256))
	}
	for _, data := range [][]byte{ff, rnd} {
		for n := 0; n <= len(data); n += 1 + n/50 {
			if got, want := adler32(data[:n]), stdadler.Checksum(data[:n]); got != want {
				t.Fatalf("%d bytes: %08x, want %08x", n, got, want)
			}
		}
	}
	big := bytes.Repeat(ff, 30)
	if got, want := adler32(big), stdadler.Checksum(big); got != want {
		t.Fatalf("600 KB: %08x, want %08x", got, want)
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

// TestAdler32Combine: the checksum combined from two parts equals
// hash/adler32's of the whole, for splits anywhere (empty parts included),
// parts longer than the modulus, and all-0xff bytes (the largest sums).
func TestAdler32Combine(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 0))
	rnd := make([]byte, 200_000)
	for i := range rnd {
		rnd[i] = byte(r.IntN(256))
	}
	ff := bytes.Repeat([]byte{0xff}, 200_000)
	for _, data := range [][]byte{rnd, ff} {
		for i := 0; i < 300; i++ {
			n := r.IntN(len(data) + 1)
			if i < 3 {
				n = []int{0, 65521, len(data)}[i]
			}
			whole := data[:n]
			cut := r.IntN(n + 1)
			if i%7 == 0 {
				cut = n
			}
			p1, p2 := whole[:cut], whole[cut:]
			got := adler32Combine(stdadler.Checksum(p1), stdadler.Checksum(p2), len(p2))
			if want := stdadler.Checksum(whole); got != want {
				t.Fatalf("%d+%d bytes: %08x, want %08x", len(p1), len(p2), got, want)
			}
		}
	}
}

// TestSegmentsInflate: segments written one after another and ended by
// finalBlock inflate to their inputs in order, whichever segments are put
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
	var d deflater
	segs := make([][]byte, len(parts))
	for i, p := range parts {
		segs[i] = d.segment(nil, p, []int{659, 1, sqW, 2 * 659})
	}
	for _, order := range [][]int{{0}, {0, 1, 2, 3, 4, 5}, {5, 3, 1}, {2, 2, 4}} {
		var stream, want []byte
		for _, i := range order {
			stream = append(stream, segs[i]...)
			want = append(want, parts[i]...)
		}
		stream = append(stream, finalBlock...)
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
