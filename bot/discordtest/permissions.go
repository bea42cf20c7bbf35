package discordtest

import (
	"errors"
)

// ErrNoPermission: the member lacks a command's default_member_permissions
// and no override lets them use it, so Discord does not offer it to them.
var ErrNoPermission = errors.New("discordtest: the member may not use this command (default_member_permissions)")

// AllowCommand lets a user use a command whatever their permissions, as a
// server's integration settings can (an override for a role or member).
// Discord still sends the member's own permissions with the interaction.
func (s *Server) AllowCommand(name, userID string) {
	s.w.Lock()
	defer s.w.Unlock()
	if s.w.Allowed == nil {
		s.w.Allowed = map[string]bool{}
	}
	s.w.Allowed[name+" "+userID] = true
}
