package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/jackc/pgx/v5"

	"shinpan/bot/cluster"
	"shinpan/bot/discordtest"
	"shinpan/bot/dms"
	"shinpan/bot/tap"
	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/store"
	"shinpan/store/postgres"
)

// guildOnShard is a guild id whose events go to shard of count.
func guildOnShard(n uint64, shard, count int) string {
	for discordtest.ShardOf(strconv.FormatUint(n<<22, 10), count) != shard {
		n++
	}
	return strconv.FormatUint(n<<22, 10)
}

// noIdentifyGap opens the shards of a test bot without Discord's 5 s apart.
func noIdentifyGap(b *Bot) { b.identifyGap = 0 }

// secondProcess starts another bot process on e's store, with its own
// gateway session(s) and cfg; stopped at the end of the test. Two processes
// share only a PostgreSQL store (bbolt locks its file): skipped on bbolt.
func (e *env) secondProcess(cfg Config) *Bot {
	e.t.Helper()
	if storeBackend.name != "postgres" {
		e.t.Skip("two processes share a PostgreSQL store only (the PostgreSQL pass runs this)")
	}
	st, err := storeBackend.open(e.loc)
	if err != nil {
		e.t.Fatal(err)
	}
	s, _ := discordgo.New("Bot test")
	s.ShouldRetryOnRateLimit = true
	e.srv.Configure(s)
	log := slog.New(slog.NewTextHandler(testWriter{e.t}, &slog.HandlerOptions{Level: slog.LevelWarn}))
	b := mustNew(e.t, cfg, st, s, WithLogger(log), noIdentifyGap)
	if err := b.Start(); err != nil {
		e.t.Fatal(err)
	}
	e.t.Cleanup(func() {
		b.Close()
		st.Close()
	})
	return b
}

// sendHandled sends user's DM and waits until a process has handled it.
func (e *env) sendHandled(user, text string) string {
	e.t.Helper()
	mid, err := e.srv.SendDM(user, text)
	if err != nil {
		e.t.Fatal(err)
	}
	e.waitUntil("the DM handled", func() bool {
		st, _ := e.st.GetSettings(user)
		return !dms.NewerID(mid, st.LastDM)
	})
	return mid
}

// dmSessions is how many gateway sessions a DM was dispatched to.
func (e *env) dmSessions(id string) int {
	for _, d := range e.srv.Dispatches() {
		if d.Type == "MESSAGE_CREATE" && strings.Contains(string(d.Data), `"id":"`+id+`"`) {
			return d.Sessions
		}
	}
	return 0
}

// TestDMOnTwoProcesses: two processes run shard 0 on one store; each DM
// reaches both, and is handled once: the move applied once and answered
// once, "help" answered once, a typo refused once, a "?" note toggled and
// its board sent once.
// Interactions come over HTTP to the first process only.
func TestDMOnTwoProcesses(t *testing.T) {
	t.Parallel()
	e := newEnv(t, overHTTP)
	id := e.startGame("tsuitate")
	cfg := e.cfg
	cfg.HTTPAddr, cfg.PublicKey = "", "" // the second serves no endpoint
	b2 := e.secondProcess(cfg)
	if !e.b.sharedStore || !b2.sharedStore {
		t.Fatal("a PostgreSQL store is not shared")
	}
	send := func(user, text string) string {
		t.Helper()
		mid := e.sendHandled(user, text)
		e.settle()
		if n := e.dmSessions(mid); n != 2 {
			t.Fatalf("the DM %q reached %d sessions, want 2", text, n)
		}
		return mid
	}
	// Bob's first, while the game is as both processes loaded it: a
	// process that did not apply alice's move would see an older game
	// (until games have owners, issue 16).
	for _, text := range []string{"zzz", "?5e"} {
		n := len(e.botDMs(e.bob))
		send(e.bob, text)
		if got := len(e.botDMs(e.bob)) - n; got != 1 {
			t.Errorf("bob's %q answered %d times", text, got)
		}
	}
	helps := e.countDMs(e.alice, "Send your move here")
	send(e.alice, "help")
	mid := send(e.alice, "7g7f")
	if n := e.countDMs(e.alice, "Send your move here") - helps; n != 1 {
		t.Errorf("help answered %d times", n)
	}
	if g := e.game(id); g.LastSeq != 1 {
		t.Errorf("the log has %d actions, want 1", g.LastSeq)
	}
	if gid, seq, err := e.st.LookupKey(mid); err != nil || gid != id || seq != 1 {
		t.Errorf("the move's key: game %d seq %d %v", gid, seq, err)
	}
	if n := e.countDMs(e.alice, "You played"); n != 1 {
		t.Errorf("alice told %d times she played", n)
	}
	if n := e.countDMs(e.bob, "moved (move 1)"); n != 1 {
		t.Errorf("bob told %d times alice moved", n)
	}
	if notes, _ := e.st.Notes(id, 1); len(notes) != 1 {
		t.Errorf("bob's notes %v: toggled twice?", notes)
	}
	for _, u := range []string{e.alice, e.bob} {
		if st, _ := e.st.GetSettings(u); st.DMClaim != "" {
			t.Errorf("a claim is left: %+v", st)
		}
	}
}

