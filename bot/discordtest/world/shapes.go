package world

import (
	"encoding/json"
	"shinpan/bot/discordtest/wire"

	"github.com/bwmarrin/discordgo"
)

// obj is a JSON object under construction.
type obj = map[string]any

// AllPermissions is the permission bit set the bot and members are given in
// interactions (everything except administrator), as a decimal string.
const AllPermissions = "2251799813685239"

// UserJSON is Discord's user object.
func UserJSON(u *User) obj {
	o := obj{
		"id":            u.ID,
		"username":      u.Username,
		"discriminator": "0",
		"global_name":   nil,
		"avatar":        nil,
		"public_flags":  0,
	}
	if u.GlobalName != "" {
		o["global_name"] = u.GlobalName
	}
	if u.Bot {
		o["bot"] = true
	}
	return o
}

// MemberJSON is Discord's guild member object; withUser adds "user" (left
// out inside MESSAGE_CREATE, present in interactions and REST).
func (w *World) MemberJSON(u *User, withUser bool) obj {
	o := obj{
		"roles":                        []any{},
		"joined_at":                    Timestamp(w.Created),
		"nick":                         nil,
		"avatar":                       nil,
		"deaf":                         false,
		"mute":                         false,
		"flags":                        0,
		"pending":                      false,
		"premium_since":                nil,
		"communication_disabled_until": nil,
	}
	if withUser {
		o["user"] = UserJSON(u)
	}
	return o
}

// ChannelJSON is Discord's channel object for a guild text channel, a
// thread or a DM.
func (w *World) ChannelJSON(c *Channel) obj {
	o := obj{
		"id":              c.ID,
		"type":            int(c.Type),
		"last_message_id": nil,
		"flags":           0,
	}
	if msgs := w.ChannelMsgs[c.ID]; len(msgs) > 0 {
		o["last_message_id"] = msgs[len(msgs)-1].ID
	}
	switch c.Type {
	case discordgo.ChannelTypeDM:
		o["recipients"] = []any{UserJSON(w.Users[c.RecipientID])}
	case discordgo.ChannelTypeGuildPublicThread, discordgo.ChannelTypeGuildPrivateThread:
		o["guild_id"] = c.GuildID
		o["parent_id"] = c.ParentID
		o["name"] = c.Name
		o["owner_id"] = c.ThreadOwnerID
		o["rate_limit_per_user"] = 0
		o["message_count"] = len(w.ChannelMsgs[c.ID])
		o["member_count"] = 1
		o["thread_metadata"] = obj{
			"archived":              false,
			"auto_archive_duration": 1440,
			"archive_timestamp":     Timestamp(c.Created),
			"locked":                false,
			"create_timestamp":      Timestamp(c.Created),
		}
	default:
		o["guild_id"] = c.GuildID
		o["name"] = c.Name
		o["position"] = 0
		o["permission_overwrites"] = []any{}
		o["parent_id"] = nil
		o["nsfw"] = false
		o["topic"] = nil
		o["rate_limit_per_user"] = 0
	}
	return o
}

// GuildJSON is the GUILD_CREATE payload: the guild with its channels,
// threads, the @everyone role and the bot's member.
func (w *World) GuildJSON(g *Guild) obj {
	var channels, threads []any
	for _, id := range w.ChanOrder {
		c := w.Channels[id]
		if c.Deleted || c.GuildID != g.ID {
			continue
		}
		if c.Type == discordgo.ChannelTypeGuildText {
			channels = append(channels, w.ChannelJSON(c))
		} else {
			threads = append(threads, w.ChannelJSON(c))
		}
	}
	members := []any{w.MemberJSON(&w.Bot, true)}
	for _, id := range w.UserOrder {
		members = append(members, w.MemberJSON(w.Users[id], true))
	}
	return obj{
		"id":                            g.ID,
		"name":                          g.Name,
		"icon":                          nil,
		"owner_id":                      w.Bot.ID,
		"roles":                         []any{obj{"id": g.ID, "name": "@everyone", "permissions": AllPermissions, "position": 0, "color": 0, "hoist": false, "managed": false, "mentionable": false}},
		"emojis":                        []any{},
		"stickers":                      []any{},
		"features":                      []any{},
		"channels":                      nonNil(channels),
		"threads":                       nonNil(threads),
		"members":                       members,
		"member_count":                  len(members),
		"presences":                     []any{},
		"voice_states":                  []any{},
		"joined_at":                     Timestamp(w.Created),
		"large":                         false,
		"unavailable":                   false,
		"preferred_locale":              orDefault(g.Locale, "en-US"),
		"system_channel_id":             nil,
		"verification_level":            0,
		"premium_tier":                  0,
		"nsfw_level":                    0,
		"mfa_level":                     0,
		"explicit_content_filter":       0,
		"default_message_notifications": 0,
	}
}

