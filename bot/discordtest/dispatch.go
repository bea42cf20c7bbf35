package discordtest

import (
	"fmt"
	"shinpan/bot/discordtest/wire"
	"shinpan/bot/discordtest/world"
	"slices"

	"github.com/bwmarrin/discordgo"
)

// Option is an application command option value given by a simulated user;
// build it with StringOption, IntegerOption, ..., Subcommand.
type Option struct {
	Name    string
	Type    discordgo.ApplicationCommandOptionType
	Value   any // string, int64, float64 or bool; ids for users and channels
	Options []Option
	Focused bool // autocomplete only
}

// StringOption is a string option (type 3).
func StringOption(name, value string) Option {
	return Option{Name: name, Type: discordgo.ApplicationCommandOptionString, Value: value}
}

// IntegerOption is an integer option (type 4).
func IntegerOption(name string, value int64) Option {
	return Option{Name: name, Type: discordgo.ApplicationCommandOptionInteger, Value: value}
}

// BooleanOption is a boolean option (type 5).
func BooleanOption(name string, value bool) Option {
	return Option{Name: name, Type: discordgo.ApplicationCommandOptionBoolean, Value: value}
}

// UserOption is a user option (type 6); the user is added to data.resolved.
func UserOption(name, userID string) Option {
	return Option{Name: name, Type: discordgo.ApplicationCommandOptionUser, Value: userID}
}

// ChannelOption is a channel option (type 7); the channel is added to data.resolved.
func ChannelOption(name, channelID string) Option {
	return Option{Name: name, Type: discordgo.ApplicationCommandOptionChannel, Value: channelID}
}

// NumberOption is a number option (type 10).
func NumberOption(name string, value float64) Option {
	return Option{Name: name, Type: discordgo.ApplicationCommandOptionNumber, Value: value}
}

// Subcommand is a subcommand (type 1) with its options inside.
func Subcommand(name string, options ...Option) Option {
	return Option{Name: name, Type: discordgo.ApplicationCommandOptionSubCommand, Options: options}
}

// SubcommandGroup is a subcommand group (type 2) holding one subcommand.
func SubcommandGroup(name string, sub Option) Option {
	return Option{Name: name, Type: discordgo.ApplicationCommandOptionSubCommandGroup, Options: []Option{sub}}
}

// obj is a JSON object under construction.
type obj = map[string]any

// SlashCommand makes the user run the chat-input command /name with options
// in a channel (channelID "" = the user's DM with the bot) and returns the
// interaction id. Unless Options.LooseCommands is set, the command must be
// registered (guild or global, usable in DMs if used there) and the options
// must fit its definition (ErrUnknownCommand, ErrBadOption).
func (s *Server) SlashCommand(userID, channelID, name string, options ...Option) (string, error) {
	s.w.Lock()
	defer s.w.Unlock()
	u, ch, err := s.w.Actor(userID, channelID)
	if err != nil {
		return "", err
	}
	cmdID, guildCmd := "", ""
	cmd, lerr := s.w.LookupCommand(name, ch)
	switch {
	case lerr == nil:
		if !s.w.Opts.LooseCommands {
			if err := checkOptions(commandDefs(cmd), options, "/"+name); err != nil {
				return "", err
			}
			if !s.w.Permitted(cmd, u, ch.IsDM()) {
				return "", ErrNoPermission
			}
		}
		cmdID, guildCmd = cmd.ID, cmd.GuildID
	case s.w.Opts.LooseCommands:
		cmdID = s.w.IDs.Next()
	default:
		return "", lerr
	}
	in := s.w.NewInteraction(discordgo.InteractionApplicationCommand, u, ch)
	in.Name = name
	resolved := obj{}
	data := obj{"id": cmdID, "name": name, "type": int(discordgo.ChatApplicationCommand)}
	if len(options) > 0 {
		data["options"] = optionsJSON(s.w, options, ch, resolved)
	}
	if len(resolved) > 0 {
		data["resolved"] = resolved
	}
	if guildCmd != "" {
		data["guild_id"] = guildCmd
	}
	s.ep.DeliverLocked(in, s.w.InteractionJSON(in, u, ch, data))
	return in.ID, nil
}

