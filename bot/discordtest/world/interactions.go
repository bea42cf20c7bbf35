package world

import (
	"encoding/json"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Callback is an accepted interaction callback (POST .../callback).
type Callback struct {
	Type  discordgo.InteractionResponseType
	Data  json.RawMessage // the "data" object as sent; nil if none
	Files []File
	Time  time.Time
	// EditsBefore is, for a deferred update (6), how many times the
	// component's message had been edited when the callback came.
	EditsBefore int
}

// Interaction is a snapshot of an interaction a simulated user started and
// everything the bot answered to it.
type Interaction struct {
	ID        string
	Token     string
	Type      discordgo.InteractionType
	UserID    string
	ChannelID string
	GuildID   string // empty in DMs
	Name      string // command name (application commands)
	CustomID  string // component or modal custom_id
	MessageID string // the message whose component was used
	Created   time.Time
	// Callback is the accepted callback; nil while unacknowledged. Later
	// callbacks were refused with 40060 and only appear in Requests.
	Callback *Callback
	// Original is the @original response message in its current state: the
	// message created by callback 4 or 5, or the component's message for 6 and 7.
	Original  *Message
	Followups []Message
}

// Acknowledged reports whether the bot has answered the callback.
func (i Interaction) Acknowledged() bool { return i.Callback != nil }

// Choice is one autocomplete choice the bot offered.
type Choice struct {
	Name  string `json:"name"`
	Value any    `json:"value"`
}

// Choices are the choices of an autocomplete callback (nil for any other).
func (i Interaction) Choices() []Choice {
	if i.Callback == nil || i.Callback.Type != discordgo.InteractionApplicationCommandAutocompleteResult {
		return nil
	}
	var d struct {
		Choices []Choice `json:"choices"`
	}
	_ = json.Unmarshal(i.Callback.Data, &d)
	return d.Choices
}

// Acknowledged is a WaitInteraction condition: the callback was accepted.
func Acknowledged(i Interaction) bool { return i.Acknowledged() }

// Answered is a WaitInteraction condition: the user sees an answer — a
// message or modal callback, or a deferred answer that has since been edited
// or followed up.
func Answered(i Interaction) bool {
	if i.Callback == nil {
		return false
	}
	switch i.Callback.Type {
	case discordgo.InteractionResponseDeferredChannelMessageWithSource:
		return (i.Original != nil && !i.Original.Loading()) || len(i.Followups) > 0
	case discordgo.InteractionResponseDeferredMessageUpdate:
		return (i.Original != nil && i.Original.Edits > i.Callback.EditsBefore) || len(i.Followups) > 0
	}
	return true
}

// HasFollowups returns a WaitInteraction condition: at least n follow-ups.
func HasFollowups(n int) func(Interaction) bool {
	return func(i Interaction) bool { return len(i.Followups) >= n }
}

// InteractionState is the stored state behind Interaction; guarded by the World's lock.
type InteractionState struct {
	Interaction                 // identity and Callback; Original and Followups are filled by Snapshot
	OriginalID  string          // the @original response message
	FollowupIDs []string        // the follow-up messages
	Modal       json.RawMessage // data of a type 9 callback
	Submitted   bool            // the modal was submitted
}

// Snapshot is the interaction with its messages in their current state.
func (w *World) Snapshot(in *InteractionState) Interaction {
	out := in.Interaction
	if m := w.Messages[in.OriginalID]; m != nil {
		c := *m
		out.Original = &c
	}
	out.Followups = nil
	for _, id := range in.FollowupIDs {
		out.Followups = append(out.Followups, *w.Messages[id])
	}
	return out
}

// NewInteraction stores a new interaction of type t by u in ch.
func (w *World) NewInteraction(t discordgo.InteractionType, u *User, ch *Channel) *InteractionState {
	in := &InteractionState{Interaction: Interaction{
		ID: w.IDs.Next(), Token: TokenPrefix + RandomToken(48), Type: t,
		UserID: u.ID, ChannelID: ch.ID, GuildID: ch.GuildID, Created: time.Now(),
	}}
	w.Interactions[in.ID] = in
	w.ByToken[in.Token] = in
	return in
}

// InteractionJSON is the INTERACTION_CREATE payload: "member" (with user and
// permissions) in a guild, "user" in a DM, as Discord sends them.
func (w *World) InteractionJSON(in *InteractionState, u *User, ch *Channel, data obj) obj {
	chj := w.ChannelJSON(ch)
	chj["permissions"] = AllPermissions
	o := obj{
		"id":                    in.ID,
		"application_id":        w.App,
		"type":                  int(in.Type),
		"token":                 in.Token,
		"version":               1,
		"channel_id":            ch.ID,
		"channel":               chj,
		"data":                  data,
		"locale":                orDefault(u.Locale, "en-US"),
		"entitlements":          []any{},
		"app_permissions":       AllPermissions,
		"attachment_size_limit": 10 << 20,
	}
	if ch.GuildID != "" {
		m := w.MemberJSON(u, true)
		m["permissions"] = AllPermissions
		if u.Permissions != "" {
			m["permissions"] = u.Permissions
		}
		o["guild_id"] = ch.GuildID
		gl := orDefault(w.Guilds[ch.GuildID].Locale, "en-US")
		o["guild_locale"] = gl
		o["guild"] = obj{"id": ch.GuildID, "locale": gl, "features": []any{}}
		o["member"] = m
		o["context"] = int(discordgo.InteractionContextGuild)
		o["authorizing_integration_owners"] = obj{"0": ch.GuildID}
	} else {
		o["user"] = UserJSON(u)
		o["context"] = int(discordgo.InteractionContextBotDM)
		o["authorizing_integration_owners"] = obj{"0": "0"}
	}
	if in.MessageID != "" {
		if m := w.Messages[in.MessageID]; m != nil {
			o["message"] = w.MessageJSON(m)
		}
	}
	return o
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

// Command is a registered application command: its JSON as Discord returns it.
type Command struct {
	ID      string
	GuildID string // "" for a global command
	Name    string
	Type    int64
	Object  map[string]any
}