// TestDMClaimTakenOver: a process that claimed a DM and stopped (its claim
// left in the store) holds it only until the claim runs out; then another
// process handles it.
func TestDMClaimTakenOver(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	if !e.b.sharedStore {
		t.Skip("claims are for a shared store (the PostgreSQL pass runs this)")
	}
	id := e.startGame("tsuitate")
	// The DM is sent while the gateway is down so the claim is in place
	// before the bot sees it: a dead process claimed it a moment ago.
	e.srv.Faults().SetGatewayDown(true)
	mid, err := e.srv.SendDM(e.alice, "7g7f")
	if err != nil {
		t.Fatal(err)
	}
	until := time.Now().Add(3 * time.Second)
	if _, err := e.st.UpdateSettings(e.alice, func(s *store.Settings) {
		s.DMClaim, s.DMClaimBy, s.DMClaimUntil = mid, "dead", store.NormTime(until)
	}); err != nil {
		t.Fatal(err)
	}
	resumes := e.srv.Gateway().Resumes
	e.srv.Faults().SetGatewayDown(false)
	e.waitUntil("the resume", func() bool { return e.srv.Gateway().Resumes > resumes })
	e.waitUntil("the bot sees the DM", func() bool {
		return e.b.dms.LastSeen(e.alice) == dms.Snowflake(mid)
	})
	time.Sleep(300 * time.Millisecond) // time to handle it, were it not held
	if time.Now().Before(until) && e.game(id).LastSeq != 0 {
		t.Fatal("the DM was handled while another process held it")
	}
	e.waitUntil("the move", func() bool {
		st, _ := e.st.GetSettings(e.alice)
		return st.LastDM == mid
	})
	if g := e.game(id); g.LastSeq != 1 {
		t.Errorf("the log has %d actions", g.LastSeq)
	}
	if st, _ := e.st.GetSettings(e.alice); st.DMClaim != "" {
		t.Errorf("settings after the takeover %+v", st)
	}
	e.settle()
	if n := e.countDMs(e.alice, "You played"); n != 1 {
		t.Errorf("alice told %d times", n)
	}
}

// TestDMReplayedOnResume: a RESUME that replays DMs the bot has handled (a
// "help" and a move) changes nothing and answers nothing again.
func TestDMReplayedOnResume(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("tsuitate")
	e.dm(e.alice, "help")
	e.dm(e.alice, "7g7f")
	before := e.srv.Gateway()
	e.srv.Faults().ReplayOnNextResume(100)
	e.srv.Faults().DropGateway()
	e.waitUntil("the resume", func() bool { return e.srv.Gateway().Resumes > before.Resumes && e.srv.Gateway().Ready })
	e.settle()
	if g := e.game(id); g.LastSeq != 1 {
		t.Errorf("the log has %d actions, want 1", g.LastSeq)
	}
	if n := e.countDMs(e.alice, "You played"); n != 1 {
		t.Errorf("alice told %d times", n)
	}
	if n := e.countDMs(e.alice, "Send your move here"); n != 1 {
		t.Errorf("help answered %d times", n)
	}
}

