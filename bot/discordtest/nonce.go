package discordtest

import (
	"shinpan/bot/discordtest/wire"
	"time"
)

// NonceWindow is how long a nonce sent with enforce_nonce keeps a second
// create from making a new message. Discord documents "the past few minutes".
const NonceWindow = 5 * time.Minute

// nonceKey scopes a nonce as Discord does: one author in one channel.
type nonceKey struct{ channel, author, nonce string }

// sameNonce returns the message an earlier create with p's nonce made in the
// channel, when p asks for enforce_nonce and that message is recent and not
// deleted; nil otherwise. Callers hold s.mu.
func (s *Server) sameNonce(channel, author string, p wire.Payload) *Message {
	n := p.Str("nonce")
	if n == "" || !p.Bool("enforce_nonce") {
		return nil
	}
	m := s.world.nonces[nonceKey{channel, author, n}]
	if m == nil || m.Deleted || time.Since(m.Created) > NonceWindow {
		return nil
	}
	return m
}

// rememberNonce records the message a create with enforce_nonce made.
// Callers hold s.mu.
func (s *Server) rememberNonce(m *Message, p wire.Payload) {
	if m.Nonce == "" || !p.Bool("enforce_nonce") {
		return
	}
	s.world.nonces[nonceKey{m.ChannelID, m.Author.ID, m.Nonce}] = m
}
