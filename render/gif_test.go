package render

import (
	"bytes"
	"image/gif"
	"io"
	"math/rand"
	"strconv"
	"testing"

	"shinpan/internal/cputime"
	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	internalgif "shinpan/render/internal/gif"
)

// shuffleMoves returns n moves (USI) of a game of random legal moves that
// does not end before them (no move that mates, repeats or runs into a limit).
func shuffleMoves(n int) []string {
	r := rand.New(rand.NewSource(int64(n)))
	g, _ := referee.New("moves", view.Standard, "", referee.Options{})
	var out []string
	var buf []shogi.Move
	for len(out) < n {
		p := g.TruePosition()
		buf = p.LegalMoves(buf[:0])
		r.Shuffle(len(buf), func(i, j int) { buf[i], buf[j] = buf[j], buf[i] })
		for _, m := range buf {
			try := g.Clone()
			if _, err := try.Apply(referee.Action{Kind: referee.ActMove, Player: p.SideToMove(), Text: m.USI()}); err == nil && !try.Over() {
				g = try
				out = append(out, m.USI())
				break
			}
		}
	}
	return out
}

func shogiColor(c int) shogi.Color { return shogi.Color(c) }

// timeline plays n moves of a long game (two records' moves, repeated where
// the referee allows) and returns its steps.
func replayTimeline(t testing.TB, v view.Variant, moves []string) []referee.Step {
	t.Helper()
	g, err := referee.New("gif", v, "", referee.DefaultOptions(v))
	if err != nil {
		t.Fatal(err)
	}
	var acts []referee.Action
	c := 0
	for _, m := range moves {
		acts = append(acts, referee.Action{Kind: referee.ActMove, Player: shogiColor(c), Text: m})
		c ^= 1
	}
	steps, err := referee.Timeline(g, acts)
	if err != nil {
		t.Fatal(err)
	}
	return steps
}

func TestGIFDecodesWithAFramePerMove(t *testing.T) {
	moves := shuffleMoves(40)
	steps := replayTimeline(t, view.Standard, moves)
	if len(steps) != len(moves)+1 {
		t.Fatalf("%d steps for %d moves", len(steps), len(moves))
	}
	var buf bytes.Buffer
	st, err := WriteGIF(&buf, ReplayFrames(steps, false), GIFOptions{Labels: enLabels})
	if err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) != len(moves)+1 || st.Frames != len(g.Image) || st.Bytes != int64(buf.Len()) {
		t.Fatalf("%d frames decoded, stats %+v, %d bytes", len(g.Image), st, buf.Len())
	}
	w, h := Size()
	if g.Config.Width != w || g.Config.Height != h {
		t.Fatalf("screen %dx%d", g.Config.Width, g.Config.Height)
	}
	if g.Delay[0] != GIFDelay || g.Delay[len(g.Delay)-1] != GIFLastDelay {
		t.Errorf("delays %d … %d", g.Delay[0], g.Delay[len(g.Delay)-1])
	}
	if g.LoopCount != 0 {
		t.Errorf("loop count %d", g.LoopCount)
	}
}

// TestGIFFramesAreTheBoards composes the decoded frames and compares each
// with the board painted directly: deltas and transparency lose nothing.
func TestGIFFramesAreTheBoards(t *testing.T) {
	moves := shuffleMoves(12)
	steps := replayTimeline(t, view.Tsuitate, moves)
	frames := ReplayFrames(steps, false)
	var buf bytes.Buffer
	if _, err := WriteGIF(&buf, frames, GIFOptions{}); err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(&buf)
	if err != nil {
		t.Fatal(err)
	}
	th, c, _ := ThemeLight.resolve()
	a, _ := getAssets(th, c, "")
	w, h := Size()
	screen := make([]uint8, w*h)
	for k, fr := range g.Image {
		tr := -1
		for i, col := range fr.Palette {
			if _, _, _, al := col.RGBA(); al == 0 {
				tr = i
			}
		}
		for y := fr.Rect.Min.Y; y < fr.Rect.Max.Y; y++ {
			for x := fr.Rect.Min.X; x < fr.Rect.Max.X; x++ {
				if p := fr.ColorIndexAt(x, y); int(p) != tr {
					screen[y*w+x] = p
				}
			}
		}
		want := getCanvas(a)
		a.paint(want, &frames[k].View, &Options{})
		if !bytes.Equal(screen, want.Pix) {
			t.Fatalf("frame %d differs from the board", k)
		}
		putCanvas(want)
	}
}