// TestShardsInOneProcess: with shard_count 2 the process runs both shards,
// each its own session: a command in a guild of shard 1 is answered, and
// DMs (shard 0) are played.
func TestShardsInOneProcess(t *testing.T) {
	t.Parallel()
	e := newEnvWith(t, func(o *discordtest.Options) { o.GuildID = guildOnShard(5000, 0, 2) },
		func(e *env) { e.cfg.ShardCount = 2; e.opts = append(e.opts, noIdentifyGap) })
	far := e.srv.AddGuild(discordtest.Guild{ID: guildOnShard(7000, 1, 2), Name: "far"})
	g := e.srv.Gateway()
	shards := map[[2]int]bool{}
	for _, s := range g.Sessions {
		shards[s.Shard] = s.Connected
	}
	if len(g.Sessions) != 2 || !shards[[2]int{0, 2}] || !shards[[2]int{1, 2}] {
		t.Fatalf("sessions %+v", g.Sessions)
	}
	if g.Intents != discordgo.IntentsDirectMessages {
		t.Errorf("intents %d, want DIRECT_MESSAGES alone", g.Intents)
	}
	if r := e.slashIn(e.alice, far.ChannelID, "help"); r == "" {
		t.Fatal("no answer in the guild of shard 1")
	}
	e.startGame("tsuitate")
	if r := e.dm(e.alice, "7g7f"); !strings.Contains(r.Content, "You played") {
		t.Fatalf("the move by DM: %q", r.Content)
	}
	if err := e.b.Ready(); err != nil {
		t.Fatal(err)
	}
}

// TestShardsInTwoProcesses: shard 0 in one process, shard 1 in another,
// interactions over the gateway: each process gets only its shard's
// guilds' interactions, and a command in either guild is answered once.
func TestShardsInTwoProcesses(t *testing.T) {
	t.Parallel()
	e := newEnvWith(t, func(o *discordtest.Options) { o.GuildID = guildOnShard(5000, 0, 2) },
		func(e *env) { e.cfg.ShardCount, e.cfg.Shards = 2, []int{0} })
	far := e.srv.AddGuild(discordtest.Guild{ID: guildOnShard(7000, 1, 2), Name: "far"})
	cfg := e.cfg
	cfg.Shards = []int{1}
	b2 := e.secondProcess(cfg)
	if b2.cfg.TakesDMs() || !e.b.cfg.TakesDMs() {
		t.Fatal("DMs are shard 0's")
	}
	near := e.slashIn(e.alice, e.ch, "help")
	farAnswer := e.slashIn(e.alice, far.ChannelID, "help")
	if near == "" || near != farAnswer {
		t.Fatalf("answers %q and %q", near, farAnswer)
	}
	for _, d := range e.srv.Dispatches() {
		if d.Type == "INTERACTION_CREATE" && d.Sessions != 1 {
			t.Errorf("an interaction went to %d sessions", d.Sessions)
		}
	}
}

// TestNoGateway: with gateway = false the process opens no gateway session
// and takes interactions over HTTP only; it is ready without one.
func TestNoGateway(t *testing.T) {
	t.Parallel()
	off := false
	e := newEnv(t, overHTTP, func(e *env) { e.cfg.Gateway = &off })
	if g := e.srv.Gateway(); g.Identifies != 0 || len(g.Sessions) != 0 {
		t.Fatalf("gateway %+v", g)
	}
	if r := e.slash(e.alice, "help"); r == "" {
		t.Fatal("no answer over HTTP")
	}
	if err := e.b.Ready(); err != nil {
		t.Fatal(err)
	}
	if e.b.botID() != e.srv.BotUser().ID || e.b.appID != e.srv.AppID() {
		t.Fatalf("who am I: %q app %q", e.b.botID(), e.b.appID)
	}
}

