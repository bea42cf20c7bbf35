package bot

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/commands"
	"shinpan/bot/compose"
	"shinpan/bot/games"
	"shinpan/bot/interact"
	"shinpan/bot/outbox"
	"shinpan/bot/texts"
	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/render"
	"shinpan/store"
)

// Review: a finished game step by step, from the stored log (so across
// restarts and for games of any age), in an ephemeral message only its user
// sees. Its state is in the components' custom ids, nothing is kept:
//
//	review:G            the Review button under the result: the final position
//	rvgo:G:P:V:slot     go to move P with point of view V (⏮ ◀ ▶ ⏭; slot keeps ids unique)
//	rvpov:G:P           the point-of-view select at move P (values t, b, w)
//	rvrec:G:F           the record in format F (kif, ki2, csa, gif)
//
// The review routes are not slow: a review answers with (or edits to) its
// board at once, which no deferral may precede; a replay and one board take
// milliseconds.

// Points of view of a review: the whole board, Black's, White's.
const (
	povTrue  = "t"
	povBlack = "b"
	povWhite = "w"
)

// finishedGame loads a game the user may see that is over, or says why not.
func (b *Bot) finishedGame(r *interact.Req, id store.GameID) (store.Game, []store.Entry, *interact.Answer) {
	meta, entries, err := b.st.LoadGame(id)
	if err != nil || !commands.ScopeOf(r).HasGame(meta) {
		a := interact.Say(texts.UI(r.Lang, texts.NoGame))
		return meta, nil, &a
	}
	if meta.Status.Live() {
		a := interact.Say(texts.ReviewNotYet(r.Lang, uint64(id)))
		return meta, nil, &a
	}
	return meta, entries, nil
}

// timeline replays a stored game's log into steps.
func timeline(meta store.Game, entries []store.Entry) ([]referee.Step, error) {
	g, err := referee.New(games.Key(meta.ID), meta.Variant, meta.StartSFEN, meta.Options.Options)
	if err != nil {
		return nil, err
	}
	acts := make([]referee.Action, len(entries))
	for k, e := range entries {
		acts[k] = e.Action
	}
	steps, err := referee.Timeline(g, acts)
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", meta.ID, err)
	}
	return steps, nil
}

func (b *Bot) cmdReview(r *interact.Req) (interact.Answer, error) {
	n, _ := r.Opts.Num("game")
	return b.showReview(r, store.GameID(n), -1, povTrue, false)
}

func (b *Bot) btnReview(r *interact.Req) (interact.Answer, error) {
	return b.showReview(r, store.GameID(r.Arg), -1, povTrue, false)
}

// reviewState reads "verb:game:ply[:pov...]" custom ids.
func reviewState(r *interact.Req) (store.GameID, int, []string) {
	f := strings.Split(r.I.MessageComponentData().CustomID, ":")
	for len(f) < 3 {
		f = append(f, "")
	}
	id, _ := strconv.ParseUint(f[1], 10, 64)
	ply, _ := strconv.Atoi(f[2])
	return store.GameID(id), ply, f[3:]
}

func (b *Bot) btnReviewGo(r *interact.Req) (interact.Answer, error) {
	id, ply, rest := reviewState(r)
	pov := povTrue
	if len(rest) > 0 {
		pov = rest[0]
	}
	return b.showReview(r, id, ply, pov, true)
}

func (b *Bot) selReviewPOV(r *interact.Req) (interact.Answer, error) {
	id, ply, _ := reviewState(r)
	pov := povTrue
	if len(r.Values) == 1 {
		pov = r.Values[0]
	}
	return b.showReview(r, id, ply, pov, true)
}

// showReview answers with the review of game id at move ply (-1: the last)
// from pov: a new ephemeral message, or (update) the review message edited.
func (b *Bot) showReview(r *interact.Req, id store.GameID, ply int, pov string, update bool) (interact.Answer, error) {
	meta, entries, why := b.finishedGame(r, id)
	if why != nil {
		return *why, nil
	}
	steps, err := timeline(meta, entries)
	if err != nil {
		return interact.Answer{}, err
	}
	if ply < 0 || ply >= len(steps) {
		ply = len(steps) - 1
	}
	msg, err := b.reviewMessage(b.readers.Reader(r.User), meta, steps, ply, pov)
	if err != nil {
		return interact.Answer{}, err
	}
	t := discordgo.InteractionResponseChannelMessageWithSource
	if update {
		t = discordgo.InteractionResponseUpdateMessage // its board replaces the old one
	} else {
		msg.Flags = discordgo.MessageFlagsEphemeral
	}
	return interact.Answer{Own: func() error { return b.respondWithFiles(r, t, msg) }}, nil
}

