package budget

import (
	"strings"
)

// route is what the gate knows of a request before it is sent.
type route struct {
	// template is the method and the path with every id replaced by its
	// name, e.g. "POST /channels/{channel_id}/messages": the metrics' label.
	template string
	// major is the top-level resource Discord computes buckets by
	// (channel, guild, webhook id and token, interaction id) or "".
	major string
	// exempt routes (interaction callbacks, webhooks with a token) are not
	// bound by the global limit.
	exempt bool
}

// parseRoute maps a request to Discord's route template and major
// parameter. path is the URL's path, with or without the /api/v10 prefix.
func parseRoute(method, path string) route {
	path = strings.TrimPrefix(path, "/")
	parts := strings.Split(path, "/")
	if len(parts) >= 2 && parts[0] == "api" {
		parts = parts[1:]
		if len(parts) > 0 && len(parts[0]) > 1 && parts[0][0] == 'v' && isID(parts[0][1:]) {
			parts = parts[1:]
		}
	}
	var b strings.Builder
	b.Grow(len(method) + len(path) + 16)
	b.WriteString(method)
	b.WriteByte(' ')
	r := route{}
	for i, p := range parts {
		b.WriteByte('/')
		prev := ""
		if i > 0 {
			prev = parts[i-1]
		}
		switch {
		case i == 1 && (prev == "channels" || prev == "guilds") && isID(p):
			name := "{channel_id}"
			if prev == "guilds" {
				name = "{guild_id}"
			}
			r.major = prev + "/" + p
			b.WriteString(name)
		case i == 1 && prev == "webhooks":
			r.major = "webhooks/" + p
			b.WriteString("{webhook_id}")
		case i == 2 && parts[0] == "webhooks":
			// The token: webhook_id and token together are the major
			// parameter; a webhook used with its token is not bound by the
			// global limit (interaction follow-ups and edits).
			r.major += "/" + p
			r.exempt = true
			b.WriteString("{token}")
		case i == 1 && prev == "interactions":
			r.major = "interactions/" + p
			b.WriteString("{interaction_id}")
		case i == 2 && parts[0] == "interactions":
			b.WriteString("{token}")
			r.exempt = true
		case prev == "reactions":
			b.WriteString("{emoji}")
		case isID(p):
			b.WriteString("{id}")
		default:
			b.WriteString(p)
		}
	}
	r.template = b.String()
	return r
}

// isID reports whether s is a snowflake (all digits).
func isID(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
