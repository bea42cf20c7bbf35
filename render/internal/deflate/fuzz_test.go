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

// addBoardSeeds adds the seeds both targets share, run by plain go test:
// nothing, a byte, a run past the longest match, and a board's rows, one
// and two of them as many times as a band has rows. Seeds stay small (the
// fuzzer minimises every new input it finds, and a large one takes its
// whole time); repeating them makes the data long.
func addBoardSeeds(f *testing.F, add func(p []byte, reps uint8, d1, d2 uint16)) {
	add(nil, 0, 1, 2)
	add([]byte{7}, 0, 1, 1)
	add([]byte{9}, 255, 1, 64)
	add([]byte("abcabcabd"), 40, 3, 9)
	stride := codectest.Width + 1
	band := codectest.BoardData(f)[1].Rows
	add(band[:stride], codectest.BandRows-1, 1, 64)
	add(band[30*stride:32*stride], codectest.BandRows/2, 1, uint16(2*stride))
}

// maxData bounds a fuzzed input once repeated: a band is 46 KB.
const maxData = 1 << 17

// repeat is p repeated up to 1+reps times, maxData bytes at most.
func repeat(p []byte, reps uint8) []byte {
	return bytes.Repeat(p, 1+int(reps)%(1+maxData/(len(p)+1)))
}

// FuzzDeflate: compress/flate inflates what Deflate wrote to its input, p
// repeated, so that matches are found at p's length and the fuzzed
// distances.
func FuzzDeflate(f *testing.F) {
	addBoardSeeds(f, func(p []byte, reps uint8, d1, d2 uint16) { f.Add(p, reps, d1, d2) })
	var e Encoder
	f.Fuzz(func(t *testing.T, p []byte, reps uint8, d1, d2 uint16) {
		data := repeat(p, reps)
		out := e.Deflate(nil, data, fuzzDists(len(p), d1, d2))
		if got := inflate(t, out); !bytes.Equal(got, data) {
			t.Fatalf("inflated %d bytes differ from the %d written", len(got), len(data))
		}
	})
}

// FuzzSegments: segments of three inputs (the first repeated), put
// together in another order with one twice and ended by AppendEnd, inflate
// (compress/flate) to the inputs in that order; each segment's bytes are
// the same whenever it is made, after whatever the Encoder made before.
func FuzzSegments(f *testing.F) {
	addBoardSeeds(f, func(p []byte, reps uint8, d1, d2 uint16) {
		f.Add(p, reps, p[:min(len(p), 100)], []byte("shogi"), d1, d2)
	})
	f.Fuzz(func(t *testing.T, a []byte, reps uint8, b, c []byte, d1, d2 uint16) {
		var e Encoder
		parts := [][]byte{repeat(a, reps), b, c}
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
