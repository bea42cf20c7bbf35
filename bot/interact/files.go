package interact

import (
	"bytes"
	"errors"
	"net/http"
	"strconv"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/compose"
	"shinpan/bot/outbox"
	"shinpan/bot/texts"
)

// FilesMessage is an interaction's message with files and their alt texts.
type FilesMessage struct {
	Content    string
	Flags      discordgo.MessageFlags
	Components []discordgo.MessageComponent
	Files      []compose.File
}

// filesData is a FilesMessage as a message's JSON: discordgo's types have
// no field for an attachment's description, so the body is written here.
type filesData struct {
	Content         string                            `json:"content"`
	Flags           discordgo.MessageFlags            `json:"flags,omitempty"`
	Components      []discordgo.MessageComponent      `json:"components"`
	Attachments     []outbox.AttachmentBody           `json:"attachments"`
	AllowedMentions *discordgo.MessageAllowedMentions `json:"allowed_mentions"`
}

// filesBody is m's JSON and its files, each board drawn; the attachments are
// exactly m's files, each with its alt text.
func (r *Req) filesBody(m FilesMessage) (filesData, []*discordgo.File) {
	data := filesData{Content: r.router.REST.Mention(m.Content, texts.MaxLen), Flags: m.Flags, Components: m.Components, Attachments: []outbox.AttachmentBody{},
		AllowedMentions: outbox.Mentions(nil)}
	drawn := compose.DrawFiles(r.router.Log, m.Files)
	files := make([]*discordgo.File, len(drawn))
	for k, f := range drawn {
		data.Attachments = append(data.Attachments, outbox.AttachmentBody{ID: strconv.Itoa(k), Filename: f.Name, Description: f.Alt})
		files[k] = &discordgo.File{Name: f.Name, ContentType: f.Type, Reader: bytes.NewReader(f.Data)}
	}
	return data, files
}

// RespondWithFiles answers an interaction with a message (or, t
// UpdateMessage, edits the message of the component) whose attachments are
// exactly m's files, each with its alt text. It returns ErrDeferredMeanwhile
// when a deferral was sent in the handler's place (AnswerWithFiles answers
// after it).
func (r *Req) RespondWithFiles(t discordgo.InteractionResponseType, m FilesMessage) error {
	data, files := r.filesBody(m)
	body := struct {
		Type discordgo.InteractionResponseType `json:"type"`
		Data filesData                         `json:"data"`
	}{Type: t, Data: data}
	ct, payload, err := discordgo.MultipartBodyWithJSON(body, files)
	if err != nil {
		return err
	}
	return r.ReplyRaw(ct, payload)
}

// AnswerWithFiles is RespondWithFiles, which still answers when a deferral
// was sent in a late handler's place (lateResponse): through the
// interaction's webhook, an update edits the interaction's original, which
// a component's deferred update left its message; a new message follows up
// (after an ephemeral deferral, Discord puts it in the "thinking…"'s
// place), as does an update after any other deferral, seen by its user
// alone.
func (r *Req) AnswerWithFiles(t discordgo.InteractionResponseType, m FilesMessage) error {
	m.Files = compose.DrawFiles(r.router.Log, m.Files) // once, for either way
	err := r.RespondWithFiles(t, m)
	if !errors.Is(err, ErrDeferredMeanwhile) {
		return err
	}
	method, msg := http.MethodPost, ""
	if t == discordgo.InteractionResponseUpdateMessage {
		if bytes.Equal(lateResponse(r.I.Interaction), deferUpdate) {
			method, msg = http.MethodPatch, "@original"
		} else {
			m.Flags |= discordgo.MessageFlagsEphemeral
		}
	}
	data, files := r.filesBody(m)
	ct, payload, err := discordgo.MultipartBodyWithJSON(data, files)
	if err != nil {
		return err
	}
	_, err = UntilKnown(r, func() (struct{}, error) {
		return struct{}{}, r.router.REST.InteractionWebhook(r.I.Interaction, method, msg, ct, payload)
	})
	return err
}
