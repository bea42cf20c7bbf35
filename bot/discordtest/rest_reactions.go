package discordtest

import (
	"net/http"
	"slices"
)

// reactionTarget is the message a reaction route is about, or 10003 / 10008.
func (s *Server) reactionTarget(c *call) (*Message, *APIError) {
	ch, ok := s.liveChannel(c.param("channel_id"))
	if !ok {
		return nil, errUnknownChan()
	}
	m := s.world.messages[c.param("message_id")]
	if m == nil || m.Deleted || m.ChannelID != ch.ID || m.Ephemeral() {
		return nil, errUnknownMsg()
	}
	return m, nil
}

// PUT /channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me -> 204.
func (s *Server) addReaction(c *call) (int, any, *APIError) {
	m, err := s.reactionTarget(c)
	if err != nil {
		return 0, nil, err
	}
	if e := c.param("emoji"); !slices.Contains(m.Reactions, e) {
		m.Reactions = append(m.Reactions, e)
		s.touch()
	}
	return http.StatusNoContent, nil, nil
}

// DELETE /channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me -> 204.
func (s *Server) removeReaction(c *call) (int, any, *APIError) {
	m, err := s.reactionTarget(c)
	if err != nil {
		return 0, nil, err
	}
	m.Reactions = slices.DeleteFunc(m.Reactions, func(e string) bool { return e == c.param("emoji") })
	s.touch()
	return http.StatusNoContent, nil, nil
}

// DELETE /channels/{channel_id}/messages/{message_id}/reactions -> 204.
func (s *Server) removeReactions(c *call) (int, any, *APIError) {
	m, err := s.reactionTarget(c)
	if err != nil {
		return 0, nil, err
	}
	m.Reactions = nil
	s.touch()
	return http.StatusNoContent, nil, nil
}
