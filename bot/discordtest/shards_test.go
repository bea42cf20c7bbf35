package discordtest

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"shinpan/internal/testkit"

	"github.com/bwmarrin/discordgo"
)

// guildOnShard is a guild id whose events go to shard of count.
func guildOnShard(n uint64, shard, count int) string {
	for ShardOf(strconv.FormatUint(n<<22, 10), count) != shard {
		n++
	}
	return strconv.FormatUint(n<<22, 10)
}

// seen collects the events one discordgo session receives.
type seen struct {
	mu sync.Mutex
	// readyGuilds and readyShard are READY's (copied: discordgo's state
	// edits the guilds READY names as their GUILD_CREATEs come).
	readyGuilds []string
	readyShard  *[2]int
	guilds      []string // GUILD_CREATE
	msgs        []string // MESSAGE_CREATE ids
	ins         []string // INTERACTION_CREATE ids
}

func (v *seen) has(list func(*seen) []string, id string) bool {
	v.mu.Lock()
	defer v.mu.Unlock()
	for _, x := range list(v) {
		if x == id {
			return true
		}
	}
	return false
}

func (v *seen) count(list func(*seen) []string, id string) int {
	v.mu.Lock()
	defer v.mu.Unlock()
	n := 0
	for _, x := range list(v) {
		if x == id {
			n++
		}
	}
	return n
}

func msgsOf(v *seen) []string   { return v.msgs }
func insOf(v *seen) []string    { return v.ins }
func guildsOf(v *seen) []string { return v.guilds }

// openShard opens a discordgo session on shard [id, count] (count 0: not
// sharded) with the given token and intents, recording what it receives.
func openShard(t *testing.T, srv *Server, token string, id, count int, intents discordgo.Intent) (*discordgo.Session, *seen) {
	t.Helper()
	s, err := discordgo.New(token)
	if err != nil {
		t.Fatal(err)
	}
	s.ShardID, s.ShardCount = id, count
	s.Identify.Intents = intents
	s.SyncEvents = true
	srv.Configure(s)
	v := &seen{}
	s.AddHandler(func(_ *discordgo.Session, r *discordgo.Ready) {
		v.mu.Lock()
		defer v.mu.Unlock()
		v.readyGuilds, v.readyShard = nil, r.Shard
		for _, g := range r.Guilds {
			v.readyGuilds = append(v.readyGuilds, g.ID)
		}
	})
	s.AddHandler(func(_ *discordgo.Session, g *discordgo.GuildCreate) {
		v.mu.Lock()
		v.guilds = append(v.guilds, g.ID)
		v.mu.Unlock()
	})
	s.AddHandler(func(_ *discordgo.Session, m *discordgo.MessageCreate) {
		v.mu.Lock()
		v.msgs = append(v.msgs, m.ID)
		v.mu.Unlock()
	})
	s.AddHandler(func(_ *discordgo.Session, i *discordgo.InteractionCreate) {
		v.mu.Lock()
		v.ins = append(v.ins, i.ID)
		v.mu.Unlock()
	})
	if err := s.Open(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		s.ShouldReconnectOnError = false
		_ = s.Close()
	})
	return s, v
}

// eventually waits up to 5 s for cond.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	testkit.Eventually(t, what, 5*time.Second, cond)
}

