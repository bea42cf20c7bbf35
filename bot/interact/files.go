package interact

import (
	"bytes"
	"strconv"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/compose"
	"shinpan/bot/outbox"
)

// FilesMessage is an interaction's message with files and their alt texts.
type FilesMessage struct {
	Content    string
	Flags      discordgo.MessageFlags
	Components []discordgo.MessageComponent
	Files      []compose.File
}

// RespondWithFiles answers an interaction with a message (or, t
// UpdateMessage, edits the message of the component) whose attachments are
// exactly m's files, each with its alt text; discordgo's response type has no
// field for an attachment's description, so the body is written here.
func (r *Req) RespondWithFiles(t discordgo.InteractionResponseType, m FilesMessage) error {
	type data struct {
		Content         string                            `json:"content"`
		Flags           discordgo.MessageFlags            `json:"flags,omitempty"`
		Components      []discordgo.MessageComponent      `json:"components"`
		Attachments     []outbox.AttachmentBody           `json:"attachments"`
		AllowedMentions *discordgo.MessageAllowedMentions `json:"allowed_mentions"`
	}
	body := struct {
		Type discordgo.InteractionResponseType `json:"type"`
		Data data                              `json:"data"`
	}{Type: t, Data: data{Content: m.Content, Flags: m.Flags, Components: m.Components, Attachments: []outbox.AttachmentBody{},
		AllowedMentions: outbox.Mentions(nil)}}
	drawn := compose.DrawFiles(r.router.Log, m.Files)
	files := make([]*discordgo.File, len(drawn))
	for k, f := range drawn {
		body.Data.Attachments = append(body.Data.Attachments, outbox.AttachmentBody{ID: strconv.Itoa(k), Filename: f.Name, Description: f.Alt})
		files[k] = &discordgo.File{Name: f.Name, ContentType: f.Type, Reader: bytes.NewReader(f.Data)}
	}
	ct, payload, err := discordgo.MultipartBodyWithJSON(body, files)
	if err != nil {
		return err
	}
	return r.ReplyRaw(ct, payload)
}
