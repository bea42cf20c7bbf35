package rest

import (
	"net/http"
	"shinpan/bot/discordtest/wire"
	"shinpan/bot/discordtest/world"
	"time"
)

// GET /gateway -> {"url": "ws://127.0.0.1:PORT/ws"}; discordgo appends
// "/?v=9&encoding=json" and dials it.
func (h *handlers) getGateway(c *call) (int, any, *wire.APIError) {
	return http.StatusOK, obj{"url": h.w.GatewayURL()}, nil
}

// GET /gateway/bot -> url, shards and session start limits.
func (h *handlers) getGatewayBot(c *call) (int, any, *wire.APIError) {
	return http.StatusOK, obj{
		"url":    h.w.GatewayURL(),
		"shards": max(1, h.w.Opts.RequiredShards),
		"session_start_limit": obj{
			"total": 1000, "remaining": 1000 - h.gw.Identifies(),
			"reset_after": (24 * time.Hour).Milliseconds(), "max_concurrency": 1,
		},
	}, nil
}

// GET /users/@me -> the bot user.
func (h *handlers) getMe(c *call) (int, any, *wire.APIError) {
	o := world.UserJSON(&h.w.Bot)
	o["verified"], o["mfa_enabled"], o["flags"] = true, false, 0
	return http.StatusOK, o, nil
}

// GET /users/{user_id} -> user, or 404 code 10013.
func (h *handlers) getUser(c *call) (int, any, *wire.APIError) {
	u, ok := h.w.Users[c.param("user_id")]
	if !ok {
		return 0, nil, errUnknownUser()
	}
	return http.StatusOK, world.UserJSON(u), nil
}

// POST /users/@me/channels {"recipient_id"} -> the DM channel (the same one
// every time). Opening succeeds even when the user's DMs are closed; the 50007
// comes when sending.
func (h *handlers) createDM(c *call) (int, any, *wire.APIError) {
	ch, err := h.w.DMChannel(c.body.Str("recipient_id"))
	if err != nil {
		return 0, nil, errBadRecipient()
	}
	return http.StatusOK, h.w.ChannelJSON(ch), nil
}

// GET /guilds/{guild_id}/members/{user_id} -> member with user, or 10004 / 10007.
func (h *handlers) getMember(c *call) (int, any, *wire.APIError) {
	if h.w.Guilds[c.param("guild_id")] == nil {
		return 0, nil, errUnknownGuild()
	}
	u, ok := h.w.Users[c.param("user_id")]
	if !ok {
		return 0, nil, errUnknownMember()
	}
	return http.StatusOK, h.w.MemberJSON(u, true), nil
}