// TestShards: sessions IDENTIFY with [id, count]; READY and GUILD_CREATE
// name only the shard's guilds; a guild's events go to its shard,
// (guild_id >> 22) % count; DMs only to shard 0; two sessions on one shard
// both receive. Through discordgo's own sharding (ShardID, ShardCount).
func TestShards(t *testing.T) {
	t.Parallel()
	srv := New(Options{Spec: testSpec(t), LooseCommands: true, GuildID: guildOnShard(1000, 0, 2)})
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() }) // after the sessions' (LIFO)
	alice := srv.AddUser(User{Username: "alice"})
	other := srv.AddGuild(Guild{ID: guildOnShard(2000, 1, 2), Name: "other"})
	intents := discordgo.IntentsGuilds | discordgo.IntentsGuildMessages | discordgo.IntentsDirectMessages
	_, a := openShard(t, srv, "Bot test", 0, 2, intents)
	_, a2 := openShard(t, srv, "Bot test", 0, 2, intents) // a second process on shard 0
	_, b := openShard(t, srv, "Bot test", 1, 2, intents)

	b.mu.Lock()
	if len(b.readyGuilds) != 1 || b.readyGuilds[0] != other.ID || b.readyShard == nil || *b.readyShard != [2]int{1, 2} {
		t.Fatalf("shard 1's READY: guilds %v shard %v", b.readyGuilds, b.readyShard)
	}
	b.mu.Unlock()
	a.mu.Lock()
	if len(a.readyGuilds) != 1 || a.readyGuilds[0] != srv.GuildID() {
		t.Fatalf("shard 0's READY: guilds %v", a.readyGuilds)
	}
	a.mu.Unlock()
	eventually(t, "GUILD_CREATE", func() bool { return a.has(guildsOf, srv.GuildID()) && b.has(guildsOf, other.ID) })
	if a.has(guildsOf, other.ID) || b.has(guildsOf, srv.GuildID()) {
		t.Fatal("GUILD_CREATE on the wrong shard")
	}
	st := srv.Gateway()
	if len(st.Sessions) != 3 {
		t.Fatalf("sessions %+v", st.Sessions)
	}

	dm := must[string](t)(srv.SendDM(alice.ID, "7g7f"))
	inOther := must[string](t)(srv.SlashCommand(alice.ID, other.ChannelID, "start"))
	inHome := must[string](t)(srv.SlashCommand(alice.ID, srv.DefaultChannelID(), "start"))
	said := must[string](t)(srv.SendMessage(alice.ID, other.ChannelID, "hello"))
	eventually(t, "the dispatches", func() bool {
		return a.has(msgsOf, dm) && a2.has(msgsOf, dm) && b.has(insOf, inOther) && a.has(insOf, inHome) && a2.has(insOf, inHome) && b.has(msgsOf, said)
	})
	// Anything on the wrong shard arrived before what came after it on the
	// right one (one ordered stream per session): a last DM flushes shard 0.
	last := must[string](t)(srv.SendDM(alice.ID, "last"))
	eventually(t, "the last DM", func() bool { return a.has(msgsOf, last) && a2.has(msgsOf, last) })
	if b.has(msgsOf, dm) || b.has(insOf, inHome) {
		t.Error("shard 1 received a DM or an event of shard 0's guild")
	}
	if a.has(insOf, inOther) || a.has(msgsOf, said) || a2.has(insOf, inOther) {
		t.Error("shard 0 received an event of shard 1's guild")
	}
	for _, d := range srv.Dispatches() {
		if d.Type == "INTERACTION_CREATE" && len(d.SessionIDs) != d.Sessions {
			t.Errorf("dispatch %+v", d)
		}
	}
}

// TestShardIdentifyRefused: fewer shards than required closes with 4011, as
// Discord answers a bot in too many guilds; discordgo's Open fails.
func TestShardIdentifyRefused(t *testing.T) {
	t.Parallel()
	srv := New(Options{Spec: testSpec(t), RequiredShards: 2})
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() }) // after the sessions' (LIFO)
	s, _ := discordgo.New("Bot test")
	srv.Configure(s)
	s.ShouldReconnectOnError = false
	err := s.Open()
	if err == nil || !strings.Contains(err.Error(), "4011") {
		t.Fatalf("Open without shards: %v", err)
	}
	_ = s.Close()
	gw, err := s.GatewayBot()
	if err != nil || gw.Shards != 2 {
		t.Fatalf("GET /gateway/bot: %+v %v", gw, err)
	}
}

// TestReplayOnResume: ReplayOnNextResume makes a RESUME deliver again a DM
// the session already had: discordgo hands it to the handlers twice.
func TestReplayOnResume(t *testing.T) {
	t.Parallel()
	srv := New(Options{Spec: testSpec(t)})
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() }) // after the sessions' (LIFO)
	alice := srv.AddUser(User{Username: "alice"})
	_, a := openShard(t, srv, "Bot test", 0, 0, discordgo.IntentsDirectMessages)
	must[GatewayStats](t)(srv.WaitGateway(ctxT(t, 5*time.Second), func(g GatewayStats) bool { return g.Heartbeats >= 1 }))
	dm := must[string](t)(srv.SendDM(alice.ID, "7g7f"))
	eventually(t, "the DM", func() bool { return a.has(msgsOf, dm) })
	srv.Faults().ReplayOnNextResume(1)
	srv.Faults().DropGateway()
	eventually(t, "the DM again", func() bool { return a.count(msgsOf, dm) == 2 })
	if g := srv.Gateway(); g.Resumes != 1 || g.InvalidSessions != 0 {
		t.Fatalf("gateway %+v", g)
	}
}

