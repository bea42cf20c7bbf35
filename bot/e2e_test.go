package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/discordtest"
	"shinpan/bot/discordtest/openapi"
	"shinpan/bot/texts"
	"shinpan/internal/testkit"
	"shinpan/ops"
	"shinpan/store"
	"shinpan/store/postgres"
)

// env is one end-to-end setup: the Discord stand-in, a store file and the bot,
// with three simulated users (alice, bob and carol, a stranger).
type env struct {
	t                 testing.TB
	srv               *discordtest.Server
	loc               string // where the store lives (storeBackend.fresh)
	st                store.Store
	b                 *Bot
	alice, bob, carol string
	ch                string
	cfg               Config
	offset            atomic.Int64                  // added to the bot's clock (ns)
	opts              []Option                      // more options for New
	logTo             io.Writer                     // when set, the bot logs here at debug level
	overHTTP          bool                          // interactions come to the bot's Interactions Endpoint
	endpoint          *ops.Server                   // that endpoint, while the bot runs
	wrapStore         func(store.Store) store.Store // when set, the bot gets this store
	pgOptions         *postgres.Options             // how a PostgreSQL store is opened (nil: the default)
	cluster           bool                          // on PostgreSQL, run as one of several processes (also when clusterEnv is unset)

	// wrapEndpoint, when set, takes the endpoint's requests first.
	wrapEndpoint func(http.Handler) http.Handler
}

// clusterEnv, set to 1, runs the PostgreSQL pass with each bot as one of
// several processes (leases, the inbox), alone: the answers must not change.
const clusterEnv = "SHINPAN_TEST_CLUSTER"

func newEnv(t testing.TB, mods ...func(*env)) *env {
	t.Helper()
	return newEnvWith(t, nil, mods...)
}

// e2eWindows is how much shorter than Discord's the stand-in's per-route
// bucket windows are in the end-to-end tests (discordtest.RateLimits.Scaled):
// the same bucket sizes, 5 messages per 0.5 s in a DM channel instead of per
// 5 s. Every limit is still enforced, with Discord's headers and 429s, and
// the bot still paces itself by those headers; only the waiting is shorter.
// With Discord's windows these tests spent most of their time idle, waiting
// on buckets (the package took over 20 minutes on 2 cores). The global limit
// keeps its 50 a second (the bot's budget counts it by the second). Tests of
// the limits themselves keep Discord's windows: discordWindows, limitedEnv.
const e2eWindows = 0.1

// discordWindows gives the stand-in Discord's own bucket windows (not
// e2eWindows): for tests about the buckets and how the bot keeps to them.
func discordWindows(o *discordtest.Options) {
	l := discordtest.DiscordRateLimits()
	o.RateLimits = &l
}

// newEnvWith is newEnv with the stand-in's options changed first by so.
func newEnvWith(t testing.TB, so func(*discordtest.Options), mods ...func(*env)) *env {
	t.Helper()
	spec, err := openapi.Load()
	if err != nil {
		t.Fatal(err)
	}
	o := discordtest.Options{AckDeadline: 3 * time.Second, // Discord's interaction deadline
		Spec: spec, Users: []discordtest.User{{Username: "alice"}, {Username: "bob"}, {Username: "carol"}}}
	if discordtest.DiscordLimitsByDefault {
		l := discordtest.DiscordRateLimits().Scaled(e2eWindows)
		o.RateLimits = &l
	}
	if so != nil {
		so(&o)
	}
	srv := discordtest.New(o)
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	us := srv.Users()
	e := &env{t: t, srv: srv, loc: storeBackend.fresh(t), alice: us[0].ID, bob: us[1].ID, carol: us[2].ID,
		ch: srv.DefaultChannelID()}
	for _, m := range mods {
		m(e)
	}
	e.start()
	t.Cleanup(func() {
		e.stop()
		for _, v := range srv.ValidationErrors() {
			t.Errorf("request failed validation: %+v", v)
		}
		if n := srv.Limits().Stats().Limited; len(n) > 0 {
			t.Logf("the stand-in's rate limits answered 429 (by scope): %v", n)
		}
		srv.Close()
	})
	return e
}