// TestClaimDM: what a process makes of the claim it finds in the settings.
func TestClaimDM(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	if !e.b.sharedStore {
		t.Skip("claims are for a shared store (the PostgreSQL pass runs this)")
	}
	const older, msg, newer = "1000", "2000", "3000"
	live, gone := store.NormTime(time.Now().Add(time.Minute)), store.NormTime(time.Now().Add(-time.Second))
	for _, c := range []struct {
		name       string
		set        store.Settings
		takeOrphan bool
		want       store.DMClaim
	}{
		{"nothing", store.Settings{}, false, store.DMMine},
		{"handled", store.Settings{LastDM: msg}, false, store.DMDone},
		{"handled a later one", store.Settings{LastDM: newer}, false, store.DMDone},
		{"held by another", store.Settings{DMClaim: msg, DMClaimBy: "other", DMClaimUntil: live}, false, store.DMBusy},
		{"another holds an older one", store.Settings{DMClaim: older, DMClaimBy: "other", DMClaimUntil: live}, false, store.DMBusy},
		{"ran out", store.Settings{DMClaim: msg, DMClaimBy: "other", DMClaimUntil: gone}, false, store.DMMine},
		{"an older one ran out", store.Settings{DMClaim: older, DMClaimBy: "other", DMClaimUntil: gone}, false, store.DMOrphan},
		{"an older one ran out, catching up", store.Settings{DMClaim: older, DMClaimBy: "other", DMClaimUntil: gone}, true, store.DMMine},
		{"our own", store.Settings{DMClaim: older, DMClaimBy: e.b.instance, DMClaimUntil: live}, false, store.DMMine},
	} {
		user := "u-" + strings.ReplaceAll(c.name, " ", "-")
		if _, err := e.st.UpdateSettings(user, func(s *store.Settings) {
			s.LastDM, s.DMClaim, s.DMClaimBy, s.DMClaimUntil = c.set.LastDM, c.set.DMClaim, c.set.DMClaimBy, c.set.DMClaimUntil
		}); err != nil {
			t.Fatal(err)
		}
		if got, _ := e.b.dms.Claim(user, msg, c.takeOrphan); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
		st, _ := e.st.GetSettings(user)
		if mine := st.DMClaim == msg && st.DMClaimBy == e.b.instance; mine != (c.want == store.DMMine) {
			t.Errorf("%s: settings after %+v", c.name, st)
		}
	}
}

// BenchmarkDMClaim is what a DM costs in addition with a shared store: the
// claim (one statement) before handling it; the release rides on the
// statement that records the DM handled, which bbolt makes too.
func BenchmarkDMClaim(b *testing.B) {
	e := newEnv(b)
	if !e.b.sharedStore {
		b.Skip("claims are for a shared store (the PostgreSQL pass runs this)")
	}
	var claim, mark time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		id := strconv.Itoa(1000 + i)
		t0 := time.Now()
		if r, _ := e.b.dms.Claim(e.alice, id, false); r != store.DMMine {
			b.Fatalf("claim %d", r)
		}
		t1 := time.Now()
		e.b.dms.MarkHandled(e.alice, "dm", id, true) // a move: with a shared store, written at once
		claim, mark = claim+t1.Sub(t0), mark+time.Since(t1)
	}
	b.ReportMetric(float64(claim.Microseconds())/float64(b.N), "claim-µs/op")
	b.ReportMetric(float64(mark.Microseconds())/float64(b.N), "mark-µs/op")
}

// TestBackThroughAnotherProcess: a player the CPU stands in for comes back
// by anything they send, to whichever process it comes: one that does not
// own the game asks its owner, through the inbox, to give the seat back.
func TestBackThroughAnotherProcess(t *testing.T) {
	t.Parallel()
	if storeBackend.name != "postgres" {
		t.Skip("two processes share a PostgreSQL store only (the PostgreSQL pass runs this)")
	}
	var cluster []*Bot
	e := newEnv(t, fastCPU, func(e *env) {
		e.opts = append(e.opts, func(b *Bot) {
			if b.cl == nil {
				pg := e.st.(*postgres.Store)
				WithCluster(pg.Cluster(postgres.LeaseOptions{Process: fmt.Sprintf("back-1-%p", e), Renew: 200 * time.Millisecond, TTL: 600 * time.Millisecond}))(b)
			}
		})
	})
	cluster = append(cluster, e.b)
	id := e.startGame("standard", discordtest.IntegerOption("away_seconds", 60))
	e.play("7g7f")
	e.offset.Store(int64(61 * time.Second)) // bob has been away for his turn's 60 s
	e.waitUntil("the CPU's move for bob", func() bool { return e.game(id).LastSeq >= 2 && e.game(id).Away[1].CPU })

	st, err := storeBackend.open(e.loc)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := discordgo.New("Bot test")
	e.srv.Configure(s)
	pg := st.(*postgres.Store)
	cfg := e.cfg
	cfg.Gateway, cfg.HTTPAddr, cfg.PublicKey = new(bool), "", ""
	b2 := mustNew(t, cfg, st, s, WithLogger(slog.New(slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: slog.LevelWarn}))),
		WithCluster(pg.Cluster(postgres.LeaseOptions{Process: fmt.Sprintf("back-2-%p", e), Renew: 200 * time.Millisecond, TTL: 600 * time.Millisecond})))
	if err := b2.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b2.Close(); st.Close() })
	cluster = append(cluster, b2)
	// Bob's word reaches the process that does not own the game.
	var other *Bot
	e.waitUntil("a process that does not own the game", func() bool {
		for _, b := range cluster {
			if !b.owns(id) {
				other = b
				return true
			}
		}
		return false
	})
	other.comeBack(e.bob)
	e.waitUntil("bob back", func() bool { return !e.game(id).Away[1].CPU })
	e.settle()
	back := 0
	for _, p := range e.channelPosts() {
		if strings.Contains(p.Content, "is back") {
			back++
		}
	}
	if back != 1 {
		t.Fatalf("the channel was told %d times that bob is back", back)
	}
}

