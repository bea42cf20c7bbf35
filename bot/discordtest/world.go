package discordtest

import (
	"encoding/json"
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

// isDM reports whether c is a direct-message channel.
func (c *Channel) isDM() bool { return c.Type == discordgo.ChannelTypeDM }

// world is the simulated Discord state; guarded by Server.mu.
type world struct {
	app     string
	bot     User
	guildID string // the default guild (Options.GuildID)
	// guilds are the guilds the bot is in, the default one first (shards.go).
	guilds     map[string]*Guild
	guildOrder []string
	created    time.Time
	// eventMember is memberJSON(u, false) encoded, the same for every
	// user: a guild message event's member (made when first needed).
	eventMember json.RawMessage

	users     map[string]*User
	userOrder []string
	channels  map[string]*Channel
	chanOrder []string
	dmByUser  map[string]string // user id -> DM channel id

	messages     map[string]*Message   // by id
	channelMsgs  map[string][]*Message // by channel id, in creation order
	interactions map[string]*interaction
	byToken      map[string]*interaction
	commands     map[string][]*command // by guild id, "" for global
	nonces       map[nonceKey]*Message // enforce_nonce: the message a nonce created
	allowed      map[string]bool       // "command user": overrides (permissions.go)
}

func (s *Server) initWorld() {
	o := &s.opts
	w := &s.world
	w.created = time.Now()
	if o.BotUserID == "" {
		o.BotUserID = s.ids.next()
	}
	if o.AppID == "" {
		o.AppID = o.BotUserID
	}
	if o.BotUsername == "" {
		o.BotUsername = "referee"
	}
	if o.GuildID == "" {
		o.GuildID = s.ids.next()
	}
	if o.GuildName == "" {
		o.GuildName = "shinpan-test"
	}
	if len(o.Channels) == 0 {
		o.Channels = []Channel{{Name: "general"}}
	}
	w.app = o.AppID
	w.bot = User{ID: o.BotUserID, Username: o.BotUsername, Bot: true}
	w.guildID = o.GuildID
	w.guilds = map[string]*Guild{o.GuildID: {ID: o.GuildID, Name: o.GuildName}}
	w.guildOrder = []string{o.GuildID}
	w.users = map[string]*User{w.bot.ID: &w.bot}
	w.channels = map[string]*Channel{}
	w.dmByUser = map[string]string{}
	w.messages = map[string]*Message{}
	w.channelMsgs = map[string][]*Message{}
	w.interactions = map[string]*interaction{}
	w.byToken = map[string]*interaction{}
	w.commands = map[string][]*command{}
	w.nonces = map[nonceKey]*Message{}
	for _, c := range o.Channels {
		s.addChannelLocked(c)
	}
	for _, u := range o.Users {
		s.addUserLocked(u)
	}
}

// AppID is the simulated application's id.
func (s *Server) AppID() string { return s.opts.AppID }

// GuildID is the simulated guild's id.
func (s *Server) GuildID() string { return s.opts.GuildID }

// BotUser is the bot's own user.
func (s *Server) BotUser() User {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.world.bot
}

// DefaultChannelID is the id of the guild's first text channel.
func (s *Server) DefaultChannelID() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, id := range s.world.chanOrder {
		if c := s.world.channels[id]; c.Type == discordgo.ChannelTypeGuildText {
			return id
		}
	}
	return ""
}

// AddUser adds a simulated guild member and returns it with its id filled in.
// An existing id is replaced.
func (s *Server) AddUser(u User) User {
	s.mu.Lock()
	defer s.mu.Unlock()
	return *s.addUserLocked(u)
}

func (s *Server) addUserLocked(u User) *User {
	if u.ID == "" {
		u.ID = s.ids.next()
	}
	if u.Username == "" {
		u.Username = "user" + u.ID[len(u.ID)-4:]
	}
	if _, ok := s.world.users[u.ID]; !ok {
		s.world.userOrder = append(s.world.userOrder, u.ID)
	}
	p := &u
	s.world.users[u.ID] = p
	return p
}

// User returns the simulated user (or the bot) with the given id.
func (s *Server) User(id string) (User, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	u, ok := s.world.users[id]
	if !ok {
		return User{}, false
	}
	return *u, true
}

// Users lists the simulated users in the order they were added (not the bot).
func (s *Server) Users() []User {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]User, 0, len(s.world.userOrder))
	for _, id := range s.world.userOrder {
		out = append(out, *s.world.users[id])
	}
	return out
}

