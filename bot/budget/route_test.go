package budget

import "testing"

func TestParseRoute(t *testing.T) {
	for _, c := range []struct {
		name, method, path string
		want               route
	}{
		{"message create", "POST", "/api/v10/channels/123/messages",
			route{"POST /channels/{channel_id}/messages", "channels/123", false}},
		{"message edit", "PATCH", "/api/v9/channels/123/messages/456",
			route{"PATCH /channels/{channel_id}/messages/{id}", "channels/123", false}},
		{"reaction", "PUT", "/api/v10/channels/1/messages/2/reactions/%F0%9F%91%8D/@me",
			route{"PUT /channels/{channel_id}/messages/{id}/reactions/{emoji}/@me", "channels/1", false}},
		{"thread", "POST", "/api/v10/channels/5/messages/6/threads",
			route{"POST /channels/{channel_id}/messages/{id}/threads", "channels/5", false}},
		{"guild", "GET", "/api/v10/guilds/9/members/10",
			route{"GET /guilds/{guild_id}/members/{id}", "guilds/9", false}},
		{"dm opening", "POST", "/api/v10/users/@me/channels",
			route{"POST /users/@me/channels", "", false}},
		{"commands", "PUT", "/api/v10/applications/7/commands",
			route{"PUT /applications/{id}/commands", "", false}},
		{"callback", "POST", "/api/v10/interactions/11/aW50ZXJhY3Rpb24/callback",
			route{"POST /interactions/{interaction_id}/{token}/callback", "interactions/11", true}},
		{"follow-up", "POST", "/api/v10/webhooks/7/aW50ZXJhY3Rpb24",
			route{"POST /webhooks/{webhook_id}/{token}", "webhooks/7/aW50ZXJhY3Rpb24", true}},
		{"original edit", "PATCH", "/api/v10/webhooks/7/tok/messages/@original",
			route{"PATCH /webhooks/{webhook_id}/{token}/messages/@original", "webhooks/7/tok", true}},
		{"webhook by bot", "GET", "/api/v10/webhooks/7",
			route{"GET /webhooks/{webhook_id}", "webhooks/7", false}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := parseRoute(c.method, c.path); got != c.want {
				t.Errorf("parseRoute(%s %s) = %+v, want %+v", c.method, c.path, got, c.want)
			}
		})
	}
}