// TestMoveInTimeBeatsTheTimeout: a move another process received before the
// player's time ran out, still waiting in the inbox when the owner's clock
// fires, is applied first; the timeout then finds the turn moved on.
func TestMoveInTimeBeatsTheTimeout(t *testing.T) {
	t.Parallel()
	if storeBackend.name != "postgres" {
		t.Skip("the inbox is PostgreSQL's (the PostgreSQL pass runs this)")
	}
	e := newEnv(t, func(e *env) {
		e.opts = append(e.opts, func(b *Bot) {
			if b.cl == nil {
				WithCluster(e.st.(*postgres.Store).Cluster(postgres.LeaseOptions{Process: fmt.Sprintf("intime-%p", e)}))(b)
			}
		})
	})
	id := e.startGame("standard", discordtest.IntegerOption("turn_seconds", 30))
	e.play("7g7f")
	dl := *e.game(id).Deadline
	// Bob's move, taken by another process just in time: queued, its
	// notification not yet heard here (inserted without one).
	rec, _ := json.Marshal(cluster.Routed{Kind: "dm", User: e.bob, Action: referee.Action{Text: "3c3d"}})
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, e.loc)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, `INSERT INTO inbox (id, key, game_id, partition, record, at_ns) VALUES (nextval('inbox_ids'), $1, $2, $3, $4, $5)`,
		"intime-3c3d", int64(id), int32(store.PartitionOf(id)), rec, dl.Turn.Add(-time.Second).UnixNano()); err != nil {
		t.Fatal(err)
	}
	e.offset.Store(int64(31 * time.Second))
	e.b.expireTurns(map[store.GameID]store.Deadline{id: dl})
	g := e.game(id)
	if g.Result != nil || g.LastSeq != 2 {
		t.Fatalf("after the clock fired: result %+v, %d actions; want bob's move in and no timeout", g.Result, g.LastSeq)
	}
	e.settle()
	if e.countDMs(e.bob, "You played") != 1 {
		t.Fatal("bob was not told his move was played")
	}
}

// TestPendingDMHandledElsewhere: a process with a player pending (its
// catch-up not run) settles the player's DM without reading the channel when
// another process handled it; a DM nobody handled is its own, claimed.
func TestPendingDMHandledElsewhere(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.startGame("tsuitate")
	off := false
	cfg := e.cfg
	cfg.Gateway = &off
	b2 := e.secondProcess(cfg) // receives no DM
	mid := e.sendHandled(e.alice, "7g7f")
	e.settle()
	reads := e.readsOf(e.alice)
	b2.dms.SetPending(e.alice)
	author := &discordgo.User{ID: e.alice}
	if !b2.dms.HandledElsewhere(&discordgo.Message{ID: mid, Author: author}) {
		t.Fatal("a DM another process handled is not settled")
	}
	if b2.dms.CatchPending(e.alice) || e.readsOf(e.alice) != reads {
		t.Fatalf("still pending %v, channel read %d times", b2.dms.CatchPending(e.alice), e.readsOf(e.alice)-reads)
	}
	b2.dms.SetPending(e.alice)
	next := strconv.FormatUint(dms.Snowflake(mid)+1<<22, 10) // a DM no process saw
	if b2.dms.HandledElsewhere(&discordgo.Message{ID: next, Author: author}) {
		t.Fatal("a DM nobody handled is settled")
	}
	if st, _ := b2.st.GetSettings(e.alice); st.DMClaim != next || st.DMClaimBy != b2.instance || !b2.dms.CatchPending(e.alice) {
		t.Fatalf("claim %q by %q (want %q by %q), pending %v", st.DMClaim, st.DMClaimBy, next, b2.instance, b2.dms.CatchPending(e.alice))
	}
}