// Autocomplete makes the user type into an option of /name (the option with
// Focused set, its Value what they typed so far) and returns the interaction
// id (type 4). ErrBadOption unless that option is registered with
// autocomplete. The bot's choices are the callback's data (see Choices).
func (s *Server) Autocomplete(userID, channelID, name string, options ...Option) (string, error) {
	s.w.Lock()
	defer s.w.Unlock()
	u, ch, err := s.w.Actor(userID, channelID)
	if err != nil {
		return "", err
	}
	cmd, err := s.w.LookupCommand(name, ch)
	if err != nil {
		return "", err
	}
	if d, ok := focusedDef(commandDefs(cmd), options); !ok || !d.Autocomplete {
		return "", fmt.Errorf("%w: /%s: no focused option with autocomplete", ErrBadOption, name)
	}
	in := s.w.NewInteraction(discordgo.InteractionApplicationCommandAutocomplete, u, ch)
	in.Name = name
	resolved := obj{}
	data := obj{"id": cmd.ID, "name": name, "type": int(discordgo.ChatApplicationCommand), "options": optionsJSON(s.w, options, ch, resolved)}
	if cmd.GuildID != "" {
		data["guild_id"] = cmd.GuildID
	}
	s.ep.DeliverLocked(in, s.w.InteractionJSON(in, u, ch, data))
	return in.ID, nil
}

// optionsJSON renders options and fills data.resolved for users and channels.
func optionsJSON(w *world.World, opts []Option, ch *Channel, resolved obj) []any {
	out := make([]any, 0, len(opts))
	for _, o := range opts {
		j := obj{"name": o.Name, "type": int(o.Type)}
		switch o.Type {
		case discordgo.ApplicationCommandOptionSubCommand, discordgo.ApplicationCommandOptionSubCommandGroup:
			j["options"] = optionsJSON(w, o.Options, ch, resolved)
		default:
			j["value"] = o.Value
		}
		if o.Focused {
			j["focused"] = true
		}
		id, _ := o.Value.(string)
		switch o.Type {
		case discordgo.ApplicationCommandOptionUser, discordgo.ApplicationCommandOptionMentionable:
			if u, ok := w.Users[id]; ok {
				addResolved(resolved, "users", id, world.UserJSON(u))
				if ch.GuildID != "" {
					addResolved(resolved, "members", id, w.MemberJSON(u, false))
				}
			}
		case discordgo.ApplicationCommandOptionChannel:
			if c, ok := w.Channels[id]; ok {
				cj := w.ChannelJSON(c)
				cj["permissions"] = world.AllPermissions
				addResolved(resolved, "channels", id, cj)
			}
		}
		out = append(out, j)
	}
	return out
}

func addResolved(resolved obj, kind, id string, v any) {
	m, _ := resolved[kind].(obj)
	if m == nil {
		m = obj{}
		resolved[kind] = m
	}
	m[id] = v
}

// ClickButton makes the user click the button custom_id on a message (the
// bot's, visible to the user, in channelID; "" = the user's DM) and returns
// the interaction id (type 3, component_type 2). ErrNoComponent if the
// message has no such enabled button.
func (s *Server) ClickButton(userID, channelID, messageID, customID string) (string, error) {
	return s.useComponent(userID, channelID, messageID, customID, nil, true)
}

// SelectMenu makes the user pick values in the select menu custom_id on a
// message and returns the interaction id (type 3, component_type of the
// select, 3 for string selects). For string selects the values must be
// among the options and within min_values..max_values.
func (s *Server) SelectMenu(userID, channelID, messageID, customID string, values ...string) (string, error) {
	if values == nil {
		values = []string{}
	}
	return s.useComponent(userID, channelID, messageID, customID, values, false)
}

