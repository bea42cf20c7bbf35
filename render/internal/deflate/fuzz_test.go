package deflate

import (
	"bytes"
	"compress/flate"
	"io"
	"testing"

	"shinpan/render/internal/codectest"
)

// inflate is compress/flate's reading of a deflate stream.
func inflate(t *testing.T, stream []byte) []byte {
	t.Helper()
	got, err := io.ReadAll(flate.NewReader(bytes.NewReader(stream)))
	if err != nil {
		t.Fatalf("inflate: %v", err)
	}
	return got
}

// fuzzDists turns fuzzed numbers into match distances (1..32768), with
// period first when it is one: the distance at which the fuzzed data repeats.
func fuzzDists(period int, ds ...uint16) []int {
	var out []int
	if period >= 1 && period <= maxDist {
		out = append(out, period)
	}
	for _, d := range ds {
		out = append(out, 1+int(d)%maxDist)
	}
	return out
}

// addBoardSeeds adds the seeds both targets share: nothing, a byte, a run
// past the longest match, and a board's band (its rows, at their stride):
// whole, and eight rows repeated.
func addBoardSeeds(f *testing.F, add func(p []byte, reps uint8, d1, d2 uint16)) {
	add(nil, 0, 1, 2)
	add([]byte{7}, 0, 1, 1)
	add([]byte{9}, 255, 1, 64)
	add([]byte("abcabcabd"), 40, 3, 9)
	band := codectest.BoardData(f)[1].Rows
	add(band, 0, 1, 64)
	add(band[:659*8], 3, 1, 659*2)
}

// maxData bounds a fuzzed input once repeated: a band is 46 KB.
const maxData = 1 << 17

// FuzzDeflate: compress/flate inflates what Deflate wrote to its input. The
// input is p repeated up to reps+1 times (maxData at most), so that matches
// are found at p's length and the fuzzed distances.
func FuzzDeflate(f *testing.F) {
	addBoardSeeds(f, func(p []byte, reps uint8, d1, d2 uint16) { f.Add(p, reps, d1, d2) })
	var e Encoder
	f.Fuzz(func(t *testing.T, p []byte, reps uint8, d1, d2 uint16) {
		data := bytes.Repeat(p, 1+int(reps)%(1+maxData/(len(p)+1)))
		out := e.Deflate(nil, data, fuzzDists(len(p), d1, d2))
		if got := inflate(t, out); !bytes.Equal(got, data) {
			t.Fatalf("inflated %d bytes differ from the %d written", len(got), len(data))
		}
	})
}

// FuzzSegments: segments of three inputs, put together in another order
// with one repeated and ended by AppendEnd, inflate (compress/flate) to the
// inputs in that order; each segment's bytes are the same whenever it is
// made, after whatever the Encoder made before.
func FuzzSegments(f *testing.F) {
	addBoardSeeds(f, func(p []byte, reps uint8, d1, d2 uint16) {
		f.Add(p, bytes.Repeat(p, min(int(reps), 3)), []byte("shogi"), d1, d2)
	})
	f.Fuzz(func(t *testing.T, a, b, c []byte, d1, d2 uint16) {
		var e Encoder
		parts := [][]byte{a, b, c}
		segs := make([][]byte, len(parts))
		for i, p := range parts {
			segs[i] = e.Segment(nil, p, fuzzDists(len(p), d1, d2))
		}
		var stream, want []byte
		for _, i := range []int{2, 0, 1, 0} {
			stream = append(stream, segs[i]...)
			want = append(want, parts[i]...)
		}
		if got := inflate(t, AppendEnd(stream)); !bytes.Equal(got, want) {
			t.Fatalf("inflated %d bytes differ from the %d written", len(got), len(want))
		}
		for i, p := range parts { // the same bytes after other segments
			if again := e.Segment(nil, p, fuzzDists(len(p), d1, d2)); !bytes.Equal(again, segs[i]) {
				t.Fatalf("segment %d: %d bytes made again, %d first", i, len(again), len(segs[i]))
			}
		}
	})
}