// claimCounter is a process's store that counts its DM claims.
type claimCounter struct {
	store.Store
	claims atomic.Int32
}

func (s *claimCounter) Shared() bool { return true }

func (s *claimCounter) ClaimDM(user, msgID, by string, now, until time.Time, takeOrphan bool) (store.DMClaim, string, error) {
	s.claims.Add(1)
	return s.Store.ClaimDM(user, msgID, by, now, until, takeOrphan)
}

// TestNonOwnerLooksInsteadOfClaiming: of two processes that both receive
// every DM, the one that does not own the game does not catch up its awaited
// player at its start, leaves each DM to the owner and, once the owner
// handled it, drops it without claiming it; a DM the owner never handles it
// claims, after ownerMaxWait.
func TestNonOwnerLooksInsteadOfClaiming(t *testing.T) {
	t.Parallel()
	if storeBackend.name != "postgres" {
		t.Skip("two processes share a PostgreSQL store only (the PostgreSQL pass runs this)")
	}
	lease := func(name string, e *env) postgres.LeaseOptions {
		return postgres.LeaseOptions{Process: fmt.Sprintf("%s-%p", name, e), Renew: 200 * time.Millisecond, TTL: 600 * time.Millisecond, TakesDMs: true}
	}
	e := newEnv(t, func(e *env) {
		e.opts = append(e.opts, func(b *Bot) {
			if b.cl == nil {
				WithCluster(e.st.(*postgres.Store).Cluster(lease("look-1", e)))(b)
			}
		})
	})
	id := e.startGame("tsuitate")
	e.waitUntil("the first process caught up", e.b.dms.CaughtUp)
	reads := e.readsOf(e.alice)
	st, err := storeBackend.open(e.loc)
	if err != nil {
		t.Fatal(err)
	}
	counted := &claimCounter{Store: st}
	s, _ := discordgo.New("Bot test")
	s.ShouldRetryOnRateLimit = true
	e.srv.Configure(s)
	cfg := e.cfg
	cfg.HTTPAddr, cfg.PublicKey = "", ""
	b2 := mustNew(t, cfg, counted, s, WithLogger(slog.New(slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: slog.LevelWarn}))),
		WithCluster(st.(*postgres.Store).Cluster(lease("look-2", e))), noIdentifyGap)
	if err := b2.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b2.Close(); st.Close() })
	// The first process owns the game (it took every partition first) and
	// b2 knows it takes DMs.
	e.waitUntil("b2 sees the owner take DMs, caught up", func() bool { return !b2.owns(id) && b2.cl.OwnerTakesDMs(id) && b2.dms.CaughtUp() })
	if !e.b.owns(id) {
		t.Fatal("the first process gave the game up") // it gives up the highest partitions
	}
	if n := e.readsOf(e.alice) - reads; n != 0 {
		t.Fatalf("b2 read alice's DM channel %d times: her game's owner takes DMs and catches her up", n)
	}
	before := counted.claims.Load()
	mid := e.sendHandled(e.alice, "7g7f")
	if n := e.dmSessions(mid); n != 2 {
		t.Fatalf("the DM reached %d sessions, want 2", n)
	}
	time.Sleep(dms.OwnerGrace + 3*dms.CheckEvery) // b2's look comes after ownerGrace
	if n := counted.claims.Load() - before; n != 0 {
		t.Fatalf("b2 claimed %d times a DM the owner handled", n)
	}
	if g := e.game(id); g.LastSeq != 1 {
		t.Fatalf("the log has %d actions, want 1", g.LastSeq)
	}
	// A DM the owner never saw: b2 claims it once the wait runs out.
	next := strconv.FormatUint(dms.Snowflake(mid)+1<<22, 10)
	start := time.Now()
	if !b2.dms.OwnerLetClaim(e.alice, next) {
		t.Fatal("a DM nobody handled is not claimed")
	}
	if waited := time.Since(start); waited < dms.OwnerMaxWait {
		t.Fatalf("claimed after %v, before OwnerMaxWait", waited)
	}
}

