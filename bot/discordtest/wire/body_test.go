package wire

import (
	"bytes"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"io"
	"testing"
	"testing/iotest"
)

// TestReadAll checks ReadAll against io.ReadAll(io.LimitReader) for bodies
// shorter than, as long as and longer than the size given, past the limit,
// with no size, read a byte at a time, and into a buffer reused.
func TestReadAll(t *testing.T) {
	var buf []byte
	for _, n := range []int{0, 1, 511, 512, 513, 4000} {
		data := bytes.Repeat([]byte("abcdefg"), n)[:n]
		for _, size := range []int64{-1, 0, int64(n) - 1, int64(n), int64(n) + 1, 2 * int64(n), 10000} {
			for _, limit := range []int64{int64(n) / 2, int64(n), 10000} {
				for _, oneByte := range []bool{false, true} {
					mk := func() io.Reader {
						if oneByte {
							return iotest.OneByteReader(bytes.NewReader(data))
						}
						return bytes.NewReader(data)
					}
					want, _ := io.ReadAll(io.LimitReader(mk(), limit))
					got, err := ReadAll(buf, mk(), size, limit)
					if err != nil || !bytes.Equal(got, want) || got == nil {
						t.Fatalf("n=%d size=%d limit=%d: got %d bytes (%v), want %d", n, size, limit, len(got), err, len(want))
					}
					buf = got
				}
			}
		}
	}
	// An error is passed on with what was read before it.
	r := io.MultiReader(bytes.NewReader([]byte("ab")), iotest.ErrReader(io.ErrUnexpectedEOF))
	if got, err := ReadAll(nil, r, 10, 100); err != io.ErrUnexpectedEOF || string(got) != "ab" {
		t.Fatalf("got %q, %v", got, err)
	}
}

// TestImageSize: a PNG's size read from its header is image.DecodeConfig's,
// paletted or not; what is no image has none.
func TestImageSize(t *testing.T) {
	pal := image.NewPaletted(image.Rect(0, 0, 90, 45), color.Palette{color.White, color.Black})
	for _, img := range []image.Image{pal, image.NewRGBA(image.Rect(0, 0, 3, 700))} {
		var buf bytes.Buffer
		if err := png.Encode(&buf, img); err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		if w, h, ok := pngSize(buf.Bytes()); !ok || w != cfg.Width || h != cfg.Height {
			t.Errorf("pngSize = %d, %d, %v; want %d, %d", w, h, ok, cfg.Width, cfg.Height)
		}
		bad := bytes.Clone(buf.Bytes())
		bad[20]++ // the height, under the checksum
		if _, _, ok := pngSize(bad); ok {
			t.Error("pngSize took a header whose checksum is wrong")
		}
		if w, h := ImageSize(bad); w != 0 || h != 0 {
			t.Errorf("ImageSize of a broken PNG = %d, %d", w, h)
		}
	}
	if w, h := ImageSize(bytes.Repeat([]byte{0x89, 'P', 'N', 'G', 0, 1, 2}, 20)); w != 0 || h != 0 {
		t.Errorf("ImageSize of no image = %d, %d", w, h)
	}
}

// TestPayloadFields: payload's str, int and list give what json.Unmarshal
// gives for every kind of value.
func TestPayloadFields(t *testing.T) {
	p := Parse([]byte(`{"a":"plain ☗","b":"esc\"aped\n\u003c","c":"","d":12,"e":-3,"f":1.5,"g":1e2,"h":null,` +
		`"i":[],"j":[ ],"k":[1],"l":{"x":1},"m":true,"n":"\ud800","o":99999999999999999999}`))
	for k := range p {
		var s string
		_ = json.Unmarshal(p[k], &s)
		if got := p.Str(k); got != s {
			t.Errorf("str(%s) = %q, want %q", k, got, s)
		}
		var n int64
		_ = json.Unmarshal(p[k], &n)
		if got := p.Int(k); got != n {
			t.Errorf("int(%s) = %d, want %d", k, got, n)
		}
		var a []json.RawMessage
		want := json.RawMessage(nil)
		if json.Unmarshal(p[k], &a) == nil && len(a) > 0 {
			want = p[k]
		}
		if got := p.List(k); string(got) != string(want) {
			t.Errorf("list(%s) = %s, want %s", k, got, want)
		}
	}
}

// TestParseValid: parseValid splits a JSON object as json.Unmarshal does.
func TestParseValid(t *testing.T) {
	for _, in := range []string{
		`{}`, ` { } `, `null`, `[1,2]`, `"s"`, `{"a":1}`, `{"a":-1.5e3,"b":true,"c":false,"d":null}`,
		`{ "a" : "x" , "b" : [ 1 , { "c" : "}]\"," } ] , "e" : { } }`,
		`{"content":"\u003c@1\u003e \\ \"q\"","components":[{"type":1,"components":[{"type":2,"custom_id":"a]}"}]}],"n":0}`,
		`{"a":1,"a":2}`, `{"k\u00e9y":"v","k\"":1}`, "{\"\xff\":1}", "{\"a\":\"\xff\"}",
		`{"nested":{"a":{"b":[[],[{}]]}},"last":[]}`,
	} {
		got, want := ParseValid([]byte(in)), Parse([]byte(in))
		if len(got) != len(want) || (got == nil) != (want == nil) {
			t.Errorf("%s: got %q, want %q", in, got, want)
			continue
		}
		for k, v := range want {
			if string(got[k]) != string(v) {
				t.Errorf("%s: field %q = %s, want %s", in, k, got[k], v)
			}
		}
	}
}

// FuzzAttachmentRefs: AttachmentRefs reads what json.Unmarshal reads, the
// entries scanRefs takes as the others.
func FuzzAttachmentRefs(f *testing.F) {
	for _, s := range []string{`[]`, ` [ ] `, `null`, `{}`, `[{"id":"0","filename":"board.png","description":"the board"}]`,
		`[{"id":0},{"id":"1","description":"a\"b\u00e9"},{"description":"x"}]`, `[{"id":null,"description":null}]`,
		`[{"ID":"0"}]`, `[{"Description":"x","description":"y"}]`, `[{"\u0069d":"1","descriptıon":"x"}]`,
		`[1,"a",null,{"id":[1,{"id":2}]}]`, `[{"id":"1","id":"2","description":"a","description":"b"}]`,
		`[{"description":"a","description":null}]`, `[ {"id" : "1" , "description" : "d" } , {} ]`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		raw = bytes.TrimSpace(raw)
		if !json.Valid(raw) {
			return
		}
		var want []AttachmentRef
		_ = json.Unmarshal(raw, &want)
		got := AttachmentRefs(raw)
		if len(got) != len(want) {
			t.Fatalf("%s: %d refs, want %d", raw, len(got), len(want))
		}
		for i := range got {
			if string(got[i].ID) != string(want[i].ID) || got[i].Description != want[i].Description {
				t.Fatalf("%s: ref %d %q %q, want %q %q", raw, i, got[i].ID, got[i].Description, want[i].ID, want[i].Description)
			}
		}
	})
}

// TestScanRefs: the bot's attachments and discordgo's kept ones are
// scanned, not left to json.Unmarshal.
func TestScanRefs(t *testing.T) {
	for _, s := range []string{`[]`, `[{"id":"0","filename":"board.png","description":"盤面 <b>"}]`,
		`[{"id":"123","url":"u","proxy_url":"p","filename":"f","width":1,"height":2,"size":3,"ephemeral":false}]`} {
		if _, ok := scanRefs([]byte(s)); !ok {
			t.Errorf("%s left to json.Unmarshal", s)
		}
	}
}
