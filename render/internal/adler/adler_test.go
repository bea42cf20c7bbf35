package adler

import (
	"bytes"
	stdadler "hash/adler32"
	"math/rand/v2"
	"testing"

	"shinpan/render/internal/codectest"
)

// TestChecksum: our checksum equals hash/adler32's for every length up to
// 20000 of all-0xff bytes (the worst case for overflow) and of random bytes,
// and for 600 KB of 0xff.
func TestChecksum(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	ff := bytes.Repeat([]byte{0xff}, 20_000)
	rnd := make([]byte, 20_000)
	for i := range rnd {
		rnd[i] = byte(r.IntN(256))
	}
	for name, data := range map[string][]byte{"0xff": ff, "random": rnd, "600KB-0xff": bytes.Repeat(ff, 30)} {
		t.Run(name, func(t *testing.T) {
			for n := 0; n <= len(data); n += 1 + n/50 {
				if got, want := Checksum(data[:n]), stdadler.Checksum(data[:n]); got != want {
					t.Fatalf("%d bytes: %08x, want %08x", n, got, want)
				}
			}
		})
	}
}

// TestCombine: the checksum combined from two parts equals hash/adler32's
// of the whole, for splits anywhere (empty parts included), parts longer
// than the modulus, and all-0xff bytes (the largest sums).
func TestCombine(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 0))
	rnd := make([]byte, 200_000)
	for i := range rnd {
		rnd[i] = byte(r.IntN(256))
	}
	ff := bytes.Repeat([]byte{0xff}, 200_000)
	for name, data := range map[string][]byte{"random": rnd, "0xff": ff} {
		t.Run(name, func(t *testing.T) {
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
				got := Combine(stdadler.Checksum(p1), stdadler.Checksum(p2), len(p2))
				if want := stdadler.Checksum(whole); got != want {
					t.Fatalf("%d+%d bytes: %08x, want %08x", len(p1), len(p2), got, want)
				}
			}
		})
	}
}

// maxFuzz bounds a fuzzed input once repeated: past the modulus and the
// 5552-byte blocks many times over.
const maxFuzz = 1 << 18

// repeat is p repeated up to 1+rep times, maxFuzz bytes at most: fuzzed
// inputs stay small (the fuzzer minimises every new one it finds, and a
// large one takes its whole time) while the data checked can be long.
func repeat(p []byte, rep uint16) []byte {
	return bytes.Repeat(p, 1+int(rep)%(1+maxFuzz/(len(p)+1)))
}

// seed is one input of the seed corpus, run by plain go test.
type seed struct {
	p   []byte
	rep uint16
}

// seeds are empty, short, the 0xff worst case across a 5552-byte block and
// far past it, and a board's row as many times as a band has rows.
func seeds(f *testing.F) []seed {
	row := codectest.BoardData(f)[1].Rows[:codectest.Width+1]
	return []seed{
		{nil, 0},
		{[]byte{0}, 0},
		{[]byte("Wikipedia"), 0},
		{[]byte{0xff}, 5550},
		{[]byte{0xff}, 5552},
		{[]byte{0xff, 0xff, 0xff}, 30_000},
		{row, codectest.BandRows - 1},
	}
}

// FuzzChecksum: Checksum equals hash/adler32.Checksum.
func FuzzChecksum(f *testing.F) {
	for _, s := range seeds(f) {
		f.Add(s.p, s.rep)
	}
	f.Fuzz(func(t *testing.T, p []byte, rep uint16) {
		data := repeat(p, rep)
		if got, want := Checksum(data), stdadler.Checksum(data); got != want {
			t.Fatalf("%d bytes: %08x, want %08x", len(data), got, want)
		}
	})
}

// FuzzCombine: the checksum combined from p's two parts, cut anywhere,
// the second repeated, equals hash/adler32's of the whole.
func FuzzCombine(f *testing.F) {
	for i, s := range seeds(f) {
		f.Add(s.p, uint(i*97), s.rep)
	}
	f.Add([]byte{0xff}, uint(1), uint16(65520))
	f.Add([]byte{0xff, 0xfe}, uint(1), uint16(65535))
	f.Fuzz(func(t *testing.T, p []byte, cut uint, rep uint16) {
		c := int(cut % uint(len(p)+1))
		p1, p2 := p[:c], repeat(p[c:], rep)
		whole := append(bytes.Clone(p1), p2...)
		got := Combine(Checksum(p1), Checksum(p2), len(p2))
		if want := stdadler.Checksum(whole); got != want {
			t.Fatalf("%d+%d bytes: %08x, want %08x", len(p1), len(p2), got, want)
		}
	})
}

// BenchmarkChecksum: ours against hash/adler32 on a board's PNG rows, whole
// (encode without a cache scope) and one band (each band not cached).
func BenchmarkChecksum(b *testing.B) {
	for _, d := range codectest.BoardData(b) {
		for _, impl := range []struct {
			name string
			f    func([]byte) uint32
		}{{"shinpan", Checksum}, {"hash-adler32", stdadler.Checksum}} {
			b.Run(d.Name+"/"+impl.name, func(b *testing.B) {
				b.SetBytes(int64(len(d.Rows)))
				codectest.Measure(b, func() { impl.f(d.Rows) })
			})
		}
	}
}

// BenchmarkCombine: joining a board's 14 band checksums (what a board of
// cached bands costs) against checksumming its rows anew with hash/adler32
// (what the library offers, and which would need the cached bands' rows
// painted again).
func BenchmarkCombine(b *testing.B) {
	rows := codectest.BoardData(b)[0].Rows
	const bands = 14
	n := len(rows) / bands
	sums := make([]uint32, bands)
	lens := make([]int, bands)
	for i := range bands {
		p := rows[i*n : min(len(rows), (i+1)*n)]
		if i == bands-1 {
			p = rows[i*n:]
		}
		sums[i], lens[i] = Checksum(p), len(p)
	}
	want := stdadler.Checksum(rows)
	b.Run("shinpan-combine", func(b *testing.B) {
		var sum uint32
		codectest.Measure(b, func() {
			sum = 1
			for i, s := range sums {
				sum = Combine(sum, s, lens[i])
			}
		})
		if sum != want {
			b.Fatalf("%08x, want %08x", sum, want)
		}
	})
	b.Run("hash-adler32-whole", func(b *testing.B) {
		codectest.Measure(b, func() { stdadler.Checksum(rows) })
	})
}