// gameOnSecondProcess starts a game of variant owned by a second process,
// which takes no interaction: e's bot, which takes them, routes its
// players' actions to the owner. PostgreSQL only (the test is skipped on
// bbolt).
func gameOnSecondProcess(t *testing.T, variant string) (*env, *Bot, store.GameID) {
	t.Helper()
	if storeBackend.name != "postgres" {
		t.Skip("two processes share a PostgreSQL store only (the PostgreSQL pass runs this)")
	}
	lease := func(name string, e *env) postgres.LeaseOptions {
		return postgres.LeaseOptions{Process: fmt.Sprintf("tap-%s-%p", name, e), Renew: 200 * time.Millisecond, TTL: 600 * time.Millisecond}
	}
	e := newEnv(t, func(e *env) {
		e.opts = append(e.opts, func(b *Bot) {
			if b.cl == nil {
				WithCluster(e.st.(*postgres.Store).Cluster(lease("1", e)))(b)
			}
		})
	})
	st, err := storeBackend.open(e.loc)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := discordgo.New("Bot test")
	e.srv.Configure(s)
	cfg := e.cfg
	cfg.Gateway, cfg.HTTPAddr, cfg.PublicKey = new(bool), "", "" // it owns games, takes no interaction
	b2 := mustNew(t, cfg, st, s, WithLogger(slog.New(slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: slog.LevelWarn}))),
		WithCluster(st.(*postgres.Store).Cluster(lease("2", e))))
	if err := b2.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b2.Close(); st.Close() })
	e.waitUntil("the partitions shared", func() bool { return len(b2.cl.Held()) >= store.Partitions/4 })
	// The next game's id in a partition of the second process's.
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, e.loc)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, `SELECT setval('game_ids', $1)`, int64(b2.cl.Held()[0])+store.Partitions-1); err != nil {
		t.Fatal(err)
	}
	id := e.startGame(variant)
	e.settle()
	if !b2.owns(id) || e.b.owns(id) {
		t.Fatalf("game %d: owned here %v, by the second process %v", id, e.b.owns(id), b2.owns(id))
	}
	return e, b2, id
}

// TestTapOnAnotherProcess: a tap move that reaches a process which does not
// own the game is deferred there (an update, response 6), goes to the
// owner with the interaction, and the owner's outbox edits the tapped
// message with the mover's update (PATCH .../messages/@original, free of
// the global budget): the mover reads it in place and gets no DM; the
// opponent's "your turn" comes as a new DM.
func TestTapOnAnotherProcess(t *testing.T) {
	t.Parallel()
	e, _, id := gameOnSecondProcess(t, "tsuitate")
	aliceDMs, bobDMs := len(e.botDMs(e.alice)), len(e.botDMs(e.bob))
	from := len(e.srv.Requests())
	m := e.tapMessage(e.alice)
	mv, _ := shogi.ParseUSI("7g7f")
	var iid string
	for taps := 1; ; taps++ {
		if taps > 4 {
			t.Fatal("7g7f takes more than 4 taps")
		}
		cs, err := tap.Choices(m.Components)
		if err != nil {
			t.Fatal(err)
		}
		c, ok := tap.Toward(cs, mv)
		if !ok {
			t.Fatalf("no choice leads to 7g7f on %q", m.Content)
		}
		if c.Step != "m:7g7f" {
			m = e.tapChoice(e.alice, m, c) // a screen: answered by the process that took it
			continue
		}
		if iid, err = e.srv.SelectMenu(e.alice, m.ChannelID, m.ID, c.CustomID, c.Value); err != nil {
			t.Fatal(err)
		}
		break
	}
	e.answer(iid)
	e.waitUntil("the move applied", func() bool { return e.game(id).LastSeq == 1 })
	e.settle()
	in, _ := e.srv.Interaction(iid)
	if in.Callback == nil || in.Callback.Type != discordgo.InteractionResponseDeferredMessageUpdate {
		t.Fatalf("the move's pick answered %+v, want a deferred update (6)", in.Callback)
	}
	after, _ := e.srv.Message(m.ID)
	if !strings.Contains(after.Content, "You played") {
		t.Errorf("the tapped message reads %q, want the mover's update", after.Content)
	}
	if strings.Contains(string(after.Components), `"tap:`) {
		t.Error("the tapped message keeps its menus")
	}
	if n := len(e.botDMs(e.alice)) - aliceDMs; n != 0 {
		t.Errorf("alice got %d new DMs, want her update in place", n)
	}
	if n := len(e.botDMs(e.bob)) - bobDMs; n != 1 {
		t.Errorf("bob got %d new DMs, want his turn's", n)
	}
	edits := 0
	for _, r := range e.srv.Requests()[from:] {
		if r.Route == "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}" && r.Status == 200 {
			edits++
		}
	}
	if edits != 1 {
		t.Errorf("the tapped message was edited through the webhook %d times, want once", edits)
	}
}

