package discordtest

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// TestGlobalLimit: beyond GlobalLimit requests in a second the stand-in
// answers 429 with "global": true and a retry_after; discordgo waits and
// retries, so every message arrives, later.
func TestGlobalLimit(t *testing.T) {
	t.Parallel()
	b := startBot(t, Options{GlobalLimit: 5})
	start := time.Now()
	for i := 0; i < 10; i++ {
		if _, err := b.s.ChannelMessageSend(b.channel, "hi"); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(b.srv.BotMessages(b.channel)); n != 10 {
		t.Fatalf("%d messages, want 10", n)
	}
	global := 0
	for _, r := range b.srv.Requests() {
		if r.Status == 429 && strings.Contains(string(r.Response), `"global":true`) {
			global++
		}
	}
	if global == 0 {
		t.Fatal("no request was limited")
	}
	if took := time.Since(start); took < 500*time.Millisecond {
		t.Fatalf("10 requests at 5/s took %v", took)
	}
}

// TestLean: with Lean the stand-in keeps no request log, no dispatch log
// and no attachment bytes (but their sizes), while subscribers still see
// every request (its files without their bytes) and dispatch.
func TestLean(t *testing.T) {
	t.Parallel()
	b := startBot(t, Options{Lean: true})
	seen := make(chan Request, 10)
	dispatched := make(chan string, 10)
	unsub := b.srv.Subscribe(func(e Event) {
		switch e.Kind {
		case EventRequest:
			seen <- *e.Request
		case EventDispatch:
			dispatched <- e.Dispatch.Type
		}
	})
	defer unsub()
	png := pngBytes(t, 90, 100)
	sent, err := b.s.ChannelMessageSendComplex(b.channel, &discordgo.MessageSend{Content: "board",
		Files: []*discordgo.File{{Name: "b.png", ContentType: "image/png", Reader: bytes.NewReader(png)}}})
	if err != nil {
		t.Fatal(err)
	}
	if len(sent.Attachments) != 1 || sent.Attachments[0].Size != len(png) {
		t.Fatalf("answered %+v, want one attachment of %d bytes", sent.Attachments, len(png))
	}
	r := waitChan(t, seen, "the request")
	if r.Seq == 0 || r.Route != "POST /channels/{channel_id}/messages" || len(r.Files) != 1 || r.Files[0].Data != nil {
		t.Fatalf("subscriber saw %+v", r)
	}
	if n := len(b.srv.Requests()); n != 0 {
		t.Fatalf("%d requests kept", n)
	}
	if typ := waitChan(t, dispatched, "the dispatch"); typ != "MESSAGE_CREATE" {
		t.Fatalf("subscriber saw a %s dispatch", typ)
	}
	if n := len(b.srv.Dispatches()); n != 0 {
		t.Fatalf("%d dispatches kept", n)
	}
	ms := b.srv.BotMessages(b.channel)
	if len(ms) != 1 || len(ms[0].Attachments) != 1 || ms[0].Attachments[0].Data != nil || ms[0].Attachments[0].Width != 90 {
		t.Fatalf("message kept as %+v", ms)
	}
}
