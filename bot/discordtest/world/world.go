package world

import (
	"context"
	"encoding/json"
	"strconv"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// User is a simulated Discord user (or the bot user itself).
type User struct {
	ID         string
	Username   string
	GlobalName string // display name; empty means none
	Bot        bool
	// DMsClosed makes every message the bot sends to this user's DM channel
	// fail with 403 {"code":50007,"message":"Cannot send messages to this user"}.
	DMsClosed bool
	// Permissions is the member's permission bitfield in the guild as Discord
	// sends it (a decimal string); empty means every permission.
	Permissions string
	// Locale is the user's Discord client language, sent as the
	// interaction's "locale"; empty means "en-US".
	Locale string
}

// Channel is a guild text channel, a thread or a DM channel.
type Channel struct {
	ID       string
	Name     string
	Type     discordgo.ChannelType // GuildText, DM, GuildPublicThread or GuildPrivateThread
	GuildID  string                // empty for DMs
	ParentID string                // threads: the channel they were started in
	// RecipientID is the user of a DM channel.
	RecipientID string
	// MissingPermissions makes the bot's writes to the channel fail with 403 code 50013.
	MissingPermissions bool
	// Deleted makes every request about the channel fail with 404 code 10003.
	Deleted bool
	// ThreadOwnerID is the user who started a thread.
	ThreadOwnerID string
	Created       time.Time
}

// IsDM reports whether c is a direct-message channel.
func (c *Channel) IsDM() bool { return c.Type == discordgo.ChannelTypeDM }

// World is the simulated Discord state and the lock that guards it: the
// application, the guilds, users, channels, messages, interactions and
// registered commands, and the record of requests and dispatches. Every
// part of the stand-in (the gateway, the REST API, the Server) works on
// one World under its lock; the World's methods other than Lock, Unlock
// and Wait expect their caller to hold it.
type World struct {
	mu      sync.Mutex
	changed chan struct{} // closed whenever recorded state changes (nil: nobody waits)

	// Opts are the Server's options, their defaults filled in by New;
	// they do not change after.
	Opts Options
	IDs  Snowflakes
	Rec  Recorder

	// Started and Closed follow the Server's life; Addr is where it
	// listens and BaseURL its "http://" URL (both empty before Start).
	Started, Closed bool
	Addr, BaseURL   string

	App     string
	Bot     User
	GuildID string // the default guild (Options.GuildID)
	// Guilds are the guilds the bot is in, the default one first.
	Guilds     map[string]*Guild
	GuildOrder []string
	Created    time.Time
	// EventMember is MemberJSON(u, false) encoded, the same for every
	// user: a guild message event's member (made when first needed).
	EventMember json.RawMessage

	Users     map[string]*User
	UserOrder []string
	Channels  map[string]*Channel
	ChanOrder []string
	DMByUser  map[string]string // user id -> DM channel id

	Messages     map[string]*Message   // by id
	ChannelMsgs  map[string][]*Message // by channel id, in creation order
	Interactions map[string]*InteractionState
	ByToken      map[string]*InteractionState
	Commands     map[string][]*Command // by guild id, "" for global
	Nonces       map[nonceKey]*Message // enforce_nonce: the message a nonce created
	Allowed      map[string]bool       // "command user": overrides of default_member_permissions
}

// New makes the World of opts, filling in their defaults.
func New(opts Options) *World {
	if opts.Addr == "" {
		opts.Addr = "127.0.0.1:0"
	}
	if opts.HeartbeatInterval <= 0 {
		opts.HeartbeatInterval = DefaultHeartbeatInterval
	}
	if opts.ReplayBuffer <= 0 {
		opts.ReplayBuffer = 1000
	}
	if opts.ResumeWindow <= 0 {
		opts.ResumeWindow = 3 * time.Minute
	}
	if opts.Clock == nil {
		opts.Clock = time.Now
	}
	w := &World{Opts: opts}
	w.init()
	return w
}

// Lock takes the World's lock.
func (w *World) Lock() { w.mu.Lock() }

// Unlock releases it.
func (w *World) Unlock() { w.mu.Unlock() }

func (w *World) init() {
	o := &w.Opts
	w.Created = time.Now()
	if o.BotUserID == "" {
		o.BotUserID = w.IDs.Next()
	}
	if o.AppID == "" {
		o.AppID = o.BotUserID
	}
	if o.BotUsername == "" {
		o.BotUsername = "referee"
	}
	if o.GuildID == "" {
		o.GuildID = w.IDs.Next()
	}
	if o.GuildName == "" {
		o.GuildName = "shinpan-test"
	}
	if len(o.Channels) == 0 {
		o.Channels = []Channel{{Name: "general"}}
	}
	w.App = o.AppID
	w.Bot = User{ID: o.BotUserID, Username: o.BotUsername, Bot: true}
	w.GuildID = o.GuildID
	w.Guilds = map[string]*Guild{o.GuildID: {ID: o.GuildID, Name: o.GuildName}}
	w.GuildOrder = []string{o.GuildID}
	w.Users = map[string]*User{w.Bot.ID: &w.Bot}
	w.Channels = map[string]*Channel{}
	w.DMByUser = map[string]string{}
	w.Messages = map[string]*Message{}
	w.ChannelMsgs = map[string][]*Message{}
	w.Interactions = map[string]*InteractionState{}
	w.ByToken = map[string]*InteractionState{}
	w.Commands = map[string][]*Command{}
	w.Nonces = map[nonceKey]*Message{}
	for _, c := range o.Channels {
		w.AddChannel(c)
	}
	for _, u := range o.Users {
		w.AddUser(u)
	}
}

// AddUser adds or replaces a simulated user, filling in its id and name.
func (w *World) AddUser(u User) *User {
	if u.ID == "" {
		u.ID = w.IDs.Next()
	}
	if u.Username == "" {
		u.Username = "user" + u.ID[len(u.ID)-4:]
	}
	if _, ok := w.Users[u.ID]; !ok {
		w.UserOrder = append(w.UserOrder, u.ID)
	}
	p := &u
	w.Users[u.ID] = p
	return p
}

// AddChannel adds or replaces a channel, filling in its id, guild, name and
// creation time; a channel of a guild not yet known adds that guild.
func (w *World) AddChannel(c Channel) *Channel {
	if c.ID == "" {
		c.ID = w.IDs.Next()
	}
	if c.Type == discordgo.ChannelTypeGuildText && c.GuildID == "" && c.RecipientID == "" {
		c.GuildID = w.GuildID
	}
	if c.Name == "" && !c.IsDM() {
		c.Name = "channel-" + c.ID[len(c.ID)-4:]
	}
	if c.GuildID != "" && w.Guilds[c.GuildID] == nil {
		// A channel of another guild: the bot is in that guild too.
		w.Guilds[c.GuildID] = &Guild{ID: c.GuildID, Name: "guild-" + c.GuildID[max(0, len(c.GuildID)-4):]}
		w.GuildOrder = append(w.GuildOrder, c.GuildID)
	}
	if c.Created.IsZero() {
		c.Created = time.Now()
	}
	if _, ok := w.Channels[c.ID]; !ok {
		w.ChanOrder = append(w.ChanOrder, c.ID)
	}
	p := &c
	w.Channels[c.ID] = p
	return p
}

// DMChannel is the DM channel between the bot and a user, opened if
// needed.
func (w *World) DMChannel(userID string) (*Channel, error) {
	u, ok := w.Users[userID]
	if !ok || u.ID == w.Bot.ID {
		return nil, ErrUnknownUser
	}
	if id, ok := w.DMByUser[userID]; ok {
		return w.Channels[id], nil
	}
	c := w.AddChannel(Channel{Type: discordgo.ChannelTypeDM, RecipientID: userID})
	w.DMByUser[userID] = c.ID
	return c, nil
}

// LiveChannel returns a channel that exists and is not deleted.
func (w *World) LiveChannel(id string) (*Channel, bool) {
	c, ok := w.Channels[id]
	if !ok || c.Deleted {
		return nil, false
	}
	return c, true
}

// GatewayURL is the URL that GET /gateway returns:
// "ws://127.0.0.1:PORT/ws" ("" before Start).
func (w *World) GatewayURL() string {
	if w.Addr == "" {
		return ""
	}
	return "ws://" + w.Addr + "/ws"
}

// Touch wakes every waiter. The channel is made by a waiter (Wait), not at every change (several a request).
func (w *World) Touch() {
	if w.changed != nil {
		close(w.changed)
		w.changed = nil
	}
}

// Wait blocks until cond (called with the lock held) returns true or ctx ends.
func (w *World) Wait(ctx context.Context, cond func() bool) error {
	for {
		w.Lock()
		ok := cond()
		if w.changed == nil {
			w.changed = make(chan struct{})
		}
		ch := w.changed
		w.Unlock()
		if ok {
			return nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// Now is the stand-in's clock (Options.Clock).
func (w *World) Now() time.Time { return w.Opts.Clock() }

// Logf logs a line with Options.Logf, if set.
func (w *World) Logf(format string, args ...any) {
	if w.Opts.Logf != nil {
		w.Opts.Logf(format, args...)
	}
}

// TokenOK reports whether tok is the bot's token (Options.Token; without
// it any non-empty token).
func (w *World) TokenOK(tok string) bool {
	if w.Opts.Token != "" {
		return tok == w.Opts.Token
	}
	return tok != ""
}

// Guild is a guild the bot is in.
type Guild struct {
	ID     string
	Name   string
	Locale string // preferred locale; "" = en-US
	// ChannelID is the guild's text channel made with it (AddGuild).
	ChannelID string
}

// ShardOf is the shard that receives a guild's events when the bot runs
// count shards: (guild_id >> 22) % count; events without a guild (DMs) go
// to shard 0.
func ShardOf(guildID string, count int) int {
	if guildID == "" || count <= 1 {
		return 0
	}
	id, _ := strconv.ParseUint(guildID, 10, 64)
	return int((id >> 22) % uint64(count))
}

// ShardGuilds lists the guilds a shard receives.
func (w *World) ShardGuilds(shard [2]int) []*Guild {
	var out []*Guild
	for _, id := range w.GuildOrder {
		if ShardOf(id, shard[1]) == shard[0] {
			out = append(out, w.Guilds[id])
		}
	}
	return out
}
