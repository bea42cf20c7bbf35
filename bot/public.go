package bot

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/compose"
	"shinpan/bot/texts"
	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/render"
	"shinpan/store"
)

// The game card is the game's one live message in the channel (RULES.md §5):
// its header, what the channel knows of the game now (move, turn, check,
// fouls, captures, clock, the last announcement) and the channel's board,
// edited after every action the channel hears of — never after one it does
// not (an edit is itself a sign), so the card says no more than the
// announcements. The sender keeps at most one edit of it in flight and skips
// an edit a newer one replaces (coalesce.go).

// cardRef is the purpose under which the game card's message is stored.
const cardRef = "card"

// publicBoardFiles is the channel's board of g as an attachment.
func (b *Bot) publicBoardFiles(meta store.Game, g *referee.Game) []compose.File {
	opt := render.Options{CacheScope: compose.PublicScope(meta.ID)}
	if !g.Over() {
		opt.Clocks = texts.PanelClocks(meta.Options, meta.Clocks) // as of the last move, a public fact
	}
	f, err := compose.RenderFor(g.PublicView(), b.readers.ChannelReader(meta), opt)
	if err != nil {
		b.log.Error("public board", "game", meta.ID, "err", err)
		return nil
	}
	f.Name = "public.png"
	return []compose.File{f}
}

// cardText is the game card's text: its header and the state the channel
// knows after an action whose announcement was last ("" at the start), with
// the clock of the turn that follows (dl).
func (b *Bot) cardText(meta store.Game, g *referee.Game, last string, dl *store.Deadline) string {
	ctx := compose.TextCtx(b.readers.ChannelReader(meta), meta, nil)
	v := g.PublicView()
	st := texts.CardState{State: compose.GameState(g), Check: v.InCheck && !g.Over(), Last: last,
		Clock: strings.TrimSpace(deadlineLine(dl, g.Turn())), Clocks: texts.ClockLine(ctx.Lang, meta.Options, meta.Clocks)}
	if v.FoulLimit > 0 && v.FoulsKnown[shogi.Black] && v.FoulsKnown[shogi.White] {
		st.Fouls, st.Limit = v.Fouls, v.FoulLimit
	}
	if v.ShowCaptured && !g.Over() {
		st.Captured = &v.Captured
	}
	return texts.GameCard(ctx, meta.Ranked) + "\n\n" + texts.GameCardState(ctx, st)
}

// cardEdit is the card's edit after an action the channel was told of: its
// text and its board.
func (b *Bot) cardEdit(meta store.Game, g *referee.Game, last string, dl *store.Deadline) []store.OutMsg {
	files := b.publicBoardFiles(meta, g)
	if files == nil || meta.ChannelGone {
		return nil
	}
	return []store.OutMsg{compose.ToChannel(meta.ChannelID, compose.Payload{EditRef: cardRef, Content: b.cardText(meta, g, last, dl), Files: files})}
}

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
