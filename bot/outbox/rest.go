package outbox

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"

	"shinpan/bot/compose"
	"shinpan/bot/texts"
	"shinpan/store"

	"github.com/bwmarrin/discordgo"
)

// REST is the bot's client of Discord's REST API: every request the bot
// makes goes through it (and, under it, through the session's HTTP client).
type REST struct {
	s   *discordgo.Session
	st  store.UserSettings
	log *slog.Logger
	ctx context.Context // SetContext

	mu   sync.Mutex
	dmCh map[string]string // user id → DM channel id

	cmdIDs atomic.Pointer[texts.CommandIDs] // SetCommandIDs
}

// NewREST returns the REST client over a session; st keeps the DM channels.
func NewREST(s *discordgo.Session, st store.UserSettings, log *slog.Logger) *REST {
	return &REST{s: s, st: st, log: log, ctx: context.Background(), dmCh: map[string]string{}}
}

// SetContext sets the context that bounds the requests made here (their wait
// in the request budget, and their send): the bot's, which ends when it
// closes, so that no request keeps Close waiting. A request given a context
// of its own (an option discordgo.WithContext) is bounded by that instead.
// The interactions' own routes (callbacks, follow-ups) are not bounded by it:
// exempt from the global limit, they never wait long, and a response cut
// short would leave an action done and its user unanswered. Call it before
// any request.
func (r *REST) SetContext(ctx context.Context) { r.ctx = ctx }

// bound puts the REST client's context ahead of opts (which may replace it).
func (r *REST) bound(opts []discordgo.RequestOption) []discordgo.RequestOption {
	return append([]discordgo.RequestOption{discordgo.WithContext(r.ctx)}, opts...)
}

// Session is the discordgo session under the client.
func (r *REST) Session() *discordgo.Session { return r.s }

// NoteDMChannel remembers a user's DM channel (seen on a DM they wrote) and
// says whether it was known already.
func (r *REST) NoteDMChannel(user, channel string) (known bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	known = r.dmCh[user] == channel
	r.dmCh[user] = channel
	return known
}

// editRef replaces the attachments of a game's stored message (the card) with
// p's files and, when p has one, its text; its buttons stay. A card that is
// gone is no error.
func (ob *Sender) editRef(ctx context.Context, id store.GameID, p compose.Payload) error {
	ref, err := ob.st.GetMessageRef(id, p.EditRef)
	if errors.Is(err, store.ErrNotFound) {
		ob.log.Debug("no message to edit", "game", id, "ref", p.EditRef)
		return nil // a game whose card was never posted (the channel was gone)
	}
	if err != nil {
		return err
	}
	var content *string
	if p.Content != "" {
		content = &p.Content
	}
	err = ob.rest.ReplaceFiles(ref.ChannelID, ref.MessageID, content, p.Files, discordgo.WithContext(ctx))
	var rerr *discordgo.RESTError
	if errors.As(err, &rerr) && rerr.Response != nil && rerr.Response.StatusCode == http.StatusNotFound {
		ob.log.Warn("the game card is gone", "game", id)
		return nil
	}
	return err
}

// ReplaceFiles edits a message: its attachments become files (with their alt
// texts) and, unless content is nil, its text becomes content.
func (r *REST) ReplaceFiles(ch, msg string, content *string, files []compose.File, opts ...discordgo.RequestOption) error {
	if content != nil {
		c := r.Mention(*content, texts.MaxLen)
		content = &c
	}
	body := struct {
		Content         *string                           `json:"content,omitempty"`
		Attachments     []AttachmentBody                  `json:"attachments"`
		AllowedMentions *discordgo.MessageAllowedMentions `json:"allowed_mentions"`
	}{Content: content, Attachments: []AttachmentBody{}, AllowedMentions: Mentions(nil)} // no old attachment is kept; an edit pings no one
	files = compose.DrawFiles(r.log, files)
	for k, f := range files {
		body.Attachments = append(body.Attachments, AttachmentBody{ID: strconv.Itoa(k), Filename: f.Name, Description: f.Alt})
	}
	ct, data, err := multipartBody(body, files)
	if err != nil {
		return err
	}
	endpoint := discordgo.EndpointChannelMessage(ch, msg)
	// discordgo's bucket of a channel's edits, apart from its posts' (as
	// Discord's): it holds a bucket's lock through the request, and a card's
	// edit must not queue behind a post waiting in the budget.
	_, err = r.s.RequestRaw(http.MethodPatch, endpoint, ct, data, "PATCH "+discordgo.EndpointChannelMessages(ch), 0, r.bound(opts)...)
	return err
}

