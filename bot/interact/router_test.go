package interact

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/outbox"
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
		REST:  outbox.NewREST(nil, nil, log), // no request is made
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

// keepReply keeps the initial response's body.
type keepReply struct{ body *[]byte }

func (k keepReply) reply(_ string, b []byte) error { *k.body = b; return nil }
func (k keepReply) public()                        {}
func (k keepReply) deferredPublic() bool           { return false }

// TestAnswerMentions: an answer's text and embed name a command in code
// until its id is known, then as its mention, within their limits.
func TestAnswerMentions(t *testing.T) {
	const id = "1234567890123456789"
	long := strings.Repeat("x", texts.MaxLen-len("`/shogi help`"))
	for _, tc := range []struct {
		name            string
		ids             texts.CommandIDs
		text, embed     string
		wantText, wantE string
	}{
		{"no ids", nil, "use `/shogi help`", "`/shogi help` lists them", "use `/shogi help`", "`/shogi help` lists them"},
		{"ids", texts.CommandIDs{"shogi help": id}, "use `/shogi help`", "`/shogi help` lists them",
			"use </shogi help:" + id + ">", "</shogi help:" + id + "> lists them"},
		{"a full message stays as written", texts.CommandIDs{"shogi help": id}, long + "`/shogi help`", "",
			long + "`/shogi help`", ""},
		{"an embed has room", texts.CommandIDs{"shogi help": id}, "", long + "`/shogi help`",
			"", long + "</shogi help:" + id + ">"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rt := testRouter(slog.New(slog.NewTextHandler(io.Discard, nil)))
			rt.Table.Component["accept"] = Route{Run: func(*Req) (Answer, error) { return Answer{Text: tc.text, Embed: tc.embed}, nil }}
			if tc.ids != nil {
				rt.REST.SetCommandIDs(tc.ids)
			}
			var body []byte
			rt.Interact(acceptPress(), keepReply{&body})
			var resp struct {
				Data struct {
					Content string `json:"content"`
					Embeds  []struct {
						Description string `json:"description"`
					} `json:"embeds"`
				} `json:"data"`
			}
			if err := json.Unmarshal(body, &resp); err != nil {
				t.Fatalf("%v: %s", err, body)
			}
			if resp.Data.Content != tc.wantText {
				t.Errorf("content %q, want %q", resp.Data.Content, tc.wantText)
			}
			var embed string
			if len(resp.Data.Embeds) == 1 {
				embed = resp.Data.Embeds[0].Description
			} else if len(resp.Data.Embeds) > 1 || tc.wantE != "" {
				t.Fatalf("embeds %+v, want one", resp.Data.Embeds)
			}
			if embed != tc.wantE {
				t.Errorf("embed %q, want %q", embed, tc.wantE)
			}
		})
	}
}