// start opens the store and starts a bot on it.
func (e *env) start() {
	e.t.Helper()
	var st store.Store
	var err error
	if e.pgOptions != nil && storeBackend.name == "postgres" {
		st, err = postgres.Open(e.loc, e.pgOptions)
	} else {
		st, err = storeBackend.open(e.loc)
	}
	if err != nil {
		e.t.Fatal(err)
	}
	s, _ := discordgo.New("Bot test")
	s.ShouldRetryOnRateLimit = true
	e.srv.Configure(s)
	var log *slog.Logger
	if e.logTo != nil {
		log = slog.New(slog.NewTextHandler(e.logTo, &slog.HandlerOptions{Level: slog.LevelDebug}))
	} else if testing.Verbose() {
		log = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	} else {
		log = slog.New(slog.NewTextHandler(testWriter{e.t}, &slog.HandlerOptions{Level: slog.LevelWarn}))
	}
	e.st = st
	if e.wrapStore != nil {
		st = e.wrapStore(st)
	}
	opts := append([]Option{WithLogger(log), WithClock(func() time.Time { return time.Now().Add(time.Duration(e.offset.Load())) })}, e.opts...)
	if pg, ok := st.(*postgres.Store); ok && (e.cluster || os.Getenv(clusterEnv) == "1") {
		opts = append(opts, WithCluster(pg.Cluster(postgres.LeaseOptions{Process: fmt.Sprintf("e2e-%p", e), Logger: log})))
	}
	e.b = mustNew(e.t, e.cfg, st, s, opts...)
	if err := e.b.Start(); err != nil {
		e.t.Fatal(err)
	}
	if e.overHTTP {
		e.serveEndpoint(log)
	}
}

// mustNew is New in a test: a configuration it refuses fails the test.
func mustNew(t testing.TB, cfg Config, st store.Store, s *discordgo.Session, opts ...Option) *Bot {
	t.Helper()
	b, err := New(cfg, st, s, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// overHTTP makes the stand-in POST every interaction to the bot's
// Interactions Endpoint, signed with the application's key.
func overHTTP(e *env) {
	e.overHTTP = true
	e.cfg.PublicKey = e.srv.Endpoint().PublicKey()
	e.cfg.HTTPAddr = "127.0.0.1:0"
}

// serveEndpoint serves the bot's Interactions Endpoint on a free loopback
// port and sets it as the application's Interactions Endpoint URL (which
// checks it with a PING, as the Developer Portal does).
func (e *env) serveEndpoint(log *slog.Logger) {
	e.t.Helper()
	h, err := e.b.InteractionsHandler()
	if err != nil {
		e.t.Fatal(err)
	}
	if e.wrapEndpoint != nil {
		h = e.wrapEndpoint(h)
	}
	ln, err := net.Listen("tcp", e.cfg.HTTPAddr)
	if err != nil {
		e.t.Fatal(err)
	}
	e.endpoint = ops.Listen(ln, h, log)
	e.b.EndpointServing(true)
	if err := e.srv.Endpoint().SetURL("http://" + ln.Addr().String() + "/interactions"); err != nil {
		e.t.Fatal(err)
	}
}

// stop closes the bot and the store, as a redeploy would.
func (e *env) stop() {
	if e.b == nil {
		return
	}
	e.b.s.ShouldReconnectOnError = false
	e.b.Close()
	if e.endpoint != nil {
		e.endpoint.Close()
		e.endpoint = nil
	}
	e.st.Close()
	e.b = nil
}

type testWriter struct{ t testing.TB }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimSpace(string(p)))
	return len(p), nil
}

// settle waits until the outbox is empty and the stand-in has seen no new
// request for 8 polls in a row; it fails the test if that takes 15 s (more
// under -race: testkit.Slack).
func (e *env) settle() {
	e.t.Helper()
	limit := testkit.Slack(15 * time.Second)
	deadline := time.Now().Add(limit)
	last, stable := -1, 0
	for stable < 8 {
		if time.Now().After(deadline) {
			pending, _ := e.st.PendingOutbox()
			e.t.Fatalf("the bot did not settle in %v: %d requests, %d outbox entries pending", limit, last, len(pending))
		}
		time.Sleep(5 * time.Millisecond)
		pending, err := e.st.PendingOutbox()
		if err != nil {
			e.t.Fatal(err)
		}
		n := len(e.srv.Requests())
		if len(pending) == 0 && n == last && e.srv.Endpoint().InFlight() == 0 {
			stable++
		} else {
			stable = 0
		}
		last = n
	}
}

// waitUntil polls cond for up to 10 s.
func (e *env) waitUntil(what string, cond func() bool) {
	e.t.Helper()
	testkit.Eventually(e.t, what, 10*time.Second, cond)
}

func (e *env) dmChannel(user string) string {
	ch, err := e.srv.DMChannel(user)
	if err != nil {
		e.t.Fatal(err)
	}
	return ch
}

// botDMs returns the bot's messages in a user's DM channel.
func (e *env) botDMs(user string) []discordtest.Message { return e.srv.BotMessages(e.dmChannel(user)) }

// dm sends a DM from user and waits for the bot's answer to that user.
func (e *env) dm(user, text string) discordtest.Message {
	e.t.Helper()
	n := len(e.botDMs(user))
	if _, err := e.srv.SendDM(user, text); err != nil {
		e.t.Fatal(err)
	}
	e.waitUntil(fmt.Sprintf("a reply to %q", text), func() bool { return len(e.botDMs(user)) > n })
	e.settle()
	ms := e.botDMs(user)
	return ms[n]
}