// DMChannel opens (once) the DM channel with a user.
func (r *REST) DMChannel(user string, opts ...discordgo.RequestOption) (string, error) {
	r.mu.Lock()
	id, ok := r.dmCh[user]
	r.mu.Unlock()
	if ok {
		return id, nil
	}
	// A DM channel's id never changes: the one stored saves a request per
	// player after every start.
	if st, err := r.st.GetSettings(user); err == nil && st.DMChannelID != "" {
		r.mu.Lock()
		r.dmCh[user] = st.DMChannelID
		r.mu.Unlock()
		return st.DMChannelID, nil
	}
	ch, err := again(restTries, func() (*discordgo.Channel, error) { return r.s.UserChannelCreate(user, r.bound(opts)...) })
	if err != nil {
		return "", err
	}
	r.mu.Lock()
	r.dmCh[user] = ch.ID
	r.mu.Unlock()
	if _, err := r.st.UpdateSettings(user, func(s *store.Settings) { s.DMChannelID = ch.ID }); err != nil {
		r.log.Warn("settings", "err", err)
	}
	return ch.ID, nil
}

// messageBody is a create-message request with what discordgo's MessageSend
// lacks: attachment descriptions (alt text) and a nonce that Discord uses to
// drop a re-sent duplicate.
type messageBody struct {
	Content         string                            `json:"content,omitempty"`
	Components      []discordgo.MessageComponent      `json:"components,omitempty"`
	Attachments     []AttachmentBody                  `json:"attachments,omitempty"`
	AllowedMentions *discordgo.MessageAllowedMentions `json:"allowed_mentions"`
	Nonce           string                            `json:"nonce,omitempty"`
	EnforceNonce    bool                              `json:"enforce_nonce,omitempty"`
}

type AttachmentBody struct {
	ID          string `json:"id"`
	Filename    string `json:"filename"`
	Description string `json:"description,omitempty"`
}

func Components(bs []compose.Button) []discordgo.MessageComponent {
	if len(bs) == 0 {
		return nil
	}
	row := discordgo.ActionsRow{}
	for _, x := range bs {
		row.Components = append(row.Components, discordgo.Button{CustomID: x.ID, Label: x.Label, Style: discordgo.ButtonStyle(x.Style)})
	}
	return []discordgo.MessageComponent{row}
}

// menuOptions are a menu's choices for discordgo.
func menuOptions(opts []compose.MenuOption) []discordgo.SelectMenuOption {
	out := make([]discordgo.SelectMenuOption, len(opts))
	for i, o := range opts {
		out[i] = discordgo.SelectMenuOption{Label: o.Label, Value: o.Value, Description: o.Description, Default: o.Default}
	}
	return out
}

// Mentions allows pinging exactly these users (the CPU is no user).
func Mentions(users []string) *discordgo.MessageAllowedMentions {
	var ids []string
	for _, u := range users {
		if u != "" && !compose.IsCPU(u) {
			ids = append(ids, u)
		}
	}
	return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}, Users: ids}
}

// PostMessage creates a message in a channel, with files as multipart, and
// returns its id (the only part of Discord's answer the bot uses: decoding
// the whole message object cost more than the rest of the send).
func (r *REST) PostMessage(ch string, p compose.Payload, nonce string, opts ...discordgo.RequestOption) (string, error) {
	body := messageBody{Content: r.Mention(p.Content, texts.MaxLen), Components: payloadComponents(p), AllowedMentions: Mentions(p.Mentions)}
	if nonce != "" && len(nonce) <= 25 {
		body.Nonce, body.EnforceNonce = nonce, true
	}
	files := compose.DrawFiles(r.log, p.Files)
	for i, f := range files {
		body.Attachments = append(body.Attachments, AttachmentBody{ID: strconv.Itoa(i), Filename: f.Name, Description: f.Alt})
	}
	endpoint := discordgo.EndpointChannelMessages(ch)
	var resp []byte
	var err error
	if len(files) > 0 {
		ct, data, merr := multipartBody(body, files)
		if merr != nil {
			return "", merr
		}
		resp, err = r.s.RequestRaw(http.MethodPost, endpoint, ct, data, endpoint, 0, r.bound(opts)...)
	} else {
		resp, err = r.s.RequestWithBucketID(http.MethodPost, endpoint, body, endpoint, r.bound(opts)...)
	}
	if err != nil {
		return "", err
	}
	if id, ok := topLevelID(resp); ok {
		return id, nil
	}
	var msg struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(resp, &msg); err != nil || msg.ID == "" {
		return "", fmt.Errorf("decode message: %v (%w)", err, errNoMessageID)
	}
	return msg.ID, nil
}