// filesMessage is an interaction's message with files and their alt texts.
type filesMessage struct {
	Content    string
	Flags      discordgo.MessageFlags
	Components []discordgo.MessageComponent
	Files      []compose.File
}

// respondWithFiles answers an interaction with a message (or, t
// UpdateMessage, edits the message of the component) whose attachments are
// exactly m's files, each with its alt text; discordgo's response type has no
// field for an attachment's description, so the body is written here.
func (b *Bot) respondWithFiles(r *interact.Req, t discordgo.InteractionResponseType, m filesMessage) error {
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
	drawn := compose.DrawFiles(b.log, m.Files)
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

// reviewBoard is the view of step s from pov: the whole board, or what that
// side was shown then.
func reviewBoard(s referee.Step, pov string) view.View {
	switch pov {
	case povBlack:
		return s.Sides[shogi.Black]
	case povWhite:
		return s.Sides[shogi.White]
	}
	return s.True
}

// reviewMessage is the review at step ply from pov for user: the text, the
// board (drawn as the user's own boards are, so a player's view at move k is
// the image they were sent then), the navigation, the point-of-view select
// and the record buttons.
func (b *Bot) reviewMessage(rd compose.Reader, meta store.Game, steps []referee.Step, ply int, pov string) (filesMessage, error) {
	l := rd.Lang
	if pov != povBlack && pov != povWhite {
		pov = povTrue
	}
	s := steps[ply]
	v := reviewBoard(s, pov)
	img, err := compose.RenderFor(v, rd, render.Options{CacheScope: "review " + rd.ID})
	if err != nil {
		return filesMessage{}, err
	}
	if pov != povTrue {
		img.Alt = texts.SideViewAlt(l, rd.Notation(), &v) // not "Your board": the reviewer may be anyone
	}
	label := map[string]string{povTrue: texts.UI(l, texts.ReviewTrue),
		povBlack: texts.ReviewSide(l, shogi.Black), povWhite: texts.ReviewSide(l, shogi.White)}
	var before *shogi.Position
	if ply > 0 {
		before = steps[ply-1].Pos
	}
	ctx := compose.TextCtx(rd, meta, before)
	content := texts.Review(ctx, s, len(steps)-1, label[pov])

	g, last := uint64(meta.ID), len(steps)-1
	nav := func(emoji string, to, slot int, off bool) discordgo.MessageComponent {
		return discordgo.Button{Label: emoji, Style: discordgo.SecondaryButton, Disabled: off,
			CustomID: fmt.Sprintf("rvgo:%d:%d:%s:%d", g, to, pov, slot)}
	}
	var opts []discordgo.SelectMenuOption
	for _, p := range []string{povTrue, povBlack, povWhite} {
		opts = append(opts, discordgo.SelectMenuOption{Label: label[p], Value: p, Default: p == pov})
	}
	rec := discordgo.ActionsRow{}
	for _, f := range commands.RecordChoices {
		rec.Components = append(rec.Components, discordgo.Button{Label: strings.ToUpper(f), Style: discordgo.SecondaryButton,
			CustomID: fmt.Sprintf("rvrec:%d:%s", g, f)})
	}
	return filesMessage{
		Content: content,
		Files:   []compose.File{img},
		Components: []discordgo.MessageComponent{
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				nav("⏮", 0, 0, ply == 0), nav("◀", max(ply-1, 0), 1, ply == 0),
				nav("▶", min(ply+1, last), 2, ply == last), nav("⏭", last, 3, ply == last)}},
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
				CustomID: fmt.Sprintf("rvpov:%d:%d", g, ply), Placeholder: texts.UI(l, texts.ReviewPOV), Options: opts}}},
			rec,
		},
	}, nil
}