// MessageJSON is Discord's message object as REST returns it; gateway
// MESSAGE_CREATE adds guild_id and member (see gateway.Gateway.SendMessage). It is a
// struct, not an obj: its fields in the order of their names, it encodes to
// the bytes an obj would, without the map's sorting and interfaces (every
// message the bot sends is encoded, for its answer and its event).
func (w *World) MessageJSON(m *Message) MessageObj {
	mentions := []userObj{}
	for _, id := range m.Mentions {
		if u, ok := w.Users[id]; ok {
			mentions = append(mentions, userObjOf(u))
		}
	}
	attachments := []AttachmentObj{}
	for _, a := range m.Attachments {
		url := w.BaseURL + "/attachments/" + m.ChannelID + "/" + a.ID + "/" + a.Filename
		size := len(a.Data)
		if a.Data == nil {
			size = a.size
		}
		ao := AttachmentObj{ID: a.ID, Filename: a.Filename, Size: size, URL: url, ProxyURL: url,
			ContentType: a.ContentType, Description: a.Description, Ephemeral: m.Flags&discordgo.MessageFlagsEphemeral != 0}
		if a.Width > 0 {
			ao.Width, ao.Height = &a.Width, &a.Height
		}
		attachments = append(attachments, ao)
	}
	o := MessageObj{
		ID:          m.ID,
		Type:        m.Type,
		ChannelID:   m.ChannelID,
		Author:      userObjOf(&m.Author),
		Content:     m.Content,
		Timestamp:   Timestamp(m.Created),
		Mentions:    mentions,
		Attachments: attachments,
		Embeds:      wire.RawOr(m.Embeds, "[]"),
		Components:  wire.RawOr(m.Components, "[]"),
		Flags:       int(m.Flags),
		Nonce:       m.Nonce,
		WebhookID:   m.WebhookID,
		Reference:   m.Reference,
	}
	if !m.Edited.IsZero() {
		e := Timestamp(m.Edited)
		o.Edited = &e
	}
	if m.WebhookID != "" {
		o.ApplicationID = w.App
	}
	if m.InteractionID != "" {
		if in := w.Interactions[m.InteractionID]; in != nil {
			u := w.Users[in.UserID]
			o.InteractionMetadata = obj{
				"id":                             in.ID,
				"type":                           int(in.Type),
				"user":                           UserJSON(u),
				"authorizing_integration_owners": obj{},
			}
			o.Interaction = obj{"id": in.ID, "type": int(in.Type), "name": in.Name, "user": UserJSON(u)}
		}
	}
	if m.ThreadID != "" {
		if c, ok := w.Channels[m.ThreadID]; ok {
			o.Thread = w.ChannelJSON(c)
		}
	}
	return o
}

// MessageObj is messageJSON's message object, its fields in the order of
// their names (as encoding/json writes an obj's keys). GuildID and Member
// are the gateway's additions in a guild.
type MessageObj struct {
	ApplicationID       string                `json:"application_id,omitempty"`
	Attachments         []AttachmentObj       `json:"attachments"`
	Author              userObj               `json:"author"`
	ChannelID           string                `json:"channel_id"`
	Components          json.RawMessage       `json:"components"`
	Content             string                `json:"content"`
	Edited              *string               `json:"edited_timestamp"`
	Embeds              json.RawMessage       `json:"embeds"`
	Flags               int                   `json:"flags"`
	GuildID             string                `json:"guild_id,omitempty"`
	ID                  string                `json:"id"`
	Interaction         obj                   `json:"interaction,omitempty"`
	InteractionMetadata obj                   `json:"interaction_metadata,omitempty"`
	Member              json.RawMessage       `json:"member,omitempty"`
	MentionEveryone     bool                  `json:"mention_everyone"`
	MentionRoles        [0]int                `json:"mention_roles"`
	Mentions            []userObj             `json:"mentions"`
	Reference           json.RawMessage       `json:"message_reference,omitempty"`
	Nonce               string                `json:"nonce,omitempty"`
	Pinned              bool                  `json:"pinned"`
	Thread              obj                   `json:"thread,omitempty"`
	Timestamp           string                `json:"timestamp"`
	TTS                 bool                  `json:"tts"`
	Type                discordgo.MessageType `json:"type"`
	WebhookID           string                `json:"webhook_id,omitempty"`
}

// AttachmentObj is an attachment in MessageObj, as encoding an obj orders it.
type AttachmentObj struct {
	ContentType string `json:"content_type"`
	Description string `json:"description,omitempty"`
	Ephemeral   bool   `json:"ephemeral,omitempty"`
	Filename    string `json:"filename"`
	Height      *int   `json:"height,omitempty"`
	ID          string `json:"id"`
	ProxyURL    string `json:"proxy_url"`
	Size        int    `json:"size"`
	URL         string `json:"url"`
	Width       *int   `json:"width,omitempty"`
}

// userObj is UserJSON as a struct, for MessageObj.
type userObj struct {
	Avatar        *string `json:"avatar"`
	Bot           bool    `json:"bot,omitempty"`
	Discriminator string  `json:"discriminator"`
	GlobalName    *string `json:"global_name"`
	ID            string  `json:"id"`
	PublicFlags   int     `json:"public_flags"`
	Username      string  `json:"username"`
}

func userObjOf(u *User) userObj {
	o := userObj{ID: u.ID, Username: u.Username, Discriminator: "0", Bot: u.Bot}
	if u.GlobalName != "" {
		o.GlobalName = &u.GlobalName
	}
	return o
}

func nonNil(a []any) []any {
	if a == nil {
		return []any{}
	}
	return a
}