// topLevelID finds the "id" of a JSON object without decoding the rest of
// it (json.Unmarshal checked and walked the whole message, its author,
// attachments and components, for one string): it skips every value but
// the top level's, strings with their escapes. An id it cannot take as it
// is (escaped, not a string, not found, the object cut short) is left to
// json.Unmarshal.
func topLevelID(b []byte) (string, bool) {
	b = b[skipSpace(b, 0):]
	if len(b) == 0 || b[0] != '{' {
		return "", false
	}
	depth := 0
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case '{', '[':
			depth++
		case '}', ']':
			depth--
		case '"':
			j := i + 1
			for j < len(b) && b[j] != '"' {
				if b[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(b) {
				return "", false
			}
			if depth == 1 && string(b[i+1:j]) == "id" {
				k := skipSpace(b, j+1)
				if k < len(b) && b[k] == ':' {
					return plainString(b[skipSpace(b, k+1):])
				}
			}
			i = j
		}
	}
	return "", false
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// plainString is the string b starts with, when it has no escape and is not empty.
func plainString(b []byte) (string, bool) {
	if len(b) == 0 || b[0] != '"' {
		return "", false
	}
	end := bytes.IndexByte(b[1:], '"')
	if end <= 0 || bytes.IndexByte(b[1:1+end], '\\') >= 0 {
		return "", false
	}
	return string(b[1 : 1+end]), true
}

var errNoMessageID = errors.New("the answer has no message id")

// EditMessage edits a message's content and buttons.
func (r *REST) EditMessage(ch string, p compose.Payload, opts ...discordgo.RequestOption) error {
	comps := payloadComponents(p)
	if comps == nil {
		comps = []discordgo.MessageComponent{}
	}
	content := r.Mention(p.Content, texts.MaxLen)
	_, err := r.s.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: p.Edit, Channel: ch, Content: &content,
		Components: &comps, AllowedMentions: Mentions(p.Mentions)}, r.bound(opts)...)
	return err
}

// SelectRows are menus for discordgo, one action row each.
func SelectRows(ms []compose.Menu) []discordgo.MessageComponent {
	var out []discordgo.MessageComponent
	for _, m := range ms {
		if len(m.Options) > 0 {
			out = append(out, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
				MenuType: discordgo.StringSelectMenu, CustomID: m.ID, Placeholder: m.Placeholder, Options: menuOptions(m.Options)}}})
		}
	}
	return out
}

// EditOriginal edits an interaction's original response through its
// webhook (exempt from the global budget): its text, its menus and
// buttons (none: the old ones go) and, when p has files, its attachments
// (none: the message keeps its board).
func (r *REST) EditOriginal(h compose.Hook, p compose.Payload, opts ...discordgo.RequestOption) error {
	comps := payloadComponents(p)
	if comps == nil {
		comps = []discordgo.MessageComponent{}
	}
	body := struct {
		Content         string                            `json:"content"`
		Components      []discordgo.MessageComponent      `json:"components"`
		Attachments     []AttachmentBody                  `json:"attachments,omitempty"`
		AllowedMentions *discordgo.MessageAllowedMentions `json:"allowed_mentions"`
	}{Content: r.Mention(p.Content, texts.MaxLen), Components: comps, AllowedMentions: Mentions(nil)}
	files := compose.DrawFiles(r.log, p.Files)
	for k, f := range files {
		body.Attachments = append(body.Attachments, AttachmentBody{ID: strconv.Itoa(k), Filename: f.Name, Description: f.Alt})
	}
	ct, data, err := multipartBody(body, files)
	if err != nil {
		return err
	}
	endpoint := discordgo.EndpointWebhookMessage(h.App, h.Token, "@original")
	_, err = r.s.RequestRaw(http.MethodPatch, endpoint, ct, data, endpoint, 0, r.bound(opts)...)
	return err
}
