package rest

import (
	"net/http"
	"shinpan/bot/discordtest/wire"
	"shinpan/bot/discordtest/world"
	"slices"
)

// reactionTarget is the message a reaction route is about, or 10003 / 10008.
func (h *handlers) reactionTarget(c *call) (*world.Message, *wire.APIError) {
	ch, ok := h.w.LiveChannel(c.param("channel_id"))
	if !ok {
		return nil, errUnknownChan()
	}
	m := h.w.Messages[c.param("message_id")]
	if m == nil || m.Deleted || m.ChannelID != ch.ID || m.Ephemeral() {
		return nil, errUnknownMsg()
	}
	return m, nil
}

// PUT /channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me -> 204.
func (h *handlers) addReaction(c *call) (int, any, *wire.APIError) {
	m, err := h.reactionTarget(c)
	if err != nil {
		return 0, nil, err
	}
	if e := c.param("emoji"); !slices.Contains(m.Reactions, e) {
		m.Reactions = append(m.Reactions, e)
		h.w.Touch()
	}
	return http.StatusNoContent, nil, nil
}

// DELETE /channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me -> 204.
func (h *handlers) removeReaction(c *call) (int, any, *wire.APIError) {
	m, err := h.reactionTarget(c)
	if err != nil {
		return 0, nil, err
	}
	m.Reactions = slices.DeleteFunc(m.Reactions, func(e string) bool { return e == c.param("emoji") })
	h.w.Touch()
	return http.StatusNoContent, nil, nil
}

// DELETE /channels/{channel_id}/messages/{message_id}/reactions -> 204.
func (h *handlers) removeReactions(c *call) (int, any, *wire.APIError) {
	m, err := h.reactionTarget(c)
	if err != nil {
		return 0, nil, err
	}
	m.Reactions = nil
	h.w.Touch()
	return http.StatusNoContent, nil, nil
}
