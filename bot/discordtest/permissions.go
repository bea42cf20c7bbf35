package discordtest

import (
	"encoding/json"
	"errors"
	"strconv"
)

// ErrNoPermission: the member lacks a command's default_member_permissions
// and no override lets them use it, so Discord does not offer it to them.
var ErrNoPermission = errors.New("discordtest: the member may not use this command (default_member_permissions)")

// AllowCommand lets a user use a command whatever their permissions, as a
// server's integration settings can (an override for a role or member).
// Discord still sends the member's own permissions with the interaction.
func (s *Server) AllowCommand(name, userID string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.world.allowed == nil {
		s.world.allowed = map[string]bool{}
	}
	s.world.allowed[name+" "+userID] = true
}

// permitted says whether u may invoke cmd in the guild: every permission
// of its default_member_permissions is among theirs (empty: all), or an
// override allows it. In DMs there are no permissions to check.
func (s *Server) permitted(cmd *command, u *User, inDM bool) bool {
	if inDM || s.world.allowed[cmd.name+" "+u.ID] || u.Permissions == "" {
		return true
	}
	var need *string
	if raw, err := json.Marshal(cmd.o["default_member_permissions"]); err == nil {
		_ = json.Unmarshal(raw, &need)
	}
	if need == nil {
		return true
	}
	want, err1 := strconv.ParseUint(*need, 10, 64)
	have, err2 := strconv.ParseUint(u.Permissions, 10, 64)
	return err1 == nil && err2 == nil && have&want == want
}
