package discordtest

import (
	"bytes"
	"image"
	"image/png"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"shinpan/bot/discordtest/gateway"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// BenchmarkBoardMessage: the bot's requests of a Tsuitate move, a DM with a
// board (a 14 KB PNG) and the channel card's edit with its board, through a
// discordgo session to a stand-in set as the load test sets it (Lean, no
// validation), with a gateway session open (so that each message is
// dispatched). The session's side is counted too: cpu-ns/op and B/op are the
// process's.
func BenchmarkBoardMessage(b *testing.B) {
	srv := New(Options{Validation: ValidateOff, Lean: true})
	if err := srv.Start(); err != nil {
		b.Fatal(err)
	}
	defer srv.Close()
	user := srv.AddUser(User{Username: "alice"})
	s, err := discordgo.New("Bot test")
	if err != nil {
		b.Fatal(err)
	}
	s.Identify.Intents = discordgo.IntentsGuilds | discordgo.IntentsDirectMessages
	srv.Configure(s)
	if err := s.Open(); err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	dm, err := s.UserChannelCreate(user.ID)
	if err != nil {
		b.Fatal(err)
	}
	png := bytes.Repeat([]byte{0x89, 'P', 'N', 'G', 0, 1, 2}, 2000)
	board := func() []*discordgo.File {
		return []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(png)}}
	}
	card, err := s.ChannelMessageSendComplex(srv.DefaultChannelID(), &discordgo.MessageSend{Content: "game card", Files: board()})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := benchCPU()
	for i := 0; i < b.N; i++ {
		if _, err := s.ChannelMessageSendComplex(dm.ID, &discordgo.MessageSend{Content: "☗ moved", Files: board()}); err != nil {
			b.Fatal(err)
		}
		content, none := "card", []*discordgo.MessageAttachment{} // the old board goes, as the bot's edits do
		if _, err := s.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: card.ID, Channel: card.ChannelID, Content: &content, Files: board(), Attachments: &none}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64((benchCPU()-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
	time.Sleep(10 * time.Millisecond)
}

func benchCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkStandInMove: the stand-in's own share of a move under the load
// test, without a client: the handler serves, as the bot sends them, a DM
// with a board and the channel card's edit with its board (multipart, a
// 12 KB PNG with its alt text), with a session of the bot's intents
// (DIRECT_MESSAGES: the DM is dispatched to it, the card's edit to nobody)
// and a Subscriber, as the load test has.
func BenchmarkStandInMove(b *testing.B) {
	srv := New(Options{Validation: ValidateOff, Lean: true})
	h := srv.api.Handler()
	user := srv.AddUser(User{Username: "alice"})
	dm, err := srv.DMChannel(user.ID)
	if err != nil {
		b.Fatal(err)
	}
	srv.gw.AddDetachedSession("s", gateway.IntentDirectMessages)
	defer srv.Subscribe(func(Event) {})()
	var img bytes.Buffer
	if err := png.Encode(&img, image.NewRGBA(image.Rect(0, 0, 64, 64))); err != nil {
		b.Fatal(err)
	}
	board := make([]byte, 12<<10) // a board's size, its compressed bytes as random as a real one's
	_, _ = rand.NewChaCha8([32]byte{}).Read(board)
	copy(board, img.Bytes()) // its header
	request := func(method, path, payload string) *http.Request {
		r := httptest.NewRequest(method, "/api/v10"+path, bytes.NewReader(benchMultipart(payload, board)))
		r.Header.Set("Authorization", "Bot test")
		r.Header.Set("Content-Type", "multipart/form-data; boundary="+benchBoundary)
		return r
	}
	serve := func(r *http.Request) {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != http.StatusOK {
			b.Fatalf("%s %s: %d %s", r.Method, r.URL, w.Code, w.Body)
		}
	}
	const components = `[{"type":1,"components":[{"type":2,"label":"Resign","style":4,"custom_id":"resign:1"},{"type":2,"label":"Offer a draw","style":2,"custom_id":"draw:1"}]}]`
	const attachments = `[{"id":"0","filename":"board.png","description":"Board after ☗7六歩: your pieces, the opponent's unseen. 9 files, 9 ranks; you hold nothing."}]`
	serve(request("POST", "/channels/"+srv.DefaultChannelID()+"/messages", `{"content":"card","components":`+components+`,"attachments":`+attachments+`}`))
	card := srv.BotMessages(srv.DefaultChannelID())[0].ID
	reqs := make([]*http.Request, 0, 2*b.N) // built before the clock starts: the bot's side
	for i := 0; i < b.N; i++ {
		reqs = append(reqs,
			request("POST", "/channels/"+dm+"/messages", `{"content":"☗7六歩 — your move, <@`+user.ID+`>.","components":`+components+
				`,"allowed_mentions":{"parse":[]},"nonce":"n`+strconv.Itoa(i)+`","enforce_nonce":true,"attachments":`+attachments+`}`),
			request("PATCH", "/channels/"+srv.DefaultChannelID()+"/messages/"+card, `{"content":"card `+strconv.Itoa(i)+`","components":`+components+`,"attachments":`+attachments+`}`))
	}
	b.ReportAllocs()
	b.ResetTimer()
	for _, r := range reqs {
		serve(r)
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