func (s *Server) useComponent(userID, channelID, messageID, customID string, values []string, button bool) (string, error) {
	s.w.Lock()
	defer s.w.Unlock()
	u, ch, err := s.w.Actor(userID, channelID)
	if err != nil {
		return "", err
	}
	m := s.w.Messages[messageID]
	if m == nil || m.Deleted || m.ChannelID != ch.ID {
		return "", fmt.Errorf("%w %q in channel %s", ErrUnknownMessage, messageID, ch.ID)
	}
	if !s.w.VisibleTo(m, u.ID) {
		return "", ErrNotVisible
	}
	comp := wire.FindComponent(m.Components, customID)
	if comp == nil || comp.Disabled {
		return "", fmt.Errorf("%w: %q", ErrNoComponent, customID)
	}
	isSelect := slices.Contains([]int{3, 5, 6, 7, 8}, comp.Type)
	if (button && comp.Type != int(discordgo.ButtonComponent)) || (!button && !isSelect) {
		return "", fmt.Errorf("%w: %q is a component of type %d", ErrNoComponent, customID, comp.Type)
	}
	data := obj{"custom_id": customID, "component_type": comp.Type}
	if !button {
		if err := checkValues(comp, values); err != nil {
			return "", err
		}
		data["values"] = values
		if comp.Type == int(discordgo.UserSelectMenuComponent) {
			resolved := obj{}
			for _, id := range values {
				if v, ok := s.w.Users[id]; ok {
					addResolved(resolved, "users", id, world.UserJSON(v))
				}
			}
			data["resolved"] = resolved
		}
	}
	in := s.w.NewInteraction(discordgo.InteractionMessageComponent, u, ch)
	in.CustomID, in.MessageID = customID, m.ID
	s.ep.DeliverLocked(in, s.w.InteractionJSON(in, u, ch, data))
	return in.ID, nil
}

func checkValues(c *wire.Component, values []string) error {
	lo, hi := 1, 1
	if c.MinValues != nil {
		lo = *c.MinValues
	}
	if c.MaxValues != nil {
		hi = *c.MaxValues
	}
	if len(values) < lo || len(values) > hi {
		return fmt.Errorf("%w: select %q takes %d..%d values, given %d", ErrBadOption, c.CustomID, lo, hi, len(values))
	}
	if c.Type != int(discordgo.SelectMenuComponent) {
		return nil
	}
	for _, v := range values {
		if !slices.Contains(c.Options, wire.SelectOption{Value: v}) {
			return fmt.Errorf("%w: select %q has no option %q", ErrBadOption, c.CustomID, v)
		}
	}
	return nil
}

