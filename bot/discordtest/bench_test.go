package discordtest

import (
	"bytes"
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
