package discordtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"shinpan/bot/discordtest/wire"
	"sort"
	"strconv"

	"github.com/bwmarrin/discordgo"
)

// command is a registered application command: its JSON as Discord returns it.
type command struct {
	id      string
	guildID string
	name    string
	typ     int64
	o       obj
}

// commandScope checks {application_id} and {guild_id}: 404 10002 for another
// application, 403 50001 for a guild the bot is not in.
func (s *Server) commandScope(c *call) (string, *APIError) {
	if c.param("application_id") != s.world.app {
		return "", errUnknownApp()
	}
	g := c.param("guild_id")
	if g != "" && s.world.guilds[g] == nil {
		return "", apiErr(http.StatusForbidden, CodeMissingAccess, "Missing Access")
	}
	return g, nil
}

// newCommand builds the stored command from a request object, keeping the id
// of an existing command with the same name and type, as Discord does.
func (s *Server) newCommand(guildID string, raw json.RawMessage) *command {
	o := obj{}
	_ = json.Unmarshal(raw, &o)
	p := wire.Parse(raw)
	typ := p.Int("type")
	if typ == 0 {
		typ = int64(discordgo.ChatApplicationCommand)
	}
	name := p.Str("name")
	id := s.ids.next()
	for _, old := range s.world.commands[guildID] {
		if old.name == name && old.typ == typ {
			id = old.id
		}
	}
	o["id"] = id
	o["application_id"] = s.world.app
	o["version"] = s.ids.next()
	o["type"] = typ
	switch p := o["default_member_permissions"].(type) {
	case nil:
		o["default_member_permissions"] = nil
	case float64:
		o["default_member_permissions"] = strconv.FormatFloat(p, 'f', 0, 64) // given as a number, read back as a string
	}
	if _, ok := o["nsfw"]; !ok {
		o["nsfw"] = false
	}
	if typ != int64(discordgo.ChatApplicationCommand) {
		o["description"] = ""
	}
	if guildID != "" {
		o["guild_id"] = guildID
	}
	return &command{id: id, guildID: guildID, name: name, typ: typ, o: o}
}

// PUT /applications/{app}[/guilds/{guild}]/commands [commands] -> the new
// set (replacing the old one; ids kept for same name and type).
func (s *Server) overwriteCommands(c *call) (int, any, *APIError) {
	g, err := s.commandScope(c)
	if err != nil {
		return 0, nil, err
	}
	var list []json.RawMessage
	if jerr := json.Unmarshal(c.req.Body, &list); jerr != nil {
		return 0, nil, errFormBody()
	}
	cmds := make([]*command, 0, len(list))
	out := make([]any, 0, len(list))
	for _, raw := range list {
		cmd := s.newCommand(g, raw)
		cmds = append(cmds, cmd)
		out = append(out, cmd.o)
	}
	s.world.commands[g] = cmds
	s.touch()
	return http.StatusOK, out, nil
}

// POST /applications/{app}[/guilds/{guild}]/commands {command} -> 201 when
// new, 200 when it replaced a command with the same name and type.
func (s *Server) createCommand(c *call) (int, any, *APIError) {
	g, err := s.commandScope(c)
	if err != nil {
		return 0, nil, err
	}
	cmd := s.newCommand(g, c.req.Body)
	status := http.StatusCreated
	list := s.world.commands[g]
	for i, old := range list {
		if old.id == cmd.id {
			list[i] = cmd
			status = http.StatusOK
		}
	}
	if status == http.StatusCreated {
		s.world.commands[g] = append(list, cmd)
	}
	s.touch()
	return status, cmd.o, nil
}

// GET /applications/{app}[/guilds/{guild}]/commands -> the set.
func (s *Server) listCommands(c *call) (int, any, *APIError) {
	g, err := s.commandScope(c)
	if err != nil {
		return 0, nil, err
	}
	out := []any{}
	for _, cmd := range s.world.commands[g] {
		out = append(out, cmd.o)
	}
	return http.StatusOK, out, nil
}

func (s *Server) findCommand(c *call) (string, int, *APIError) {
	g, err := s.commandScope(c)
	if err != nil {
		return "", 0, err
	}
	for i, cmd := range s.world.commands[g] {
		if cmd.id == c.param("command_id") {
			return g, i, nil
		}
	}
	return "", 0, errUnknownCmd()
}

// GET /applications/{app}[/guilds/{guild}]/commands/{id} -> command, or 10063.
func (s *Server) getCommand(c *call) (int, any, *APIError) {
	g, i, err := s.findCommand(c)
	if err != nil {
		return 0, nil, err
	}
	return http.StatusOK, s.world.commands[g][i].o, nil
}

// PATCH /applications/{app}[/guilds/{guild}]/commands/{id} -> edited command.
func (s *Server) editCommand(c *call) (int, any, *APIError) {
	g, i, err := s.findCommand(c)
	if err != nil {
		return 0, nil, err
	}
	cmd := s.world.commands[g][i]
	merged := obj{}
	for k, v := range cmd.o {
		merged[k] = v
	}
	for k, v := range c.body {
		merged[k] = v
	}
	nc := s.newCommand(g, wire.MustJSON(merged))
	nc.id, nc.o["id"] = cmd.id, cmd.id
	s.world.commands[g][i] = nc
	s.touch()
	return http.StatusOK, nc.o, nil
}

// DELETE /applications/{app}[/guilds/{guild}]/commands/{id} -> 204.
func (s *Server) deleteCommand(c *call) (int, any, *APIError) {
	g, i, err := s.findCommand(c)
	if err != nil {
		return 0, nil, err
	}
	list := s.world.commands[g]
	s.world.commands[g] = append(list[:i:i], list[i+1:]...)
	s.touch()
	return http.StatusNoContent, nil, nil
}

