package bot

import (
	"cmp"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"
)

// The gateway: one discordgo session per shard this process runs (config
// shard_count and shards), or none (gateway = false: interactions over HTTP
// only). Discord sends a guild's events to shard (guild_id >> 22) %
// shard_count and DMs to shard 0 only, so typed moves reach the processes
// that run shard 0; several may (a DM is then handled once, bot/dms/claim.go).
//
// The only guild event the bot uses is INTERACTION_CREATE, when interactions
// come over the gateway, and it comes whatever the intents. The bot reads no
// guild message, channel or member (threads and messages are written over
// REST), so the Guilds intent is not asked for: without it Discord sends no
// GUILD_CREATE per guild at each connect, nor channel and role updates.
// DIRECT_MESSAGES brings the typed moves; DM content needs no privileged
// intent.
const gatewayIntents = discordgo.IntentsDirectMessages

// identifyGap spaces the IDENTIFYs of one process's shards: Discord allows
// max_concurrency (1 for most bots) per 5 s.
const identifyGap = 5 * time.Second

// shard is one gateway session.
type shard struct {
	id    int
	s     *discordgo.Session
	ready chan struct{} // closed at the first READY
	once  sync.Once
	up    atomic.Bool // READY or RESUMED since the last disconnect
}

// newShards makes a session per shard of the configuration: s for the first
// (it also carries the REST calls), copies of s for the others.
func (b *Bot) newShards(s *discordgo.Session) {
	for i, id := range b.cfg.ShardIDs() {
		sess := s
		if i > 0 {
			sess = copySession(s)
		}
		sess.ShardID, sess.ShardCount = id, b.cfg.ShardCount
		sess.Identify.Intents = gatewayIntents
		// Handlers run in the gateway's read loop, in arrival order; each
		// hands its work off at once (a DM to its sender's queue, an
		// interaction to a goroutine), so one player's DMs are handled in
		// the order they were sent.
		sess.SyncEvents = true
		sh := &shard{id: id, s: sess, ready: make(chan struct{})}
		sess.AddHandler(func(_ *discordgo.Session, r *discordgo.Ready) { b.onReady(sh, r) })
		sess.AddHandler(func(_ *discordgo.Session, _ *discordgo.Resumed) { b.onResumed(sh) })
		sess.AddHandler(func(_ *discordgo.Session, i *discordgo.InteractionCreate) { go b.router.OnInteraction(b.s, i) })
		sess.AddHandler(b.dms.OnMessage)
		sess.AddHandler(func(_ *discordgo.Session, _ *discordgo.Connect) {
			b.metrics.Gateway("connect")
			b.log.Debug("gateway connected", "shard", id)
		})
		sess.AddHandler(func(_ *discordgo.Session, _ *discordgo.Disconnect) {
			sh.up.Store(false)
			b.metrics.Gateway("disconnect")
			b.log.Info("gateway disconnected", "shard", id)
		})
		b.shards = append(b.shards, sh)
	}
}

// copySession is a new session with s's token and ways out (HTTP client,
// websocket dialer), for another shard.
func copySession(s *discordgo.Session) *discordgo.Session {
	c, _ := discordgo.New(s.Token)
	c.Identify = s.Identify
	c.Client, c.Dialer, c.UserAgent = s.Client, s.Dialer, s.UserAgent
	c.LogLevel, c.ShouldRetryOnRateLimit, c.MaxRestRetries = s.LogLevel, s.ShouldRetryOnRateLimit, s.MaxRestRetries
	return c
}

// openGateway opens the shards one after the other, each once READY,
// identifyGap apart. Without a gateway it asks Discord who the bot is.
func (b *Bot) openGateway() error {
	if len(b.shards) == 0 {
		u, err := b.rest.Me()
		if err != nil {
			return fmt.Errorf("who am I: %w", err)
		}
		b.self.Store(u.ID)
		// A modern application's id is its bot user's.
		b.appID = cmp.Or(b.cfg.ApplicationID, u.ID)
		return nil
	}
	for i, sh := range b.shards {
		if i > 0 && b.identifyGap > 0 {
			select {
			case <-time.After(b.identifyGap):
			case <-b.ctx.Done():
				return b.ctx.Err()
			}
		}
		if err := sh.s.Open(); err != nil {
			return fmt.Errorf("open gateway shard %d: %w", sh.id, err)
		}
		select {
		case <-sh.ready:
		case <-time.After(15 * time.Second):
			return fmt.Errorf("no READY from the gateway (shard %d) within 15 s", sh.id)
		}
	}
	return nil
}

// closeGateway closes every shard's session.
func (b *Bot) closeGateway() error {
	var errs []error
	for _, sh := range b.shards {
		sh.s.ShouldReconnectOnError = false // or a heartbeat may reconnect after Close
	}
	for _, sh := range b.shards {
		errs = append(errs, sh.s.Close())
	}
	return errors.Join(errs...)
}

// gatewayReady says whether every shard is connected (READY or RESUMED
// since its last disconnect); true without a gateway.
func (b *Bot) gatewayReady() bool {
	for _, sh := range b.shards {
		if !sh.up.Load() {
			return false
		}
	}
	return true
}

func (b *Bot) onReady(sh *shard, r *discordgo.Ready) {
	if r.User != nil {
		b.self.Store(r.User.ID)
	}
	// Set once, by the first READY, before Start reads it.
	if b.appID == "" && r.Application != nil && r.Application.ID != "" {
		b.appID = r.Application.ID
	}
	if b.appID == "" && r.User != nil {
		b.appID = r.User.ID
	}
	b.gatewayEvent(sh, "ready")
	first := false
	sh.once.Do(func() { first = true; close(sh.ready) })
	if !first && sh.id == 0 {
		go b.dms.CatchUp() // a new session after an outage: read the DMs missed
	}
}

func (b *Bot) onResumed(sh *shard) {
	b.gatewayEvent(sh, "resumed")
	if sh.id == 0 {
		go b.dms.CatchUp()
	}
}