// btnReviewRecord sends the record (or the GIF) of a reviewed game.
func (b *Bot) btnReviewRecord(r *interact.Req) (interact.Answer, error) {
	f := strings.Split(r.I.MessageComponentData().CustomID, ":")
	if len(f) != 3 {
		return interact.Say(texts.UI(r.Lang, texts.NoGame)), nil
	}
	id, _ := strconv.ParseUint(f[1], 10, 64)
	return b.recordAnswer(r, store.GameID(id), f[2])
}

// recordAnswer is a finished game's record in format (one of commands.RecordChoices),
// as an ephemeral file.
func (b *Bot) recordAnswer(r *interact.Req, id store.GameID, format string) (interact.Answer, error) {
	meta, entries, why := b.finishedGame(r, id)
	if why != nil {
		if meta.Status.Live() && commands.ScopeOf(r).HasGame(meta) {
			return interact.Say(texts.RecordNotYet(r.Lang, uint64(id))), nil
		}
		return *why, nil
	}
	if format == "gif" {
		steps, err := timeline(meta, entries)
		if err != nil {
			return interact.Answer{}, err
		}
		data, err := b.gameGIF(meta, steps, r.Lang, b.readers.Reader(r.User).Set)
		if err != nil {
			return interact.Answer{}, err
		}
		return interact.Answer{Text: texts.GIFSent(r.Lang, uint64(id), len(steps)-1, (len(data)+1023)/1024),
			Files: []compose.File{{Name: fmt.Sprintf("shinpan-%d.gif", id), Type: "image/gif", Data: data}}}, nil
	}
	g, err := games.Rebuild(meta, entries)
	if err != nil {
		return interact.Answer{}, err
	}
	data, err := compose.GameRecord(meta, g, format)
	if err != nil {
		return interact.Answer{}, err
	}
	return interact.Answer{Text: texts.RecordSent(r.Lang, uint64(id)),
		Files: []compose.File{{Name: fmt.Sprintf("shinpan-%d.%s", id, format), Type: "text/plain", Data: data}}}, nil
}

// gameGIF is a finished game's animation: the whole board after every move
// (and, in Tsuitate when the game's server wants it, after every foul
// attempt), in its reader's language and look (the channel's defaults, or
// the asker's board theme and piece set).
func (b *Bot) gameGIF(meta store.Game, steps []referee.Step, l texts.Lang, look store.Settings) ([]byte, error) {
	var buf bytes.Buffer
	fouls := commands.OnOff(b.guildSettings(meta.GuildID).GIFFoulFrames, b.cfg.GIFFoulFrames)
	frames := render.ReplayFrames(steps, fouls && meta.Variant == view.Tsuitate)
	var result *view.Result
	if n := len(frames); n > 0 {
		result = frames[n-1].View.Result
	}
	opt := render.GIFOptions{Labels: texts.BoardLabels(l, result)}
	if th := render.Theme(look.Theme); slices.Contains(render.Themes, th) {
		opt.Theme = th
	}
	if set := render.PieceSet(look.Pieces); slices.Contains(render.PieceSets, set) {
		opt.Pieces = set
	}
	_, err := render.WriteGIF(&buf, frames, opt)
	return buf.Bytes(), err
}

// resultGIF is the animation posted with the result when the game's server
// wants it (its result_gif, else Config.ResultGIF): the stored log and the
// action that ended the game.
func (b *Bot) resultGIF(meta store.Game, a referee.Action) []compose.File {
	if !commands.OnOff(b.guildSettings(meta.GuildID).ResultGIF, b.cfg.ResultGIF) {
		return nil
	}
	entries, err := b.st.Log(meta.ID, 0)
	if err != nil {
		b.log.Error("gif", "game", meta.ID, "err", err)
		return nil
	}
	steps, err := timeline(meta, append(entries, store.Entry{Action: a}))
	var data []byte
	if err == nil {
		data, err = b.gameGIF(meta, steps, b.readers.ChannelLang(meta), store.Settings{})
	}
	if err != nil {
		b.log.Error("gif", "game", meta.ID, "err", err)
		return nil
	}
	return []compose.File{{Name: "shinpan-{game}.gif", Type: "image/gif", Data: data}}
}