// TestResumeAfterAnotherIdentify: a session that lost its connection stays
// resumable while another process IDENTIFYs (Discord keeps each session);
// it resumes and gets what was dispatched meanwhile.
func TestResumeAfterAnotherIdentify(t *testing.T) {
	t.Parallel()
	srv := New(Options{Spec: testSpec(t)})
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() }) // after the sessions' (LIFO)
	alice := srv.AddUser(User{Username: "alice"})
	_, a := openShard(t, srv, "Bot test", 0, 0, discordgo.IntentsDirectMessages)
	must[GatewayStats](t)(srv.WaitGateway(ctxT(t, 5*time.Second), func(g GatewayStats) bool { return g.Heartbeats >= 1 }))
	srv.Faults().SetGatewayDown(true)
	dm := must[string](t)(srv.SendDM(alice.ID, "typed while down"))
	srv.Faults().SetGatewayDown(false)
	_, b := openShard(t, srv, "Bot test", 0, 0, discordgo.IntentsDirectMessages)
	eventually(t, "the first session's RESUME", func() bool { return a.has(msgsOf, dm) })
	if g := srv.Gateway(); g.Resumes < 1 || g.InvalidSessions != 0 || len(g.Sessions) != 2 {
		t.Fatalf("gateway %+v", g)
	}
	if b.has(msgsOf, dm) {
		t.Error("a session got a DM sent before it identified")
	}
}

// TestGlobalLimitPerToken: the global limit belongs to the bot token, not
// the connection: two clients with one token share it (the second is refused
// at once once the first spent it), a client with another token has its own.
func TestGlobalLimitPerToken(t *testing.T) {
	t.Parallel()
	limits := DiscordRateLimits()
	limits.Global = 1
	srv := New(Options{Spec: testSpec(t), RateLimits: &limits})
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() }) // after the sessions' (LIFO)
	client := func(token string) *discordgo.Session {
		s, _ := discordgo.New(token)
		srv.Configure(s)
		s.ShouldRetryOnRateLimit = false
		return s
	}
	one, two, other := client("Bot test"), client("Bot test"), client("Bot other")
	ch := srv.DefaultChannelID()
	if _, err := one.ChannelMessageSend(ch, "hi"); err != nil {
		t.Fatal(err)
	}
	_, err := two.ChannelMessageSend(ch, "hi")
	var rl *discordgo.RateLimitError
	if !errors.As(err, &rl) {
		t.Fatalf("the second client with the same token: %v", err)
	}
	if r := srv.Requests(); r[len(r)-1].Status != http.StatusTooManyRequests || !strings.Contains(string(r[len(r)-1].Response), `"global":true`) {
		t.Fatalf("the last request %+v", r[len(r)-1])
	}
	if _, err := other.ChannelMessageSend(ch, "hi"); err != nil {
		t.Fatalf("a client with another token: %v", err)
	}
}

// TestNonceAcrossClients: a message re-sent with the same nonce and
// enforce_nonce by another client of the bot (another process) is not made
// twice: the author is the bot, whatever the connection.
func TestNonceAcrossClients(t *testing.T) {
	t.Parallel()
	srv := New(Options{Spec: testSpec(t)})
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() }) // after the sessions' (LIFO)
	ch := srv.DefaultChannelID()
	post := func() string {
		s, _ := discordgo.New("Bot test")
		srv.Configure(s)
		ep := discordgo.EndpointChannelMessages(ch)
		raw, err := s.RequestWithBucketID(http.MethodPost, ep, map[string]any{"content": "move 12", "nonce": "n-12", "enforce_nonce": true}, ep)
		if err != nil {
			t.Fatal(err)
		}
		var m discordgo.Message
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Fatal(err)
		}
		return m.ID
	}
	if a, b := post(), post(); a != b || len(srv.BotMessages(ch)) != 1 {
		t.Fatalf("two clients made %d messages (%s, %s)", len(srv.BotMessages(ch)), a, b)
	}
}
