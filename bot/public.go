package bot

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/compose"
	"shinpan/store"
)

// The game card is the game's one live message in the channel (RULES.md §5):
// its header, what the channel knows of the game now (move, turn, check,
// fouls, captures, clock, the last announcement) and the channel's board,
// edited after every action the channel hears of — never after one it does
// not (an edit is itself a sign), so the card says no more than the
// announcements. The sender keeps at most one edit of it in flight and skips
// an edit a newer one replaces (coalesce.go).

// editRef replaces the attachments of a game's stored message (the card) with
// p's files and, when p has one, its text; its buttons stay. A card that is
// gone is no error.
func (b *Bot) editRef(id store.GameID, p compose.Payload) error {
	ref, err := b.st.GetMessageRef(id, p.EditRef)
	if errors.Is(err, store.ErrNotFound) {
		b.log.Debug("no message to edit", "game", id, "ref", p.EditRef)
		return nil // a game whose card was never posted (the channel was gone)
	}
	if err != nil {
		return err
	}
	var content *string
	if p.Content != "" {
		content = &p.Content
	}
	err = b.replaceFiles(ref.ChannelID, ref.MessageID, content, p.Files)
	var rerr *discordgo.RESTError
	if errors.As(err, &rerr) && rerr.Response != nil && rerr.Response.StatusCode == http.StatusNotFound {
		b.log.Warn("the game card is gone", "game", id)
		return nil
	}
	return err
}

// replaceFiles edits a message: its attachments become files (with their alt
// texts) and, unless content is nil, its text becomes content.
func (b *Bot) replaceFiles(ch, msg string, content *string, files []compose.File) error {
	body := struct {
		Content         *string                           `json:"content,omitempty"`
		Attachments     []attachmentBody                  `json:"attachments"`
		AllowedMentions *discordgo.MessageAllowedMentions `json:"allowed_mentions"`
	}{Content: content, Attachments: []attachmentBody{}, AllowedMentions: mentions(nil)} // no old attachment is kept; an edit pings no one
	files = compose.DrawFiles(b.log, files)
	for k, f := range files {
		body.Attachments = append(body.Attachments, attachmentBody{ID: strconv.Itoa(k), Filename: f.Name, Description: f.Alt})
	}
	ct, data, err := multipartBody(body, files)
	if err != nil {
		return err
	}
	endpoint := discordgo.EndpointChannelMessage(ch, msg)
	_, err = b.s.RequestRaw(http.MethodPatch, endpoint, ct, data, discordgo.EndpointChannelMessages(ch), 0)
	return err
}
