package interact

import (
	"bytes"
	"io"
	"log/slog"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/texts"
)

// discardReply takes the initial response and drops it.
type discardReply struct{ n *int }

func (d discardReply) reply(string, []byte) error { *d.n++; return nil }
func (d discardReply) public()                    {}
func (d discardReply) deferredPublic() bool       { return false }

// testRouter routes one component ("accept:<n>") to an answer at once.
func testRouter(log *slog.Logger) *Router {
	return &Router{
		Table: Table{Component: map[string]Route{"accept": {Run: func(r *Req) (Answer, error) { return Say("ok"), nil }}}},
		Log:   log,
		Hooks: Hooks{
			Begin:     func() bool { return true },
			End:       func() {},
			Lang:      func(string, discordgo.Locale) texts.Lang { return texts.EN },
			ErrorText: func(texts.Lang, error) string { return "error" },
		},
	}
}

func acceptPress() *discordgo.InteractionCreate {
	return &discordgo.InteractionCreate{Interaction: &discordgo.Interaction{
		ID: "1", Type: discordgo.InteractionMessageComponent, GuildID: "9", Token: "t",
		Member: &discordgo.Member{User: &discordgo.User{ID: "42"}},
		Data:   discordgo.MessageComponentInteractionData{CustomID: "accept:12"},
	}}
}

// TestServeLogsAtDebug: with the debug level on, every interaction served
// is logged with its route, user, guild, number and time; with it off,
// nothing is.
func TestServeLogsAtDebug(t *testing.T) {
	for _, tc := range []struct {
		name  string
		level slog.Level
		want  bool
	}{{"debug", slog.LevelDebug, true}, {"info", slog.LevelInfo, false}} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			rt := testRouter(slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: tc.level})))
			n := 0
			rt.Interact(acceptPress(), discardReply{&n})
			if n != 1 {
				t.Fatalf("%d replies, want 1", n)
			}
			line := buf.String()
			got := strings.Contains(line, "msg=interaction")
			if got != tc.want {
				t.Fatalf("logged %v, want %v: %q", got, tc.want, line)
			}
			for _, kv := range []string{"route=accept", "user=42", "guild=9", "arg=12", "took="} {
				if tc.want && !strings.Contains(line, kv) {
					t.Errorf("the line lacks %s: %q", kv, line)
				}
			}
		})
	}
}

// BenchmarkServeLogOff: one interaction served (a button press answered at
// once) with the log at warning level, as in production: what serve's
// logging costs when it logs nothing.
func BenchmarkServeLogOff(b *testing.B) {
	rt := testRouter(slog.New(slog.NewTextHandler(io.Discard, &slog.HandlerOptions{Level: slog.LevelWarn})))
	n := 0
	i := acceptPress()
	b.ReportAllocs()
	for b.Loop() {
		rt.Interact(i, discardReply{&n})
	}
}
