package discordtest

import (
	"net/http"
	"time"
)

// GET /gateway -> {"url": "ws://127.0.0.1:PORT/ws"}; discordgo appends
// "/?v=9&encoding=json" and dials it.
func (s *Server) getGateway(c *call) (int, any, *APIError) {
	return http.StatusOK, obj{"url": s.gatewayURLLocked()}, nil
}

// GET /gateway/bot -> url, shards and session start limits.
func (s *Server) getGatewayBot(c *call) (int, any, *APIError) {
	return http.StatusOK, obj{
		"url":    s.gatewayURLLocked(),
		"shards": max(1, s.opts.RequiredShards),
		"session_start_limit": obj{
			"total": 1000, "remaining": 1000 - s.gw.identifies,
			"reset_after": (24 * time.Hour).Milliseconds(), "max_concurrency": 1,
		},
	}, nil
}

// GET /users/@me -> the bot user.
func (s *Server) getMe(c *call) (int, any, *APIError) {
	o := userJSON(&s.world.bot)
	o["verified"], o["mfa_enabled"], o["flags"] = true, false, 0
	return http.StatusOK, o, nil
}

// GET /users/{user_id} -> user, or 404 code 10013.
func (s *Server) getUser(c *call) (int, any, *APIError) {
	u, ok := s.world.users[c.param("user_id")]
	if !ok {
		return 0, nil, errUnknownUser()
	}
	return http.StatusOK, userJSON(u), nil
}

// POST /users/@me/channels {"recipient_id"} -> the DM channel (the same one
// every time). Opening succeeds even when the user's DMs are closed; the 50007
// comes when sending.
func (s *Server) createDM(c *call) (int, any, *APIError) {
	ch, err := s.dmChannelLocked(c.body.Str("recipient_id"))
	if err != nil {
		return 0, nil, errBadRecipient()
	}
	return http.StatusOK, s.channelJSON(ch), nil
}

// GET /guilds/{guild_id}/members/{user_id} -> member with user, or 10004 / 10007.
func (s *Server) getMember(c *call) (int, any, *APIError) {
	if s.world.guilds[c.param("guild_id")] == nil {
		return 0, nil, errUnknownGuild()
	}
	u, ok := s.world.users[c.param("user_id")]
	if !ok {
		return 0, nil, errUnknownMember()
	}
	return http.StatusOK, s.memberJSON(u, true), nil
}