func TestGIFFoulFrames(t *testing.T) {
	steps := replayTimeline(t, view.Standard, shuffleMoves(4))
	steps[2].Fouls = []view.FoulRecord{{Player: 0, Number: 3, Move: "2h2a", Reason: "x"}, {Player: 0, Number: 3, Move: "P*5e", Reason: "y"}}
	fr := ReplayFrames(steps, true)
	if len(fr) != len(steps)+2 || fr[3].View.Fouls[0] != 1 || fr[4].View.Fouls[0] != 2 || fr[4].View.LastMove.String() != "P*5e" {
		t.Fatalf("%d frames: %+v", len(fr), fr[3].View.Fouls)
	}
	if _, err := WriteGIF(&bytes.Buffer{}, fr, GIFOptions{}); err != nil {
		t.Fatal(err)
	}
}

func TestGIFNeedsFrames(t *testing.T) {
	if _, err := WriteGIF(&bytes.Buffer{}, nil, GIFOptions{}); err == nil {
		t.Fatal("no error for no frames")
	}
	if _, err := WriteGIF(&bytes.Buffer{}, []GIFFrame{{View: view.View{Variant: "chess"}}}, GIFOptions{}); err == nil {
		t.Fatal("no error for a bad view")
	}
}

// BenchmarkGIF builds the GIF of a game of 150 and of 300 moves (the
// timeline given: replaying the log is the referee's cost, not the
// renderer's); gif-bytes is its size. Goal: 150 moves in 1 s on one core
// (go test -bench GIF -cpu 1), 300 moves under Discord's 10 MiB.
func BenchmarkGIF(b *testing.B) {
	for _, n := range []int{150, 300} {
		steps := replayTimeline(b, view.Standard, shuffleMoves(n))
		frames := ReplayFrames(steps, false)
		b.Run(strconv.Itoa(n)+"moves", func(b *testing.B) {
			var size int64
			b.ResetTimer()
			cpu0 := cputime.Process()
			for i := 0; i < b.N; i++ {
				st, err := WriteGIF(io.Discard, frames, GIFOptions{Labels: enLabels})
				if err != nil {
					b.Fatal(err)
				}
				size = st.Bytes
			}
			if cpu := cputime.Process() - cpu0; cpu > 0 {
				b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
			}
			b.ReportMetric(float64(size), "gif-bytes")
		})
	}
}

// TestGIFUnderTheLimit: a 300-move game stays under Discord's 10 MiB.
func TestGIFUnderTheLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("300 moves")
	}
	steps := replayTimeline(t, view.Standard, shuffleMoves(300))
	st, err := WriteGIF(io.Discard, ReplayFrames(steps, false), GIFOptions{Theme: ThemeContrast})
	if err != nil {
		t.Fatal(err)
	}
	if st.Frames != 301 || st.Bytes >= 10<<20 {
		t.Fatalf("%+v", st)
	}
	t.Logf("300 moves: %d bytes", st.Bytes)
}

// BenchmarkGIFEncoder writes the frames of a 150-move game (as WriteGIF
// makes them: the first whole, then the rectangle that changed with
// unchanged pixels transparent; read back from WriteGIF's output), ours
// (internal/gif, a frame at a time) against image/gif.EncodeAll (every
// frame held at once); both code the pixels with compress/lzw.
func BenchmarkGIFEncoder(b *testing.B) {
	var buf bytes.Buffer
	steps := replayTimeline(b, view.Standard, shuffleMoves(150))
	if _, err := WriteGIF(&buf, ReplayFrames(steps, false), GIFOptions{Labels: enLabels}); err != nil {
		b.Fatal(err)
	}
	g, err := gif.DecodeAll(&buf)
	if err != nil {
		b.Fatal(err)
	}
	pal := g.Image[0].Palette[:len(g.Image[0].Palette)-1] // the theme's, without the transparent entry
	for len(pal) > 0 {
		if _, _, _, a := pal[len(pal)-1].RGBA(); a != 0 {
			break
		}
		pal = pal[:len(pal)-1]
	}
	b.Run("shinpan", func(b *testing.B) {
		var n int64
		cpu0 := cputime.Process()
		for b.Loop() {
			cw := &countWriter{w: io.Discard}
			w, err := internalgif.NewWriter(cw, imgW, imgH, pal)
			if err != nil {
				b.Fatal(err)
			}
			for k, img := range g.Image {
				if err := w.Frame(img.Rect, img.Pix, g.Delay[k]); err != nil {
					b.Fatal(err)
				}
			}
			if err := w.Close(); err != nil {
				b.Fatal(err)
			}
			n = cw.n
		}
		b.ReportMetric(float64((cputime.Process()-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
		b.ReportMetric(float64(n), "gif-bytes")
	})
	b.Run("image-gif", func(b *testing.B) {
		var n int64
		cpu0 := cputime.Process()
		for b.Loop() {
			cw := &countWriter{w: io.Discard}
			if err := gif.EncodeAll(cw, g); err != nil {
				b.Fatal(err)
			}
			n = cw.n
		}
		b.ReportMetric(float64((cputime.Process()-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
		b.ReportMetric(float64(n), "gif-bytes")
	})
}
