package world

import (
	"encoding/json"
	"fmt"
	"shinpan/bot/discordtest/wire"
	"strconv"

	"github.com/bwmarrin/discordgo"
)

// LookupCommand finds the chat-input command a user can invoke by name in a
// channel: guild commands in the guild, then global ones allowed there.
func (w *World) LookupCommand(name string, ch *Channel) (*Command, error) {
	inDM := ch.IsDM()
	var scopes []string
	if !inDM {
		scopes = append(scopes, ch.GuildID)
	}
	scopes = append(scopes, "")
	for _, g := range scopes {
		for _, cmd := range w.Commands[g] {
			if cmd.Name != name || cmd.Type != int64(discordgo.ChatApplicationCommand) {
				continue
			}
			if inDM && !allowedInDM(cmd) {
				return nil, fmt.Errorf("%w: /%s is not available in DMs", ErrUnknownCommand, name)
			}
			return cmd, nil
		}
	}
	return nil, fmt.Errorf("%w: /%s", ErrUnknownCommand, name)
}

// allowedInDM reads "contexts" (1 = bot DM) or the older "dm_permission".
func allowedInDM(cmd *Command) bool {
	p := wire.Parse(wire.MustJSON(cmd.Object))
	var ctx []int
	if err := json.Unmarshal(p["contexts"], &ctx); err == nil && ctx != nil {
		for _, c := range ctx {
			if c == int(discordgo.InteractionContextBotDM) {
				return true
			}
		}
		return false
	}
	var dm *bool
	_ = json.Unmarshal(p["dm_permission"], &dm)
	return dm == nil || *dm
}

// Permitted says whether u may invoke cmd in the guild: every permission
// of its default_member_permissions is among theirs (empty: all), or an
// override allows it. In DMs there are no permissions to check.
func (w *World) Permitted(cmd *Command, u *User, inDM bool) bool {
	if inDM || w.Allowed[cmd.Name+" "+u.ID] || u.Permissions == "" {
		return true
	}
	var need *string
	if raw, err := json.Marshal(cmd.Object["default_member_permissions"]); err == nil {
		_ = json.Unmarshal(raw, &need)
	}
	if need == nil {
		return true
	}
	want, err1 := strconv.ParseUint(*need, 10, 64)
	have, err2 := strconv.ParseUint(u.Permissions, 10, 64)
	return err1 == nil && err2 == nil && have&want == want
}

// Actor resolves the user and channel of a user action. channelID "" means
// the user's DM with the bot; a DM channel must be the user's own.
func (w *World) Actor(userID, channelID string) (*User, *Channel, error) {
	if !w.Started {
		return nil, nil, ErrNotStarted
	}
	u, ok := w.Users[userID]
	if !ok || u.ID == w.Bot.ID {
		return nil, nil, fmt.Errorf("%w %q", ErrUnknownUser, userID)
	}
	if channelID == "" {
		ch, err := w.DMChannel(userID)
		return u, ch, err
	}
	ch, ok := w.LiveChannel(channelID)
	if !ok || (ch.IsDM() && ch.RecipientID != userID) {
		return nil, nil, fmt.Errorf("%w %q", ErrUnknownChannel, channelID)
	}
	return u, ch, nil
}
