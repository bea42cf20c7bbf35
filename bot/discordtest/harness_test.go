package discordtest

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/discordtest/openapi"
)

// TestMain runs the stand-in's own tests with Discord's rate limits on,
// whatever the default: they pass with them (a test that turns one off
// says why).
func TestMain(m *testing.M) {
	DiscordLimitsByDefault = true
	os.Exit(m.Run())
}

// testSpec is Discord's OpenAPI description, which the tests' servers check
// requests against.
func testSpec(t *testing.T) Spec {
	t.Helper()
	spec, err := openapi.Load()
	if err != nil {
		t.Fatal(err)
	}
	return spec
}

// testBot is a real discordgo session connected to a stand-in, with its
// events collected in channels.
type testBot struct {
	srv          *Server
	s            *discordgo.Session
	alice, bob   User
	channel      string
	messages     chan *discordgo.MessageCreate
	interactions chan *discordgo.InteractionCreate

	mu        sync.Mutex
	onCommand func(*discordgo.Session, *discordgo.InteractionCreate)
}

// startBot starts a server and a session (intents Guilds|DirectMessages),
// opens it and waits for READY. Both are closed when the test ends. The
// server checks requests against Discord's OpenAPI description unless opts
// names another Spec.
func startBot(t *testing.T, opts Options) *testBot {
	t.Helper()
	if opts.Spec == nil {
		opts.Spec = testSpec(t)
	}
	srv := New(opts)
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	b := &testBot{
		srv:          srv,
		alice:        srv.AddUser(User{Username: "alice"}),
		bob:          srv.AddUser(User{Username: "bob"}),
		channel:      srv.DefaultChannelID(),
		messages:     make(chan *discordgo.MessageCreate, 64),
		interactions: make(chan *discordgo.InteractionCreate, 64),
	}
	s, err := discordgo.New("Bot test")
	if err != nil {
		t.Fatal(err)
	}
	s.Identify.Intents = discordgo.IntentsGuilds | discordgo.IntentsDirectMessages
	srv.Configure(s)
	// The bot's own id is taken from the server, not from s.State.User: in
	// discordgo v0.29.0 a READY after a re-identify rewrites s.State.Ready
	// while handlers may read it, a data race under -race.
	botID := srv.BotUser().ID
	s.AddHandler(func(s *discordgo.Session, m *discordgo.MessageCreate) {
		if m.Author.ID == botID {
			return
		}
		b.messages <- m
	})
	s.AddHandler(func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		b.mu.Lock()
		h := b.onCommand
		b.mu.Unlock()
		if h != nil {
			h(s, i)
		}
		b.interactions <- i
	})
	b.s = s
	if err := s.Open(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		// discordgo v0.29.0: a heartbeat goroutine that writes after Close
		// has sent its close frame calls reconnect(); without this a Close
		// right after a (re)connect can leave a reconnect loop behind.
		s.ShouldReconnectOnError = false
		_ = s.Close()
		_ = srv.Close()
	})
	if s.State.User == nil || s.State.User.ID != srv.BotUser().ID {
		t.Fatalf("READY did not set the bot user: %+v", s.State.User)
	}
	// Let the heartbeat goroutine send its first heartbeat before any test
	// drops the connection (see DropGateway about discordgo's reconnect loop).
	if _, err := srv.WaitGateway(ctxT(t, 5*time.Second), func(g GatewayStats) bool { return g.Heartbeats >= 1 }); err != nil {
		t.Fatal(err)
	}
	return b
}

func (b *testBot) handle(h func(*discordgo.Session, *discordgo.InteractionCreate)) {
	b.mu.Lock()
	b.onCommand = h
	b.mu.Unlock()
}

func ctxT(t *testing.T, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

func waitChan[T any](t *testing.T, ch <-chan T, what string) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(5 * time.Second):
		t.Fatalf("timed out waiting for %s", what)
		var zero T
		return zero
	}
}

func must[T any](t *testing.T) func(T, error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

func restCode(err error) int {
	if re, ok := err.(*discordgo.RESTError); ok && re.Message != nil {
		return re.Message.Code
	}
	return -1
}

func pngBytes(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	img.Set(1, 1, color.RGBA{R: 200, A: 255})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// shogiCommands is a command set like the bot's: /start with a user option
// and a choice, /move with subcommands.
func shogiCommands() []*discordgo.ApplicationCommand {
	minFouls := 1.0
	return []*discordgo.ApplicationCommand{
		{
			Name:        "start",
			Description: "Start a game",
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionUser, Name: "opponent", Description: "Who to play", Required: true},
				{Type: discordgo.ApplicationCommandOptionString, Name: "variant", Description: "Variant", Choices: []*discordgo.ApplicationCommandOptionChoice{
					{Name: "Tsuitate", Value: "tsuitate"}, {Name: "Standard", Value: "standard"},
				}},
				{Type: discordgo.ApplicationCommandOptionInteger, Name: "fouls", Description: "Foul limit", MinValue: &minFouls, MaxValue: 20},
			},
		},
		{
			Name:        "game",
			Description: "Game actions",
			Contexts:    &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild, discordgo.InteractionContextBotDM},
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "move", Description: "Play a move", Options: []*discordgo.ApplicationCommandOption{
					{Type: discordgo.ApplicationCommandOptionString, Name: "usi", Description: "Move in USI", Required: true},
				}},
				{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "resign", Description: "Resign"},
			},
		},
	}
}
