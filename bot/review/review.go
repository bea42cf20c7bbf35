package review

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
	"shinpan/bot/texts"
	"shinpan/bot/texts/uitexts"
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
// board at once, which no deferral of its own may precede; a replay and one
// board take milliseconds. One still late (a busy host) is deferred in its
// place and its board follows (interact.Req.AnswerWithFiles).

// Points of view of a review: the whole board, Black's, White's.
const (
	POVTrue  = "t"
	POVBlack = "b"
	POVWhite = "w"
)

// finishedGame loads a game the user may see that is over, or says why not.
func (rv *Reviews) finishedGame(r *interact.Req, id store.GameID) (store.Game, []store.Entry, *interact.Answer) {
	meta, entries, err := rv.st.LoadGame(id)
	if err != nil || !commands.ScopeOf(r).HasGame(meta) {
		a := interact.Say(uitexts.UI(r.Lang, uitexts.NoGame))
		return meta, nil, &a
	}
	if meta.Status.Live() {
		a := interact.Say(uitexts.ReviewNotYet(r.Lang, uint64(id)))
		return meta, nil, &a
	}
	return meta, entries, nil
}

// Timeline replays a stored game's log into steps.
func Timeline(meta store.Game, entries []store.Entry) ([]referee.Step, error) {
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

func (rv *Reviews) Review(r *interact.Req) (interact.Answer, error) {
	n, _ := r.Opts.Num("game")
	return rv.showReview(r, store.GameID(n), -1, POVTrue, false)
}

func (rv *Reviews) ReviewButton(r *interact.Req) (interact.Answer, error) {
	return rv.showReview(r, store.GameID(r.Arg), -1, POVTrue, false)
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

func (rv *Reviews) ReviewGo(r *interact.Req) (interact.Answer, error) {
	id, ply, rest := reviewState(r)
	pov := POVTrue
	if len(rest) > 0 {
		pov = rest[0]
	}
	return rv.showReview(r, id, ply, pov, true)
}

func (rv *Reviews) ReviewPOV(r *interact.Req) (interact.Answer, error) {
	id, ply, _ := reviewState(r)
	pov := POVTrue
	if len(r.Values) == 1 {
		pov = r.Values[0]
	}
	return rv.showReview(r, id, ply, pov, true)
}

// showReview answers with the review of game id at move ply (-1: the last)
// from pov: a new ephemeral message, or (update) the review message edited.
func (rv *Reviews) showReview(r *interact.Req, id store.GameID, ply int, pov string, update bool) (interact.Answer, error) {
	meta, entries, why := rv.finishedGame(r, id)
	if why != nil {
		return *why, nil
	}
	steps, err := Timeline(meta, entries)
	if err != nil {
		return interact.Answer{}, err
	}
	if ply < 0 || ply >= len(steps) {
		ply = len(steps) - 1
	}
	msg, err := rv.reviewMessage(rv.readers.Reader(r.User), meta, steps, ply, pov)
	if err != nil {
		return interact.Answer{}, err
	}
	t := discordgo.InteractionResponseChannelMessageWithSource
	if update {
		t = discordgo.InteractionResponseUpdateMessage // its board replaces the old one
	} else {
		msg.Flags = discordgo.MessageFlagsEphemeral
	}
	return interact.Answer{Own: func() error { return r.AnswerWithFiles(t, msg) }}, nil
}

// Board is the view of step s from pov: the whole board, or what that
// side was shown then.
func Board(s referee.Step, pov string) view.View {
	switch pov {
	case POVBlack:
		return s.Sides[shogi.Black]
	case POVWhite:
		return s.Sides[shogi.White]
	}
	return s.True
}

// reviewMessage is the review at step ply from pov for user: the text, the
// board (drawn as the user's own boards are, so a player's view at move k is
// the image they were sent then), the navigation, the point-of-view select
// and the record buttons.
func (rv *Reviews) reviewMessage(rd compose.Reader, meta store.Game, steps []referee.Step, ply int, pov string) (interact.FilesMessage, error) {
	l := rd.Lang
	if pov != POVBlack && pov != POVWhite {
		pov = POVTrue
	}
	s := steps[ply]
	v := Board(s, pov)
	img, err := compose.RenderFor(v, rd, render.Options{CacheScope: "review " + rd.ID})
	if err != nil {
		return interact.FilesMessage{}, err
	}
	if pov != POVTrue {
		img.Alt = texts.SideViewAlt(l, rd.Notation(), &v) // not "Your board": the reviewer may be anyone
	}
	label := map[string]string{POVTrue: uitexts.UI(l, uitexts.ReviewTrue),
		POVBlack: uitexts.ReviewSide(l, shogi.Black), POVWhite: uitexts.ReviewSide(l, shogi.White)}
	var before *shogi.Position
	if ply > 0 {
		before = steps[ply-1].Pos
	}
	ctx := compose.TextCtx(rd, meta, before)
	content := uitexts.Review(ctx, s, len(steps)-1, label[pov])

	g, last := uint64(meta.ID), len(steps)-1
	nav := func(emoji string, to, slot int, off bool) discordgo.MessageComponent {
		return discordgo.Button{Label: emoji, Style: discordgo.SecondaryButton, Disabled: off,
			CustomID: fmt.Sprintf("rvgo:%d:%d:%s:%d", g, to, pov, slot)}
	}
	var opts []discordgo.SelectMenuOption
	for _, p := range []string{POVTrue, POVBlack, POVWhite} {
		opts = append(opts, discordgo.SelectMenuOption{Label: label[p], Value: p, Default: p == pov})
	}
	rec := discordgo.ActionsRow{}
	for _, f := range commands.RecordChoices {
		rec.Components = append(rec.Components, discordgo.Button{Label: strings.ToUpper(f), Style: discordgo.SecondaryButton,
			CustomID: fmt.Sprintf("rvrec:%d:%s", g, f)})
	}
	return interact.FilesMessage{
		Content: content,
		Files:   []compose.File{img},
		Components: []discordgo.MessageComponent{
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				nav("⏮", 0, 0, ply == 0), nav("◀", max(ply-1, 0), 1, ply == 0),
				nav("▶", min(ply+1, last), 2, ply == last), nav("⏭", last, 3, ply == last)}},
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
				CustomID: fmt.Sprintf("rvpov:%d:%d", g, ply), Placeholder: uitexts.UI(l, uitexts.ReviewPOV), Options: opts}}},
			rec,
		},
	}, nil
}

