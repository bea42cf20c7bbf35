package rest

import (
	"encoding/json"
	"net/http"
	"shinpan/bot/discordtest/wire"
	"shinpan/bot/discordtest/world"
	"strconv"

	"github.com/bwmarrin/discordgo"
)

// commandScope checks {application_id} and {guild_id}: 404 10002 for another
// application, 403 50001 for a guild the bot is not in.
func (h *handlers) commandScope(c *call) (string, *wire.APIError) {
	if c.param("application_id") != h.w.App {
		return "", errUnknownApp()
	}
	g := c.param("guild_id")
	if g != "" && h.w.Guilds[g] == nil {
		return "", wire.NewAPIError(http.StatusForbidden, wire.CodeMissingAccess, "Missing Access")
	}
	return g, nil
}

// newCommand builds the stored command from a request object, keeping the id
// of an existing command with the same name and type, as Discord does.
func (h *handlers) newCommand(guildID string, raw json.RawMessage) *world.Command {
	o := obj{}
	_ = json.Unmarshal(raw, &o)
	p := wire.Parse(raw)
	typ := p.Int("type")
	if typ == 0 {
		typ = int64(discordgo.ChatApplicationCommand)
	}
	name := p.Str("name")
	id := h.w.IDs.Next()
	for _, old := range h.w.Commands[guildID] {
		if old.Name == name && old.Type == typ {
			id = old.ID
		}
	}
	o["id"] = id
	o["application_id"] = h.w.App
	o["version"] = h.w.IDs.Next()
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
	return &world.Command{ID: id, GuildID: guildID, Name: name, Type: typ, Object: o}
}

// PUT /applications/{app}[/guilds/{guild}]/commands [commands] -> the new
// set (replacing the old one; ids kept for same name and type).
func (h *handlers) overwriteCommands(c *call) (int, any, *wire.APIError) {
	g, err := h.commandScope(c)
	if err != nil {
		return 0, nil, err
	}
	var list []json.RawMessage
	if jerr := json.Unmarshal(c.req.Body, &list); jerr != nil {
		return 0, nil, errFormBody()
	}
	cmds := make([]*world.Command, 0, len(list))
	out := make([]any, 0, len(list))
	for _, raw := range list {
		cmd := h.newCommand(g, raw)
		cmds = append(cmds, cmd)
		out = append(out, cmd.Object)
	}
	h.w.Commands[g] = cmds
	h.w.Touch()
	return http.StatusOK, out, nil
}

// POST /applications/{app}[/guilds/{guild}]/commands {command} -> 201 when
// new, 200 when it replaced a command with the same name and type.
func (h *handlers) createCommand(c *call) (int, any, *wire.APIError) {
	g, err := h.commandScope(c)
	if err != nil {
		return 0, nil, err
	}
	cmd := h.newCommand(g, c.req.Body)
	status := http.StatusCreated
	list := h.w.Commands[g]
	for i, old := range list {
		if old.ID == cmd.ID {
			list[i] = cmd
			status = http.StatusOK
		}
	}
	if status == http.StatusCreated {
		h.w.Commands[g] = append(list, cmd)
	}
	h.w.Touch()
	return status, cmd.Object, nil
}

// GET /applications/{app}[/guilds/{guild}]/commands -> the set.
func (h *handlers) listCommands(c *call) (int, any, *wire.APIError) {
	g, err := h.commandScope(c)
	if err != nil {
		return 0, nil, err
	}
	out := []any{}
	for _, cmd := range h.w.Commands[g] {
		out = append(out, cmd.Object)
	}
	return http.StatusOK, out, nil
}

func (h *handlers) findCommand(c *call) (string, int, *wire.APIError) {
	g, err := h.commandScope(c)
	if err != nil {
		return "", 0, err
	}
	for i, cmd := range h.w.Commands[g] {
		if cmd.ID == c.param("command_id") {
			return g, i, nil
		}
	}
	return "", 0, errUnknownCmd()
}

// GET /applications/{app}[/guilds/{guild}]/commands/{id} -> command, or 10063.
func (h *handlers) getCommand(c *call) (int, any, *wire.APIError) {
	g, i, err := h.findCommand(c)
	if err != nil {
		return 0, nil, err
	}
	return http.StatusOK, h.w.Commands[g][i].Object, nil
}

// PATCH /applications/{app}[/guilds/{guild}]/commands/{id} -> edited command.
func (h *handlers) editCommand(c *call) (int, any, *wire.APIError) {
	g, i, err := h.findCommand(c)
	if err != nil {
		return 0, nil, err
	}
	cmd := h.w.Commands[g][i]
	merged := obj{}
	for k, v := range cmd.Object {
		merged[k] = v
	}
	for k, v := range c.body {
		merged[k] = v
	}
	nc := h.newCommand(g, wire.MustJSON(merged))
	nc.ID, nc.Object["id"] = cmd.ID, cmd.ID
	h.w.Commands[g][i] = nc
	h.w.Touch()
	return http.StatusOK, nc.Object, nil
}

// DELETE /applications/{app}[/guilds/{guild}]/commands/{id} -> 204.
func (h *handlers) deleteCommand(c *call) (int, any, *wire.APIError) {
	g, i, err := h.findCommand(c)
	if err != nil {
		return 0, nil, err
	}
	list := h.w.Commands[g]
	h.w.Commands[g] = append(list[:i:i], list[i+1:]...)
	h.w.Touch()
	return http.StatusNoContent, nil, nil
}