func (e *env) lastDM(user string) discordtest.Message {
	ms := e.botDMs(user)
	if len(ms) == 0 {
		e.t.Fatalf("no DM to %s", user)
	}
	return ms[len(ms)-1]
}

func (e *env) channelPosts() []discordtest.Message {
	var out []discordtest.Message
	for _, m := range e.srv.BotMessages(e.ch) {
		if !m.Ephemeral() {
			out = append(out, m)
		}
	}
	return out
}

// endPost returns the post with the game's result: the last one with the
// revealed board (the reveal details follow it).
func (e *env) endPost() discordtest.Message {
	e.t.Helper()
	ps := e.channelPosts()
	for k := len(ps) - 1; k >= 0; k-- {
		if len(ps[k].Attachments) > 0 {
			return ps[k]
		}
	}
	e.t.Fatal("no post with the result")
	return discordtest.Message{}
}

func (e *env) lastPost() discordtest.Message {
	ps := e.channelPosts()
	if len(ps) == 0 {
		e.t.Fatal("no channel post")
	}
	return ps[len(ps)-1]
}

// slash runs /shogi <sub> and waits for the interaction to be answered; it
// returns the text the user was shown.
func (e *env) slash(user, sub string, opts ...discordtest.Option) string {
	e.t.Helper()
	id, err := e.srv.SlashCommand(user, e.ch, "shogi", discordtest.Subcommand(sub, opts...))
	if err != nil {
		e.t.Fatal(err)
	}
	return e.answer(id)
}

// answer waits for interaction id's answer. The bound is generous, not a
// timing goal: under -race on a busy host a slow route (a record's GIF: 38
// boards drawn) takes well over 10 s.
func (e *env) answer(id string) string {
	e.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	if _, err := e.srv.WaitInteraction(ctx, id, discordtest.Answered); err != nil {
		e.t.Fatalf("interaction %s not answered: %v", id, err)
	}
	e.settle()
	in, _ := e.srv.Interaction(id) // as edited by then
	return shown(in)
}

// challenge posts a challenge from alice to bob (alice Black) and returns the
// card message.
func (e *env) challenge(variant string, opts ...discordtest.Option) discordtest.Message {
	e.t.Helper()
	opts = append([]discordtest.Option{discordtest.StringOption("variant", variant),
		discordtest.UserOption("opponent", e.bob), discordtest.StringOption("color", "black")}, opts...)
	e.slash(e.alice, "challenge", opts...)
	for _, m := range e.srv.BotMessages(e.ch) {
		if strings.Contains(string(m.Components), "accept:") {
			return m
		}
	}
	e.t.Fatal("no challenge card")
	return discordtest.Message{}
}

// rematchCard returns the last open challenge card in the channel that
// names the rematch's game, "#2" (fatal when there is none).
func (e *env) rematchCard(game string) discordtest.Message {
	e.t.Helper()
	var card discordtest.Message
	for _, m := range e.srv.BotMessages(e.ch) {
		if strings.Contains(string(m.Components), "accept:") && strings.Contains(m.Content, game) {
			card = m
		}
	}
	if card.ID == "" {
		e.t.Fatal("no rematch card")
	}
	return card
}

// challengeCards counts the bot's messages in the channel with an Accept
// button.
func (e *env) challengeCards() int {
	n := 0
	for _, m := range e.srv.BotMessages(e.ch) {
		if strings.Contains(string(m.Components), "accept:") {
			n++
		}
	}
	return n
}

func (e *env) click(user string, m discordtest.Message, prefix string) string {
	e.t.Helper()
	id := ""
	for _, part := range strings.Split(string(m.Components), "\"") {
		if strings.HasPrefix(part, prefix) {
			id = part
		}
	}
	if id == "" {
		e.t.Fatalf("no %s button on %q", prefix, m.Content)
	}
	iid, err := e.srv.ClickButton(user, m.ChannelID, m.ID, id)
	if err != nil {
		e.t.Fatal(err)
	}
	return e.answer(iid)
}

// startGame challenges and accepts; it returns the game id.
func (e *env) startGame(variant string, opts ...discordtest.Option) store.GameID {
	e.t.Helper()
	card := e.challenge(variant, opts...)
	e.click(e.bob, card, "accept:")
	// Generous, as answer's: under -race on a busy host the start's boards
	// are drawn slowly, and CI once took over 10 s (load 11).
	testkit.Eventually(e.t, "the game card", 60*time.Second, func() bool { return strings.Contains(e.lastPost().Content, "Game #") })
	gs, err := e.st.ActiveGamesOf(e.alice)
	if err != nil || len(gs) == 0 {
		e.t.Fatalf("no game started: %v", err)
	}
	return gs[len(gs)-1].ID
}