// TestTapMaskUnacknowledged: with several processes a tap is acknowledged
// first (deferred: the owner's update edits it); should that fail, the
// action is taken here and the tapped message answered at once. A mask
// picked so names the mask chosen, as on one process, not "Move
// received."; the opponent is told nothing of it.
func TestTapMaskUnacknowledged(t *testing.T) {
	t.Parallel()
	if storeBackend.name != "postgres" {
		t.Skip("several processes share a PostgreSQL store only (the PostgreSQL pass runs this)")
	}
	e := newEnv(t, func(e *env) { e.cluster = true })
	id := e.startGame("masked")
	e.settle()
	bobDMs := len(e.botDMs(e.bob))
	m, c := e.maskChoice(e.alice, "2h")
	e.srv.Faults().FailNext("POST", "/interactions/*/*/callback", 1, http.StatusInternalServerError)
	iid, err := e.srv.SelectMenu(e.alice, m.ChannelID, m.ID, c.CustomID, c.Value)
	if err != nil {
		t.Fatal(err)
	}
	e.answer(iid)
	if g := e.game(id); g.LastSeq != 1 {
		t.Fatalf("seq %d: the mask not taken", g.LastSeq)
	}
	after, _ := e.srv.Message(m.ID)
	if !strings.HasSuffix(after.Content, "▸ Your mask is now the rook on 2h.") {
		t.Fatalf("the tapped message reads %q", after.Content)
	}
	for _, d := range e.botDMs(e.bob)[bobDMs:] {
		if strings.Contains(d.Content, "2h") || strings.Contains(d.Content, "rook") {
			t.Fatalf("bob was told of the mask: %q", d.Content)
		}
	}
}

// TestTapMaskOnAnotherProcess: a mask picked by tap on a process that does
// not own the game leaves the tapped message as one process does: the mask
// chosen, and the menus to change it until both have chosen; to its
// chooser only.
func TestTapMaskOnAnotherProcess(t *testing.T) {
	t.Parallel()
	e, _, id := gameOnSecondProcess(t, "masked")
	bobDMs := len(e.botDMs(e.bob))
	m, c := e.maskChoice(e.alice, "2h")
	iid, err := e.srv.SelectMenu(e.alice, m.ChannelID, m.ID, c.CustomID, c.Value)
	if err != nil {
		t.Fatal(err)
	}
	e.answer(iid)
	e.waitUntil("the mask taken", func() bool { return e.game(id).LastSeq == 1 })
	e.settle()
	after, _ := e.srv.Message(m.ID)
	if after.Content != "Your mask is the rook on 2h. You can change it until both players have chosen." {
		t.Fatalf("the tapped message reads %q", after.Content)
	}
	cs, err := tap.Choices(after.Components)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := tap.TowardMask(cs, shogi.Sq(7, 9)); !ok {
		t.Fatalf("no menu to change the mask: %s", after.Components)
	}
	for _, d := range e.botDMs(e.bob)[bobDMs:] {
		if strings.Contains(d.Content, "2h") || strings.Contains(d.Content, "rook") {
			t.Fatalf("bob was told of the mask: %q", d.Content)
		}
	}
}

// TestRefusalNamedThroughInbox: a move typed without a number goes to the
// player's default game among several; when another process owns that game,
// its refusal and the answer to the move played still name the game.
func TestRefusalNamedThroughInbox(t *testing.T) {
	t.Parallel()
	e, _, g1 := gameOnSecondProcess(t, "standard")
	e.startGame("standard")
	n1 := "#" + itoa(uint64(g1))
	e.dm(e.alice, n1+" 7g7f") // game 1 is now her default
	e.waitUntil("the move", func() bool { return e.game(g1).LastSeq == 1 })
	if r := e.dm(e.alice, "2g2f"); !strings.HasPrefix(r.Content, "Game "+n1+" · ") || !strings.Contains(r.Content, "not your turn") {
		t.Fatalf("a refusal from the default game through the inbox: %q", r.Content)
	}
	e.dm(e.bob, n1+" 3c3d")
	if r := e.dm(e.alice, "2g2f"); !strings.HasPrefix(r.Content, "Game "+n1+" · You played") {
		t.Fatalf("a move played in the default game through the inbox: %q", r.Content)
	}
}