// SubmitModal makes the user submit the modal custom_id that the bot showed
// them (callback type 9) with text input values by input custom_id, and
// returns the interaction id (type 5). Every text input of the modal is sent,
// in order, "" where no value is given. channelID "" means the channel the
// modal was opened in. ErrNoModal if no such modal is open for the user;
// ErrBadOption for unknown inputs or missing required ones.
func (s *Server) SubmitModal(userID, channelID, customID string, fields map[string]string) (string, error) {
	s.w.Lock()
	defer s.w.Unlock()
	var origin *world.InteractionState
	for _, in := range s.w.Interactions {
		if in.UserID == userID && in.Modal != nil && !in.Submitted &&
			wire.Parse(in.Modal).Str("custom_id") == customID &&
			(origin == nil || world.SnowflakeLess(origin.ID, in.ID)) {
			origin = in
		}
	}
	if origin == nil {
		return "", fmt.Errorf("%w: %q", ErrNoModal, customID)
	}
	if channelID == "" {
		channelID = origin.ChannelID
	}
	u, ch, err := s.w.Actor(userID, channelID)
	if err != nil {
		return "", err
	}
	if ch.ID != origin.ChannelID {
		return "", fmt.Errorf("%w: modal %q was opened in channel %s", ErrUnknownChannel, customID, origin.ChannelID)
	}
	var inputs []*wire.Component
	wire.WalkComponents(wire.Parse(origin.Modal)["components"], func(c *wire.Component) {
		if c.Type == int(discordgo.TextInputComponent) {
			inputs = append(inputs, c)
		}
	})
	rows := []any{}
	known := map[string]bool{}
	for _, c := range inputs {
		known[c.CustomID] = true
		v := fields[c.CustomID]
		required := c.Required == nil || *c.Required
		if required && v == "" {
			return "", fmt.Errorf("%w: modal %q input %q is required", ErrBadOption, customID, c.CustomID)
		}
		if n := len([]rune(v)); v != "" && ((c.MinLength != nil && n < *c.MinLength) || (c.MaxLength != nil && n > *c.MaxLength)) {
			return "", fmt.Errorf("%w: modal %q input %q length %d out of bounds", ErrBadOption, customID, c.CustomID, n)
		}
		rows = append(rows, obj{"type": int(discordgo.ActionsRowComponent), "components": []any{
			obj{"type": int(discordgo.TextInputComponent), "custom_id": c.CustomID, "value": v},
		}})
	}
	for _, k := range sortedKeys(fields) {
		if !known[k] {
			return "", fmt.Errorf("%w: modal %q has no input %q", ErrBadOption, customID, k)
		}
	}
	origin.Submitted = true
	in := s.w.NewInteraction(discordgo.InteractionModalSubmit, u, ch)
	in.CustomID, in.MessageID = customID, origin.MessageID
	data := obj{"custom_id": customID, "components": rows}
	s.ep.DeliverLocked(in, s.w.InteractionJSON(in, u, ch, data))
	return in.ID, nil
}

// SendDM makes the user write content to the bot in their DM channel and
// returns the message id. The message is stored (GET /channels/{id}/messages
// returns it) and dispatched as MESSAGE_CREATE without guild_id to sessions
// with the DIRECT_MESSAGES intent; while the bot is disconnected the dispatch
// waits for RESUME (see DiscardMissedEvents, InvalidateNextResume).
func (s *Server) SendDM(userID, content string) (string, error) {
	return s.SendMessage(userID, "", content)
}

// SendDMFile makes the user send the bot a file (an image, say) with
// content, which may be empty, in their DM channel, and returns the message id.
func (s *Server) SendDMFile(userID, content, filename, contentType string, data []byte) (string, error) {
	return s.userMessage(userID, "", content, &world.File{Field: "files[0]", Index: "0", Filename: filename, ContentType: contentType, Data: data})
}

// SendMessage makes the user write content in a channel (guild text channel,
// thread, or "" for their DM with the bot) and returns the message id. Guild
// messages are dispatched with guild_id and member to sessions with the
// GUILD_MESSAGES intent, without content unless they have MESSAGE_CONTENT or
// the bot is mentioned (<@bot id>).
func (s *Server) SendMessage(userID, channelID, content string) (string, error) {
	return s.userMessage(userID, channelID, content, nil)
}

// userMessage stores and dispatches a user's message, with file f attached
// (nil: none).
func (s *Server) userMessage(userID, channelID, content string, f *world.File) (string, error) {
	s.w.Lock()
	defer s.w.Unlock()
	u, ch, err := s.w.Actor(userID, channelID)
	if err != nil {
		return "", err
	}
	m := &Message{
		ID: s.w.IDs.Next(), ChannelID: ch.ID, GuildID: ch.GuildID, Author: *u,
		Type: discordgo.MessageTypeDefault, Content: content, Mentions: world.MentionsIn(content), Created: s.w.Now(),
	}
	if f != nil {
		files := []world.File{world.NewFile(f.Field, f.Index, f.Filename, f.ContentType, f.Data, s.w.Opts.Lean)}
		m.Attachments = s.w.AttachmentsFrom(nil, files)
	}
	s.w.StoreMessage(m)
	s.gw.SendMessage("MESSAGE_CREATE", m)
	return m.ID, nil
}