// Commands returns the registered commands of a guild, or the global ones
// for guildID "", decoded as discordgo values.
func (s *Server) Commands(guildID string) []*discordgo.ApplicationCommand {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*discordgo.ApplicationCommand
	for _, cmd := range s.world.commands[guildID] {
		var ac discordgo.ApplicationCommand
		if err := json.Unmarshal(wire.MustJSON(cmd.o), &ac); err == nil {
			out = append(out, &ac)
		}
	}
	return out
}

// optionDef is a registered command option, as far as invocation checks need it.
type optionDef struct {
	Name      string      `json:"name"`
	Type      int         `json:"type"`
	Required  bool        `json:"required"`
	Choices   []choiceDef `json:"choices"`
	Options   []optionDef `json:"options"`
	MinValue  *float64    `json:"min_value"`
	MaxValue  *float64    `json:"max_value"`
	MinLength *int        `json:"min_length"`
	MaxLength *int        `json:"max_length"`
	// Autocomplete: Discord asks the bot for choices while the user types.
	Autocomplete bool `json:"autocomplete"`
}

// focusedDef finds the focused option among given (within subcommands) and
// its definition.
func focusedDef(defs []optionDef, given []Option) (optionDef, bool) {
	for _, o := range given {
		for _, d := range defs {
			if d.Name != o.Name {
				continue
			}
			if o.Focused {
				return d, true
			}
			if d2, ok := focusedDef(d.Options, o.Options); ok {
				return d2, true
			}
		}
	}
	return optionDef{}, false
}

type choiceDef struct {
	Value any `json:"value"`
}

// lookupCommand finds the chat-input command a user can invoke by name in a
// channel: guild commands in the guild, then global ones allowed there.
func (s *Server) lookupCommand(name string, ch *Channel) (*command, error) {
	inDM := ch.isDM()
	var scopes []string
	if !inDM {
		scopes = append(scopes, ch.GuildID)
	}
	scopes = append(scopes, "")
	for _, g := range scopes {
		for _, cmd := range s.world.commands[g] {
			if cmd.name != name || cmd.typ != int64(discordgo.ChatApplicationCommand) {
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
func allowedInDM(cmd *command) bool {
	p := wire.Parse(wire.MustJSON(cmd.o))
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

// checkOptions verifies options given by a test against the registered
// definitions: known names, matching types, required ones present, values
// among the choices and within the bounds.
func checkOptions(defs []optionDef, given []Option, where string) error {
	byName := map[string]optionDef{}
	for _, d := range defs {
		byName[d.Name] = d
	}
	seen := map[string]bool{}
	for _, o := range given {
		d, ok := byName[o.Name]
		if !ok {
			return fmt.Errorf("%w: %s has no option %q", ErrBadOption, where, o.Name)
		}
		if int(o.Type) != d.Type {
			return fmt.Errorf("%w: %s option %q has type %d, given %d", ErrBadOption, where, o.Name, d.Type, o.Type)
		}
		seen[o.Name] = true
		switch o.Type {
		case discordgo.ApplicationCommandOptionSubCommand, discordgo.ApplicationCommandOptionSubCommandGroup:
			if err := checkOptions(d.Options, o.Options, where+" "+o.Name); err != nil {
				return err
			}
			continue
		}
		if err := checkValue(d, o, where); err != nil {
			return err
		}
	}
	for _, d := range defs {
		if d.Required && !seen[d.Name] {
			return fmt.Errorf("%w: %s requires option %q", ErrBadOption, where, d.Name)
		}
	}
	if len(given) == 0 {
		// A command made of subcommands must be invoked through one.
		for _, d := range defs {
			if d.Type == int(discordgo.ApplicationCommandOptionSubCommand) || d.Type == int(discordgo.ApplicationCommandOptionSubCommandGroup) {
				return fmt.Errorf("%w: %s needs a subcommand", ErrBadOption, where)
			}
		}
	}
	return nil
}

func checkValue(d optionDef, o Option, where string) error {
	if len(d.Choices) > 0 {
		ok := false
		for _, c := range d.Choices {
			ok = ok || fmt.Sprint(c.Value) == fmt.Sprint(o.Value)
		}
		if !ok {
			return fmt.Errorf("%w: %s option %q value %v is not a choice", ErrBadOption, where, o.Name, o.Value)
		}
	}
	switch v := o.Value.(type) {
	case string:
		n := len([]rune(v))
		if (d.MinLength != nil && n < *d.MinLength) || (d.MaxLength != nil && n > *d.MaxLength) {
			return fmt.Errorf("%w: %s option %q length %d out of bounds", ErrBadOption, where, o.Name, n)
		}
	case int64, float64:
		f := toFloat(v)
		if (d.MinValue != nil && f < *d.MinValue) || (d.MaxValue != nil && f > *d.MaxValue) {
			return fmt.Errorf("%w: %s option %q value %v out of bounds", ErrBadOption, where, o.Name, v)
		}
	}
	return nil
}

func toFloat(v any) float64 {
	switch x := v.(type) {
	case int64:
		return float64(x)
	case float64:
		return x
	}
	return 0
}

// commandDefs extracts the option definitions of a stored command.
func commandDefs(cmd *command) []optionDef {
	var d struct {
		Options []optionDef `json:"options"`
	}
	_ = json.Unmarshal(wire.MustJSON(cmd.o), &d)
	return d.Options
}

// sortedKeys returns m's keys in order (for deterministic payloads).
func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
