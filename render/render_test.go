package render

import (
	"bytes"
	"crypto/sha256"
	hexenc "encoding/hex"
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"shinpan/internal/testkit"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

var update = flag.Bool("update", false, "rewrite render/testdata golden PNGs and hashes")

// Positions used by the fixtures (random legal playouts, fixed here).
const (
	sfenMiddle = "1ns6/lrk1g+Ns1+L/+P1pg1p2n/Pp2p1ppp/2s1+bP2P/4L1PP1/3P4N/p2S2GGR/3K2+b1L b 2Pp 71"
	sfenCheck  = "2s1k1sn1/lr1ggl+P1L/p1P1pp1p1/+bp1p4n/9/P2+b1PR1P/1P4PP1/3N5/1NSG1GKs+l b 2P2p 71"
	sfenSeed3  = "1ns3s2/lr7/p1gp1P1+PP/4k2P1/4pNP2/1GP1N4/PP1PKR1+p1/B1+plP2p1/LNS1GGS1+l b 2Pb 71"
	sfenMasked = "ln1g1g1nl/1r1s3b1/p1pppp1pp/6p2/1p7/2P4P1/PP1PPPP1P/1B1S3R1/LN1GKGSNL b K 24"
)

func mustPos(t testing.TB, sfen string) *shogi.Position {
	t.Helper()
	p, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func sq(t testing.TB, s string) shogi.Square {
	t.Helper()
	q, err := shogi.ParseSquare(s)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

func side(c shogi.Color) *shogi.Color { return &c }

// reachOf lists the own-board destinations of the piece on from.
func reachOf(p *shogi.Position, from shogi.Square) *Reach {
	r := &Reach{From: from}
	seen := map[shogi.Square]bool{}
	for _, m := range p.OwnBoardMoves(nil) {
		if m.From() == from && !seen[m.To()] {
			seen[m.To()] = true
			r.To = append(r.To, m.To())
		}
	}
	sort.Slice(r.To, func(i, j int) bool { return r.To[i] < r.To[j] })
	return r
}

// paintView renders v into a fresh paletted image without encoding (tests).
func paintView(v view.View, opt Options) (*image.Paletted, error) {
	t, c, err := opt.Theme.resolve()
	if err != nil {
		return nil, err
	}
	if err := validate(&v, &opt); err != nil {
		return nil, err
	}
	a, err := getAssets(t, c, opt.Pieces)
	if err != nil {
		return nil, err
	}
	dst := image.NewPaletted(image.Rect(0, 0, imgW, imgH), a.pal)
	a.paint(dst, &v, &opt)
	return dst, nil
}

type fixture struct {
	name string
	v    view.View
	opt  Options
}

// fixtures are the golden views: a handful per variant, both themes.
func fixtures(t testing.TB) []fixture {
	var fs []fixture
	add := func(name string, v view.View, opt Options) { fs = append(fs, fixture{name, v, opt}) }

	start := shogi.Startpos()
	add("standard-start", view.Of(view.Standard, start, view.ViewerBlack), Options{Labels: enLabels})
	add("standard-start-ja", view.Of(view.Standard, start, view.ViewerBlack), Options{Labels: jaLabels})

	mid := mustPos(t, sfenMiddle)
	v := view.Of(view.Standard, mid, view.ViewerBlack)
	v.LastMove = testkit.USI(t, "2b5e")
	v.LostAt = sq(t, "5e")
	add("standard-middle-black", v, Options{Labels: enLabels,
		Reach: reachOf(mid, sq(t, "4e")), Notes: []shogi.Square{sq(t, "7c")}})

	v = view.Of(view.Standard, mid, view.ViewerWhite)
	v.LastMove = testkit.USI(t, "2b5e")
	add("standard-middle-white", v, Options{Labels: jaLabels})

	ts := mustPos(t, sfenSeed3)
	v = view.Of(view.Tsuitate, ts, view.ViewerBlack)
	v.FoulLimit, v.Fouls, v.FoulsKnown = 10, [2]int{2, 1}, [2]bool{true, false}
	v.LastMove = testkit.USI(t, "4d4c")
	v.LostAt = sq(t, "7h")
	add("tsuitate-black", v, Options{Labels: enLabels, Notes: []shogi.Square{sq(t, "5d"), sq(t, "3c"), sq(t, "8h")}})

	v = view.Of(view.Tsuitate, ts, view.ViewerWhite)
	v.FoulLimit, v.Fouls, v.FoulsKnown = 20, [2]int{2, 13}, [2]bool{true, true}
	v.LastMove = testkit.USI(t, "5d5e")
	v.Turn = shogi.White
	v.InCheck = true
	add("tsuitate-white", v, Options{Labels: jaLabels})
	add("tsuitate-white-en", v, Options{Labels: enLabels})

	mk := mustPos(t, sfenMasked)
	v = view.Of(view.Masked, mk, view.ViewerBlack)
	v.Mask = sq(t, "4i")
	v.InCheck = true
	v.LastMove = testkit.USI(t, "3c3d")
	add("masked-black-check", v, Options{Labels: enLabels,
		Reach: reachOf(mk, sq(t, "4i")), Notes: []shogi.Square{sq(t, "4i"), sq(t, "5e")}})

	ck := mustPos(t, sfenCheck)
	v = view.Of(view.Dark, ck, view.ViewerBlack)
	v.LastMove = testkit.USI(t, "3h3f")
	v.LostAt = sq(t, "5d")
	add("dark-black", v, Options{Labels: enLabels, Notes: []shogi.Square{sq(t, "5b"), sq(t, "8e")}, Reach: reachOf(ck, sq(t, "3f"))})

	v = view.Of(view.Dark, ck, view.ViewerWhite)
	v.LastMove = testkit.USI(t, "P*2c")
	add("dark-white", v, Options{Labels: Labels{Sides: [2]string{"太郎 (not drawn: no such glyphs)", "White"}}})

	v = view.Revealed(view.Masked, mk)
	v.Masks = [2]shogi.Square{sq(t, "4i"), sq(t, "7a")}
	v.Result = &view.Result{Winner: side(shogi.White), Reason: view.ReasonMaskCaptured}
	add("reveal-masked", v, Options{Labels: withResult(enLabels, "☖ White won by capturing the mask")})

	v = view.Revealed(view.Tsuitate, ts)
	v.FoulLimit, v.Fouls, v.FoulsKnown = 10, [2]int{2, 10}, [2]bool{true, true}
	v.Result = &view.Result{Winner: side(shogi.Black), Reason: view.ReasonFoulLimit}
	add("reveal-tsuitate", v, Options{Labels: withResult(jaLabels, "☗ 先手の勝ち（反則の上限）")})

	v = view.Revealed(view.Dark, ck)
	v.Result = &view.Result{Reason: view.ReasonMoveLimit}
	add("reveal-dark-draw", v, Options{Labels: withResult(enLabels, "Draw by the move limit")})

	// One board per piece set, each on another theme, with the marks of the
	// variants' hidden squares: a seen king (Tsuitate king_visible), fog,
	// check, a mask.
	v = view.Of(view.Tsuitate, ts, view.ViewerBlack)
	v.ShowKing(ts, shogi.White)
	v.FoulLimit, v.Fouls, v.FoulsKnown = 10, [2]int{2, 1}, [2]bool{true, true}
	v.LastMove = testkit.USI(t, "4d4c")
	v.LostAt = sq(t, "7h")
	add("set-koma-wood-tsuitate", v, Options{Theme: ThemeWood, Pieces: PiecesKoma, Labels: enLabels,
		Notes: []shogi.Square{sq(t, "5d"), sq(t, "3c")}})

	v = view.Of(view.Tsuitate, ts, view.ViewerPublic)
	v.ShowKing(ts, shogi.Black)
	v.ShowKing(ts, shogi.White)
	v.ShowCaptured = true
	v.Captured[shogi.Black][shogi.Pawn], v.Captured[shogi.White][shogi.Silver] = 3, 1
	add("set-koma-contrast-public", v, Options{Theme: ThemeContrast, Pieces: PiecesKoma, Labels: jaLabels})

	v = view.Of(view.Standard, mid, view.ViewerWhite)
	v.LastMove = testkit.USI(t, "2b5e")
	v.InCheck = true
	add("set-koma2-light-check", v, Options{Pieces: PiecesKoma2, Labels: jaLabels,
		Reach: reachOf(mid, sq(t, "4e")), Notes: []shogi.Square{sq(t, "7c")}})

	v = view.Of(view.Dark, ck, view.ViewerBlack)
	v.LastMove = testkit.USI(t, "3h3f")
	v.LostAt = sq(t, "5d")
	add("set-international-contrast-dark", v, Options{Theme: ThemeContrast, Pieces: PiecesInternational,
		Labels: enLabels, Reach: reachOf(ck, sq(t, "3f"))})

	v = view.Of(view.Masked, mk, view.ViewerBlack)
	v.Mask = sq(t, "4i")
	v.InCheck = true
	v.LastMove = testkit.USI(t, "3c3d")
	add("set-international-wood-masked", v, Options{Theme: ThemeWood, Pieces: PiecesInternational, Labels: enLabels})

	// Contrast theme copies of one view per kind.
	for _, f := range append([]fixture(nil), fs...) {
		switch f.name {
		case "standard-middle-black", "tsuitate-white", "masked-black-check", "dark-black", "reveal-masked":
			opt := f.opt
			opt.Theme = ThemeContrast
			fs = append(fs, fixture{f.name + "-contrast", f.v, opt})
		}
	}
	return fs
}

// pixelHash is the SHA-256 of the decoded image's RGBA pixels, so that a
// different (but equivalent) PNG encoding does not fail the test.
func pixelHash(t testing.TB, b []byte) string {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	r := img.Bounds()
	h := sha256.New()
	buf := make([]byte, 0, 4*r.Dx())
	if pi, ok := img.(*image.Paletted); ok { // the same bytes, a colour looked up once
		var rgba [256][4]byte
		for i, c := range pi.Palette {
			cr, cg, cb, ca := c.RGBA()
			rgba[i] = [4]byte{byte(cr >> 8), byte(cg >> 8), byte(cb >> 8), byte(ca >> 8)}
		}
		for y := r.Min.Y; y < r.Max.Y; y++ {
			buf = buf[:0]
			for _, p := range pi.Pix[pi.PixOffset(r.Min.X, y):pi.PixOffset(r.Max.X, y)] {
				buf = append(buf, rgba[p][:]...)
			}
			h.Write(buf)
		}
		return hexenc.EncodeToString(h.Sum(nil))
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		buf = buf[:0]
		for x := r.Min.X; x < r.Max.X; x++ {
			cr, cg, cb, ca := img.At(x, y).RGBA()
			buf = append(buf, byte(cr>>8), byte(cg>>8), byte(cb>>8), byte(ca>>8))
		}
		h.Write(buf)
	}
	return hexenc.EncodeToString(h.Sum(nil))
}

// TestGolden renders every fixture and compares the pixel hash with
// testdata/golden.txt; `go test ./render -update` rewrites the PNGs (for people
// to look at) and the hashes. The hashes were made on amd64: the sprites are
// rasterised once with float32 arithmetic, which on architectures that fuse
// multiply-adds (arm64, ppc64, s390x) may round an edge pixel differently; if
// only that fails, look at the images and update.
func TestGolden(t *testing.T) {
	fs := fixtures(t)
	want := map[string]string{}
	if b, err := os.ReadFile(filepath.Join("testdata", "golden.txt")); err == nil {
		for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
			if f := strings.Fields(line); len(f) == 2 {
				want[f[0]] = f[1]
			}
		}
	}
	var lines []string
	for _, f := range fs {
		img, err := Render(f.v, f.opt)
		if err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		if img.Width != imgW || img.Height != imgH {
			t.Errorf("%s: size %d×%d", f.name, img.Width, img.Height)
		}
		got := pixelHash(t, img.PNG)
		lines = append(lines, f.name+" "+got)
		if *update {
			if err := os.WriteFile(filepath.Join("testdata", f.name+".png"), img.PNG, 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: %d bytes", f.name, len(img.PNG))
			continue
		}
		if want[f.name] != got {
			t.Errorf("%s: pixel hash %s, want %s (look at the image, then run go test ./render -update)", f.name, got, want[f.name])
		}
	}
	if *update {
		if err := os.WriteFile(filepath.Join("testdata", "golden.txt"), []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestGoldenPNGsMatch checks that the committed PNGs are the renderer's output
// (by pixels), so the pictures people look at are not stale.
func TestGoldenPNGsMatch(t *testing.T) {
	if *update {
		t.Skip("updating")
	}
	for _, f := range fixtures(t) {
		b, err := os.ReadFile(filepath.Join("testdata", f.name+".png"))
		if err != nil {
			t.Errorf("%s: %v", f.name, err)
			continue
		}
		img, err := Render(f.v, f.opt)
		if err != nil {
			t.Fatal(err)
		}
		if pixelHash(t, b) != pixelHash(t, img.PNG) {
			t.Errorf("%s: testdata PNG is stale; run go test ./render -update", f.name)
		}
	}
}

func TestSizeAndDecode(t *testing.T) {
	img, err := Render(view.Of(view.Standard, shogi.Startpos(), view.ViewerBlack), Options{})
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(img.PNG))
	if err != nil {
		t.Fatal(err)
	}
	if w, h := Size(); cfg.Width != w || cfg.Height != h || img.Width != w || img.Height != h {
		t.Fatalf("size %d×%d, Image %d×%d, Size %d×%d", cfg.Width, cfg.Height, img.Width, img.Height, w, h)
	}
	if _, ok := cfg.ColorModel.(interface{ Index(c any) int }); ok {
		t.Log("paletted")
	}
	if len(img.PNG) > 30<<10 {
		t.Errorf("start position PNG is %d bytes, want < 30 KB", len(img.PNG))
	}
	_ = image.Rect
}

// TestConcurrentRender: Render is safe and deterministic from many goroutines
// at once (shared sprites, pooled canvases and encoder buffers), and an image
// it returned shares no bytes with what it draws later (the encoders' buffers
// are reused).
func TestConcurrentRender(t *testing.T) {
	fs := fixtures(t)
	want := make([][]byte, len(fs))
	kept := make([][]byte, len(fs))
	for i, f := range fs {
		img, err := Render(f.v, f.opt)
		if err != nil {
			t.Fatal(err)
		}
		want[i], kept[i] = img.PNG, bytes.Clone(img.PNG)
	}
	for i := range fs {
		if !bytes.Equal(want[i], kept[i]) {
			t.Fatalf("%s: the image changed as later ones were drawn", fs[i].name)
		}
	}
	errs := make(chan error, 4*len(fs))
	for g := 0; g < 4; g++ {
		go func(g int) {
			for k := range fs {
				i := (k + g*3) % len(fs)
				img, err := Render(fs[i].v, fs[i].opt)
				if err == nil && !bytes.Equal(img.PNG, want[i]) {
					err = errorf("%s: bytes differ under concurrency", fs[i].name)
				}
				errs <- err
			}
		}(g)
	}
	for k := 0; k < 4*len(fs); k++ {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
}

func errorf(format string, a ...any) error { return fmt.Errorf(format, a...) }
