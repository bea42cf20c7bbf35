package wire

import (
	"bytes"
	"io"
	"mime/multipart"
	"reflect"
	"testing"
)

// readForm reads a body with mime/multipart as readMultipart's fallback
// does; ok is false if it fails anywhere.
func readForm(body []byte, boundary string) (parts []FormPart, ok bool) {
	mr := multipart.NewReader(bytes.NewReader(body), boundary)
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			return parts, true
		}
		if err != nil {
			return nil, false
		}
		data, err := io.ReadAll(p)
		if err != nil {
			return nil, false
		}
		parts = append(parts, FormPart{Name: p.FormName(), Filename: p.FileName(), ContentType: p.Header.Get("Content-Type"), Data: data})
	}
}

// splitFormSeeds are bodies SplitForm takes and bodies it leaves to
// mime/multipart, with their boundary.
var splitFormSeeds = []struct {
	body, boundary string
	plain          bool // SplitForm takes it
}{
	{string(benchMultipart(`{"content":"hi"}`, []byte("\x89PNG\r\n\x1a\n--"+benchBoundary))), benchBoundary, true},
	{string(benchMultipart(`{"content":"hi"}`, []byte("\x89PNG\r\n--"+benchBoundary+"x"))), benchBoundary, false},
	{"--b\r\nContent-Disposition: form-data; name=\"payload_json\"\r\nContent-Type: application/json\r\n\r\n{}\r\n--b--", "b", true},
	{"--b\r\nContent-Type: image/png\r\nContent-Disposition: form-data; name=\"files[0]\"; filename=\"\"\r\n\r\n\r\n\r\n--b--\r\n", "b", true},
	{"--b\r\nContent-Disposition: form-data; name=\"a;b\"\r\n\r\n\r\n--b\r\nContent-Disposition: form-data; name=\"a;b\"\r\n\r\nx\r\n--b--", "b", true},
	{"--b\r\nContent-Disposition: form-data; name=\"p\"x\"\r\n\r\n{}\r\n--b--", "b", false},
	{"--b\r\nContent-Disposition: form-data; name=\"p\"; filename=\"a\"; x=\"y\"\r\n\r\n{}\r\n--b--", "b", false},
	{"preamble\r\n--b\r\nContent-Disposition: form-data; name=\"p\"\r\n\r\n{}\r\n--b--", "b", false},
	{"--b\r\nContent-Disposition: form-data; name=\"files[0]\"; filename=\"dir/a.png\"\r\n\r\nx\r\n--b--", "b", false},
	{"--b\r\nContent-Disposition: form-data; name=\"files[0]\"; filename=\"a\\\\b.png\"\r\n\r\nx\r\n--b--", "b", false},
	{"--b\r\ncontent-disposition: form-data; name=\"p\"\r\n\r\n{}\r\n--b--", "b", false},
	{"--b\r\nContent-Disposition: form-data; name=\"p\"\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\na=3D\r\n--b--", "b", false},
	{"--b\r\nContent-Disposition: form-data; name=\"p\" \r\n\r\n{}\r\n--b--", "b", false},
	{"--b\r\nContent-Disposition: form-data; name=\"p\"\r\n\r\n{}\r\n--b \r\nContent-Disposition: form-data; name=\"q\"\r\n\r\n\r\n--b--", "b", false},
	{"--b\r\nContent-Disposition: form-data; name=\"p\"\r\n\r\n{}\r\n--bc\r\n--b--\r\nepilogue", "b", false},
	{"--b\nContent-Disposition: form-data; name=\"p\"\n\n{}\n--b--", "b", false},
	{"--b\r\nContent-Disposition: form-data; name=\"p\"\r\n\r\n{}", "b", false},
	{"--\r\nContent-Disposition: form-data; name=\"p\"\r\n\r\n{}\r\n----", "", false},
}

// TestSplitForm: the plain bodies are split as mime/multipart reads them,
// the others are left to it.
func TestSplitForm(t *testing.T) {
	for i, c := range splitFormSeeds {
		got, ok := SplitForm([]byte(c.body), c.boundary)
		if ok != c.plain {
			t.Errorf("%d: SplitForm took it: %v, want %v", i, ok, c.plain)
		}
		if want, _ := readForm([]byte(c.body), c.boundary); ok && !reflect.DeepEqual(got, want) {
			t.Errorf("%d: parts %q, mime/multipart's %q", i, got, want)
		}
	}
}

// FuzzSplitForm: whatever SplitForm takes, mime/multipart reads whole into
// the same parts.
func FuzzSplitForm(f *testing.F) {
	for _, c := range splitFormSeeds {
		f.Add([]byte(c.body), c.boundary)
	}
	f.Fuzz(func(t *testing.T, body []byte, boundary string) {
		got, ok := SplitForm(body, boundary)
		if !ok {
			return
		}
		want, wok := readForm(body, boundary)
		if !wok || !reflect.DeepEqual(got, want) {
			t.Fatalf("SplitForm %q, mime/multipart %q (read whole: %v)", got, want, wok)
		}
	})
}

// TestFileIndex: FileIndex is the regexp ^files\[(\d+)\]$.
func TestFileIndex(t *testing.T) {
	for name, want := range map[string]string{"files[0]": "0", "files[12]": "12", "files[]": "", "files[a]": "", "5]": "",
		"files[1": "", "xfiles[1]": "", "files[1]x": "", "files[٣]": "", "files[-1]": ""} {
		if got, ok := FileIndex(name); got != want || ok != (want != "") {
			t.Errorf("FileIndex(%q) = %q, %v", name, got, ok)
		}
	}
}

const benchBoundary = "4f1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d"

// benchMultipart is a body as the bot's multipartBody writes it.
func benchMultipart(payload string, file []byte) []byte {
	var b bytes.Buffer
	b.WriteString("--" + benchBoundary + "\r\nContent-Disposition: form-data; name=\"payload_json\"\r\nContent-Type: application/json\r\n\r\n")
	b.WriteString(payload)
	b.WriteString("\r\n--" + benchBoundary + "\r\nContent-Disposition: form-data; name=\"files[0]\"; filename=\"board.png\"\r\nContent-Type: image/png\r\n\r\n")
	b.Write(file)
	b.WriteString("\r\n--" + benchBoundary + "--\r\n")
	return b.Bytes()
}