func TestSmokeTsuitate(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("tsuitate")
	if id == 0 {
		t.Fatal("no game")
	}
	a := e.lastDM(e.alice)
	if len(a.Attachments) != 1 || !strings.Contains(a.Content, "Game #") {
		t.Fatalf("alice's start DM: %q %d files", a.Content, len(a.Attachments))
	}
	r := e.dm(e.alice, "7g7f")
	t.Logf("alice got %q", r.Content)
	t.Logf("channel %q", e.lastPost().Content)
	t.Logf("bob got %q", e.lastDM(e.bob).Content)
}

// shown is what the user sees of an interaction's answer: the original
// message and the follow-ups, joined, each its text and its embeds'
// descriptions (the help's).
func shown(in discordtest.Interaction) string {
	var parts []string
	if in.Original != nil && !in.Original.Loading() {
		parts = append(parts, messageText(in.Original.Content, in.Original.Embeds)...)
	}
	for _, f := range in.Followups {
		parts = append(parts, messageText(f.Content, f.Embeds)...)
	}
	if in.Callback != nil && in.Callback.Type == discordgo.InteractionResponseModal {
		parts = append(parts, "[modal]")
	}
	return strings.Join(parts, "\n")
}

// messageText is a message's content, unless empty, and its embeds'
// descriptions.
func messageText(content string, embeds json.RawMessage) []string {
	var out []string
	if content != "" || len(embeds) == 0 || string(embeds) == "[]" {
		out = append(out, content)
	}
	var es []struct {
		Description string `json:"description"`
	}
	_ = json.Unmarshal(embeds, &es)
	for _, e := range es {
		out = append(out, e.Description)
	}
	return out
}

// commandIDs are the ids of the commands the bot registered in the
// stand-in, by the path a mention names ("shogi challenge").
func (e *env) commandIDs() texts.CommandIDs {
	e.t.Helper()
	ids := texts.CommandIDs{}
	for _, c := range e.srv.Commands(e.cfg.DevGuild) {
		for _, o := range c.Options {
			switch o.Type {
			case discordgo.ApplicationCommandOptionSubCommand:
				ids[c.Name+" "+o.Name] = c.ID
			case discordgo.ApplicationCommandOptionSubCommandGroup:
				for _, sub := range o.Options {
					ids[c.Name+" "+o.Name+" "+sub.Name] = c.ID
				}
			}
		}
	}
	if len(ids) == 0 {
		e.t.Fatal("no commands registered")
	}
	return ids
}

// mention is how a command shows in the bot's texts: its mention, with the
// id the stand-in gave it ("</shogi cancel:1234…>").
func (e *env) mention(path string) string {
	e.t.Helper()
	id := e.commandIDs()[path]
	if id == "" {
		e.t.Fatalf("no command %q registered", path)
	}
	return "</" + path + ":" + id + ">"
}

// idNames replaces the ids this run's stand-in gave, its users' and its
// commands' (in the texts' mentions), by their names, to compare what two
// runs showed.
func (e *env) idNames() *strings.Replacer {
	pairs := []string{e.alice, "alice", e.bob, "bob", e.carol, "carol"}
	for _, c := range e.srv.Commands(e.cfg.DevGuild) {
		pairs = append(pairs, c.ID, c.Name)
	}
	return strings.NewReplacer(pairs...)
}

// g24 returns a real game (37 plies) that ends in checkmate.
func g24(t testing.TB) []string {
	data, err := os.ReadFile("../referee/testdata/records/g24_mog016_checkmate.txt")
	if err != nil {
		t.Fatal(err)
	}
	var moves []string
	for i, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if i > 0 && !strings.HasPrefix(l, "#") {
			moves = append(moves, strings.TrimSpace(l))
		}
	}
	return moves
}

// play sends moves alternately from alice (Black) and bob (White).
func (e *env) play(moves ...string) {
	e.t.Helper()
	for i, m := range moves {
		u := e.alice
		if i%2 == 1 {
			u = e.bob
		}
		r := e.dm(u, m)
		if !strings.Contains(r.Content, "You played") && !strings.Contains(r.Content, "あなた") {
			e.t.Fatalf("move %d %s: %q", i+1, m, r.Content)
		}
	}
}

func (e *env) game(id store.GameID) store.Game {
	e.t.Helper()
	g, err := e.st.GetGame(id)
	if err != nil {
		e.t.Fatal(err)
	}
	return g
}

// lastInteraction returns the newest interaction a user started.
func (e *env) lastInteraction(user string) discordtest.Interaction {
	e.t.Helper()
	var last discordtest.Interaction
	for _, r := range e.srv.Requests() {
		if r.InteractionID == "" {
			continue
		}
		if in, ok := e.srv.Interaction(r.InteractionID); ok && in.UserID == user {
			last = in
		}
	}
	return last
}
