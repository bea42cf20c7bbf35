package outbox

import (
	"bytes"
	"strings"
	"testing"

	"shinpan/bot/compose"

	"github.com/bwmarrin/discordgo"
)

// TestMultipartBody: multipartBody writes what discordgo.MultipartBodyWithJSON
// writes, but for the boundary.
func TestMultipartBody(t *testing.T) {
	body := messageBody{Content: "a <b> & \"c\"", Attachments: []AttachmentBody{{ID: "0", Filename: "board.png", Description: "alt"}},
		AllowedMentions: Mentions([]string{"1"}), Nonce: "n", EnforceNonce: true}
	for _, files := range [][]compose.File{
		nil,
		{{Name: "board.png", Type: "image/png", Data: []byte("\x89PNG\r\n--x")}},
		{{Name: `we"ird\name.kif`, Data: []byte("text")}, {Name: "b.png", Type: "image/png", Data: bytes.Repeat([]byte{0, 1}, 5000)}},
	} {
		var dfiles []*discordgo.File
		for _, f := range files {
			dfiles = append(dfiles, &discordgo.File{Name: f.Name, ContentType: f.Type, Reader: bytes.NewReader(f.Data)})
		}
		wantCT, want, err := discordgo.MultipartBodyWithJSON(body, dfiles)
		if err != nil {
			t.Fatal(err)
		}
		ct, got, err := multipartBody(body, files)
		if err != nil {
			t.Fatal(err)
		}
		bound := func(ct string) string { return ct[strings.Index(ct, "boundary=")+len("boundary="):] }
		if strings.ReplaceAll(ct, bound(ct), "B") != strings.ReplaceAll(wantCT, bound(wantCT), "B") {
			t.Errorf("content type %q, want %q", ct, wantCT)
		}
		got = bytes.ReplaceAll(got, []byte(bound(ct)), []byte("B"))
		want = bytes.ReplaceAll(want, []byte(bound(wantCT)), []byte("B"))
		if !bytes.Equal(got, want) {
			t.Errorf("body\n%q\nwant\n%q", got, want)
		}
	}
}
