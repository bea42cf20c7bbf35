package budget_test

import (
	"sync"
	"testing"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/budget"
	"shinpan/bot/discordtest"
)

// The stand-in's global limit (20/s here) against 60 sends over 10
// channels at once: through the gate none is refused; without it, the
// same load is (the control shows the load exceeds the limit).
func TestStandInGlobalLimit(t *testing.T) {
	for _, gated := range []bool{true, false} {
		t.Run(map[bool]string{true: "gated", false: "control without the gate"}[gated], func(t *testing.T) {
			srv := discordtest.New(discordtest.Options{GlobalLimit: 20})
			if err := srv.Start(); err != nil {
				t.Fatal(err)
			}
			defer srv.Close()
			s, _ := discordgo.New("Bot test")
			srv.Configure(s)
			s.ShouldRetryOnRateLimit = false
			if gated {
				s.Client.Transport = budget.New(budget.Config{Base: s.Client.Transport, Global: 20})
			}
			var chans []string
			for range 10 {
				chans = append(chans, srv.AddChannel(discordtest.Channel{Name: "c", Type: discordgo.ChannelTypeGuildText}).ID)
			}
			var wg sync.WaitGroup
			for i := range 60 {
				wg.Add(1)
				go func() { defer wg.Done(); s.ChannelMessageSend(chans[i%10], "x") }()
			}
			wg.Wait()
			codes := map[int]int{}
			var limited []string
			for _, r := range srv.Requests() {
				codes[r.Status]++
				if r.Status == 429 {
					limited = append(limited, r.Route+" "+r.Scope+" "+r.Bucket)
				}
			}
			if gated && (codes[200] != 60 || len(codes) != 1) {
				t.Errorf("answers %v, want 60 × 200; limited: %v", codes, limited)
			}
			if !gated && codes[429] == 0 {
				t.Errorf("answers %v: the load does not exceed the stand-in's limit, the test shows nothing", codes)
			}
		})
	}
}