// AddChannel adds a guild text channel and returns it with its id filled in.
func (s *Server) AddChannel(c Channel) Channel {
	s.mu.Lock()
	defer s.mu.Unlock()
	return *s.addChannelLocked(c)
}

func (s *Server) addChannelLocked(c Channel) *Channel {
	if c.ID == "" {
		c.ID = s.ids.next()
	}
	if c.Type == discordgo.ChannelTypeGuildText && c.GuildID == "" && c.RecipientID == "" {
		c.GuildID = s.world.guildID
	}
	if c.Name == "" && !c.isDM() {
		c.Name = "channel-" + c.ID[len(c.ID)-4:]
	}
	if c.GuildID != "" && s.world.guilds[c.GuildID] == nil {
		// A channel of another guild: the bot is in that guild too.
		s.world.guilds[c.GuildID] = &Guild{ID: c.GuildID, Name: "guild-" + c.GuildID[max(0, len(c.GuildID)-4):]}
		s.world.guildOrder = append(s.world.guildOrder, c.GuildID)
	}
	if c.Created.IsZero() {
		c.Created = time.Now()
	}
	if _, ok := s.world.channels[c.ID]; !ok {
		s.world.chanOrder = append(s.world.chanOrder, c.ID)
	}
	p := &c
	s.world.channels[c.ID] = p
	return p
}

// Channel returns a channel (guild, thread or DM) by id.
func (s *Server) Channel(id string) (Channel, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.world.channels[id]
	if !ok {
		return Channel{}, false
	}
	return *c, true
}

// Channels lists all channels (guild channels, threads and DMs) in creation order.
func (s *Server) Channels() []Channel {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Channel, 0, len(s.world.chanOrder))
	for _, id := range s.world.chanOrder {
		out = append(out, *s.world.channels[id])
	}
	return out
}

// DMChannel returns the id of the DM channel between the bot and the user,
// opening it if needed (as a user writing to the bot does).
func (s *Server) DMChannel(userID string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, err := s.dmChannelLocked(userID)
	if err != nil {
		return "", err
	}
	return c.ID, nil
}

func (s *Server) dmChannelLocked(userID string) (*Channel, error) {
	u, ok := s.world.users[userID]
	if !ok || u.ID == s.world.bot.ID {
		return nil, ErrUnknownUser
	}
	if id, ok := s.world.dmByUser[userID]; ok {
		return s.world.channels[id], nil
	}
	c := s.addChannelLocked(Channel{Type: discordgo.ChannelTypeDM, RecipientID: userID})
	s.world.dmByUser[userID] = c.ID
	return c, nil
}

// SetDMsClosed opens or closes a user's DMs to the bot (see User.DMsClosed).
func (s *Server) SetDMsClosed(userID string, closed bool) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	u, ok := s.world.users[userID]
	if !ok {
		return ErrUnknownUser
	}
	u.DMsClosed = closed
	return nil
}

// SetMissingPermissions makes the bot's writes to a channel fail with 403
// code 50013 (missing = true) or succeed again.
func (s *Server) SetMissingPermissions(channelID string, missing bool) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.world.channels[channelID]
	if !ok {
		return ErrUnknownChannel
	}
	c.MissingPermissions = missing
	return nil
}

// DeleteChannel marks a channel deleted: every later request about it gets
// 404 code 10003 "Unknown Channel".
func (s *Server) DeleteChannel(channelID string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.world.channels[channelID]
	if !ok {
		return ErrUnknownChannel
	}
	c.Deleted = true
	s.dispatchLocked(newDispatch("CHANNEL_DELETE", s.channelJSON(c), intentGuilds).in(c.GuildID))
	return nil
}

// liveChannel returns a channel that exists and is not deleted.
func (s *Server) liveChannel(id string) (*Channel, bool) {
	c, ok := s.world.channels[id]
	if !ok || c.Deleted {
		return nil, false
	}
	return c, true
}

// SetGuildLocale sets the server's preferred locale, sent as "guild_locale"
// with every interaction there (e.g. "ja"; "" = "en-US").
func (s *Server) SetGuildLocale(locale string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.world.guilds[s.world.guildID].Locale = locale
}

// SetLocale sets a user's client locale, sent as "locale" with their
// interactions (e.g. "ja"; "" = "en-US").
func (s *Server) SetLocale(userID, locale string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	u, ok := s.world.users[userID]
	if !ok {
		return ErrUnknownUser
	}
	u.Locale = locale
	return nil
}
