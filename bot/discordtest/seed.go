package discordtest

import (
	"fmt"
	"shinpan/bot/discordtest/wire"
)

// SeedBotMessage stores a message from the bot in a channel without a
// request, as if the bot had posted it before (for a store filled before the
// bot runs, as the load test's). It returns the message's id.
func (s *Server) SeedBotMessage(channelID, content string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.world.channels[channelID]
	if !ok || c.Deleted {
		return "", fmt.Errorf("%w: %s", ErrUnknownChannel, channelID)
	}
	return s.newBotMessage(c, wire.Payload{"content": wire.MustJSON(content)}, nil).ID, nil
}
