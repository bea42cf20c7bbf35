package discordtest

import (
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// fakeEndpoint is a bot's Interactions Endpoint reduced to what the tests
// need: it checks the signature with key when verify is set, answers PING,
// and answers other interactions with answer (after delay).
type fakeEndpoint struct {
	key    ed25519.PublicKey
	mu     sync.Mutex // the test changes the fields below between requests
	verify bool
	delay  time.Duration
	answer func(w http.ResponseWriter, in map[string]any)
	seen   chan map[string]any
}

func (f *fakeEndpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	sig, _ := hex.DecodeString(r.Header.Get("X-Signature-Ed25519"))
	ts := r.Header.Get("X-Signature-Timestamp")
	f.mu.Lock()
	verify, delay, answer := f.verify, f.delay, f.answer
	f.mu.Unlock()
	if verify && (len(sig) != ed25519.SignatureSize || !ed25519.Verify(f.key, append([]byte(ts), body...), sig)) {
		http.Error(w, "bad signature", http.StatusUnauthorized)
		return
	}
	var in map[string]any
	_ = json.Unmarshal(body, &in)
	if in["type"] == float64(1) {
		_, _ = w.Write([]byte(`{"type":1}`))
		return
	}
	f.seen <- in
	time.Sleep(delay)
	answer(w, in)
}

func (f *fakeEndpoint) set(change func()) {
	f.mu.Lock()
	defer f.mu.Unlock()
	change()
}

// answerBoard answers with a message and a file: a multipart body.
func answerBoard(t *testing.T) func(w http.ResponseWriter, in map[string]any) {
	return func(w http.ResponseWriter, in map[string]any) {
		resp := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "your board",
				Files: []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: strings.NewReader("png")}}}}
		ct, body, err := discordgo.MultipartBodyWithJSON(resp, resp.Data.Files)
		if err != nil {
			t.Error(err)
		}
		w.Header().Set("Content-Type", ct)
		_, _ = w.Write(body)
	}
}

func serveFake(t *testing.T, f *fakeEndpoint) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := &http.Server{Handler: f, ReadHeaderTimeout: time.Second}
	go func() { _ = hs.Serve(ln) }()
	t.Cleanup(func() { hs.Close() })
	return "http://" + ln.Addr().String() + "/interactions"
}

// TestInteractionsEndpoint: the URL is checked as the Developer Portal does
// (an endpoint that takes a bad signature is refused); interactions are then
// POSTed with a signature the public key verifies, not dispatched over the
// gateway; a multipart answer is the callback (message and file); an answer
// later than the deadline is no answer.
func TestInteractionsEndpoint(t *testing.T) {
	t.Parallel()
	srv := New(Options{LooseCommands: true, AckDeadline: 500 * time.Millisecond, Spec: testSpec(t)})
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	alice := srv.AddUser(User{Username: "alice"})
	pub, _ := hex.DecodeString(srv.Endpoint().PublicKey())
	f := &fakeEndpoint{key: pub, seen: make(chan map[string]any, 4)}
	url := serveFake(t, f)
	if err := srv.Endpoint().SetURL(url); err == nil || !strings.Contains(err.Error(), "want 401") {
		t.Fatalf("an endpoint that takes any signature was accepted: %v", err)
	}
	if err := srv.Endpoint().SetURL("http://192.0.2.1:80/"); err == nil {
		t.Fatal("a URL off loopback was accepted")
	}
	f.set(func() { f.verify = true })
	if err := srv.Endpoint().SetURL(url); err != nil {
		t.Fatal(err)
	}

	f.set(func() { f.answer = answerBoard(t) })
	id, err := srv.SlashCommand(alice.ID, srv.DefaultChannelID(), "shogi")
	if err != nil {
		t.Fatal(err)
	}
	if in := waitChan(t, f.seen, "the interaction"); in["id"] != id || in["token"] == "" {
		t.Fatalf("the endpoint got %v", in)
	}
	in, err := srv.WaitInteraction(ctxT(t, 5*time.Second), id, Answered)
	if err != nil {
		t.Fatal(err)
	}
	if in.Original == nil || in.Original.Content != "your board" || len(in.Original.Attachments) != 1 || string(in.Original.Attachments[0].Data) != "png" {
		t.Fatalf("the answer: %+v", in.Original)
	}
	for _, d := range srv.Dispatches() {
		if d.Type == "INTERACTION_CREATE" {
			t.Fatal("an interaction was dispatched over the gateway too")
		}
	}
	var cb *Request
	for _, r := range srv.Requests() {
		if r.InteractionID == id {
			cb = &r
		}
	}
	if cb == nil || !cb.Endpoint || cb.Route != "POST /interactions/{interaction_id}/{interaction_token}/callback" || len(cb.Files) != 1 || len(cb.Problems) != 0 {
		t.Fatalf("the answer's record: %+v", cb)
	}

	f.set(func() { f.delay = 800 * time.Millisecond }) // past the deadline
	id, err = srv.SlashCommand(alice.ID, srv.DefaultChannelID(), "shogi")
	if err != nil {
		t.Fatal(err)
	}
	waitChan(t, f.seen, "the late interaction")
	late, err := srv.Endpoint().WaitLast(ctxT(t, 5*time.Second), func(d Delivery) bool {
		return d.InteractionID == id && d.Err != ""
	})
	if err != nil {
		t.Fatal(err)
	}
	if late.Status != 0 || !strings.Contains(late.Err, "500ms") || late.RequestSeq != 0 {
		t.Fatalf("late delivery %+v", late)
	}
	time.Sleep(400 * time.Millisecond) // the endpoint's answer comes, and is dropped
	if in, _ := srv.Interaction(id); in.Acknowledged() {
		t.Fatal("an answer past the deadline was taken")
	}
}