// ReviewRecord sends the record (or the GIF) of a reviewed game.
func (rv *Reviews) ReviewRecord(r *interact.Req) (interact.Answer, error) {
	f := strings.Split(r.I.MessageComponentData().CustomID, ":")
	if len(f) != 3 {
		return interact.Say(uitexts.UI(r.Lang, uitexts.NoGame)), nil
	}
	id, _ := strconv.ParseUint(f[1], 10, 64)
	return rv.RecordAnswer(r, store.GameID(id), f[2])
}

// RecordAnswer is a finished game's record in format (one of commands.RecordChoices),
// as an ephemeral file.
func (rv *Reviews) RecordAnswer(r *interact.Req, id store.GameID, format string) (interact.Answer, error) {
	meta, entries, why := rv.finishedGame(r, id)
	if why != nil {
		if meta.Status.Live() && commands.ScopeOf(r).HasGame(meta) {
			return interact.Say(uitexts.RecordNotYet(r.Lang, uint64(id))), nil
		}
		return *why, nil
	}
	if format == "gif" {
		steps, err := Timeline(meta, entries)
		if err != nil {
			return interact.Answer{}, err
		}
		data, err := rv.gameGIF(meta, steps, r.Lang, rv.readers.Reader(r.User).Set)
		if err != nil {
			return interact.Answer{}, err
		}
		return interact.Answer{Text: uitexts.GIFSent(r.Lang, uint64(id), len(steps)-1, (len(data)+1023)/1024),
			Files: []compose.File{{Name: fmt.Sprintf("shinpan-%d.gif", id), Type: "image/gif", Data: data}}}, nil
	}
	g, err := games.Rebuild(meta, entries)
	if err != nil {
		return interact.Answer{}, err
	}
	var names [2]string
	if rv.recordNames != nil {
		names = rv.recordNames(meta)
	}
	data, err := compose.GameRecord(meta, g, format, names)
	if err != nil {
		return interact.Answer{}, err
	}
	return interact.Answer{Text: uitexts.RecordSent(r.Lang, uint64(id)),
		Files: []compose.File{{Name: fmt.Sprintf("shinpan-%d.%s", id, format), Type: "text/plain", Data: data}}}, nil
}

// gameGIF is a finished game's animation: the whole board after every move
// (and, in Tsuitate when the game's server wants it, after every foul
// attempt), in its reader's language and look (the channel's defaults, or
// the asker's board theme and piece set).
func (rv *Reviews) gameGIF(meta store.Game, steps []referee.Step, l texts.Lang, look store.Settings) ([]byte, error) {
	var buf bytes.Buffer
	fouls := compose.OnOff(rv.guildSettings(meta.GuildID).GIFFoulFrames, rv.cfg.GIFFoulFrames)
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

// ResultGIF is the animation posted with the result when the game's server
// wants it (its result_gif, else Config.ResultGIF): the stored log and the
// action that ended the game.
func (rv *Reviews) ResultGIF(meta store.Game, a referee.Action) []compose.File {
	if !compose.OnOff(rv.guildSettings(meta.GuildID).ResultGIF, rv.cfg.ResultGIF) {
		return nil
	}
	entries, err := rv.st.Log(meta.ID, 0)
	if err != nil {
		rv.log.Error("gif", "game", meta.ID, "err", err)
		return nil
	}
	steps, err := Timeline(meta, append(entries, store.Entry{Action: a}))
	var data []byte
	if err == nil {
		data, err = rv.gameGIF(meta, steps, rv.readers.ChannelLang(meta), store.Settings{})
	}
	if err != nil {
		rv.log.Error("gif", "game", meta.ID, "err", err)
		return nil
	}
	return []compose.File{{Name: "shinpan-{game}.gif", Type: "image/gif", Data: data}}
}
