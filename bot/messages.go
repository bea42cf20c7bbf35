package bot

import (
	"bytes"
	"fmt"
	"io"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/compose"
	"shinpan/bot/texts"
	"shinpan/referee"
	"shinpan/referee/policy"
	"shinpan/referee/record"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/render"
	"shinpan/store"
)

// actionMessages turns an action's events into messages: one DM per player
// with events for them (their board attached after a move or at the end), and
// for the public events the channel's (publicMessages). Order: Black's DM,
// White's DM, the channel — never dependent on what is hidden.
// actor is the acting user's settings, read once for the whole action.
func (b *Bot) actionMessages(meta store.Game, g *referee.Game, a referee.Action, evs []view.Event, before [3]*shogi.Position, dl *store.Deadline, actor compose.Reader) []store.OutMsg {
	var out []store.OutMsg
	pub := view.For(evs, view.ToPublic)
	for col, user := range meta.Players {
		c := shogi.Color(col)
		mine := view.For(evs, view.AudienceOf(c))
		if len(mine) == 0 || compose.IsCPU(user) {
			continue
		}
		rd := actor
		if user != actor.ID {
			rd = b.readers.Reader(user)
		}
		ctx := compose.TextCtx(rd, meta, before[c])
		ctx.YourTurn = policy.YourTurn(g, c)
		p := compose.Payload{Content: texts.PlayerUpdate(ctx, c, mine), Public: len(pub) > 0}
		if needsBoard(mine) {
			p.Files = b.boardFiles(meta, g, c, rd)
			if !g.Over() {
				p.Content += texts.ClockLine(rd.Lang, meta.Options, meta.Clocks)
			}
		}
		if !g.Over() && g.Turn() == c && !g.NeedsMasks() {
			p.Buttons = turnButtons(rd.Lang)
			p.Content += deadlineLine(dl, c)
		}
		out = append(out, compose.ToDM(user, p))
	}
	if len(pub) > 0 && !meta.ChannelGone {
		out = append(out, b.publicMessages(meta, g, a, pub, before[view.ToPublic], dl)...)
	}
	return out
}

// needsBoard: a player's board changed (a move, the mask set, the end).
func needsBoard(evs []view.Event) bool {
	for _, e := range evs {
		switch e.Kind {
		case view.EvMoved, view.EvEnd, view.EvMasksDone:
			return true
		}
	}
	return false
}

func turnButtons(lang texts.Lang) []compose.Button {
	return []compose.Button{
		{ID: "move:{game}", Label: texts.UI(lang, texts.ButtonMove), Style: int(discordgo.PrimaryButton)},
		{ID: "resign:{game}", Label: texts.UI(lang, texts.ButtonResign), Style: int(discordgo.SecondaryButton)},
	}
}

// boardFiles renders what player c sees (the revealed board once the game is over).
func (b *Bot) boardFiles(meta store.Game, g *referee.Game, c shogi.Color, rd compose.Reader) []compose.File {
	v := g.View(view.ViewerOf(c))
	if g.Over() {
		v = g.RevealView()
	}
	notes, _ := b.st.Notes(meta.ID, c)
	if g.Over() {
		notes = nil
	}
	var clocks [2]string
	if !g.Over() {
		clocks = texts.PanelClocks(meta.Options, meta.Clocks) // as of the last move: fouls never show
	}
	img, err := compose.RenderFor(v, rd, render.Options{Notes: notes, Clocks: clocks, CacheScope: compose.SeatScope(meta.ID, c)})
	if err != nil {
		b.log.Error("render", "game", meta.ID, "err", err)
		return nil
	}
	return []compose.File{img}
}

// revealFiles are the end-of-game attachments in the channel: the revealed
// board (alt text in the channel's language, as its texts) and the record
// (KIF with the hidden information as comments).
func (b *Bot) revealFiles(meta store.Game, g *referee.Game) []compose.File {
	var files []compose.File
	if img, err := compose.RenderFor(g.RevealView(), b.readers.ChannelReader(meta), render.Options{CacheScope: compose.PublicScope(meta.ID)}); err == nil {
		files = append(files, img)
	}
	if kif, err := gameKIF(meta, g); err == nil {
		files = append(files, compose.File{Name: fmt.Sprintf("shinpan-%s.kif", "{game}"), Type: "text/plain; charset=utf-8", Data: kif})
	}
	return files
}

// gameKIF writes a finished game as KIF with all its hidden information.
func gameKIF(meta store.Game, g *referee.Game) ([]byte, error) {
	return gameRecord(meta, g, "kif")
}

// recordFormats are the formats /shogi record offers; the first is the default.
var recordFormats = []string{"kif", "ki2", "csa"}

// recordWriters write a record in each of recordFormats.
var recordWriters = map[string]func(io.Writer, *record.Record) error{
	"kif": record.WriteKIF, "ki2": record.WriteKI2, "csa": record.WriteCSA}

// gameRecord writes a finished game with all its hidden information in
// format (one of recordFormats).
func gameRecord(meta store.Game, g *referee.Game, format string) ([]byte, error) {
	write, ok := recordWriters[format]
	if !ok {
		return nil, fmt.Errorf("unknown record format %q", format)
	}
	var buf bytes.Buffer
	if err := write(&buf, g.Record(fmt.Sprintf("shinpan #%d %s", meta.ID, meta.Variant))); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// publicMessages are the channel's messages after an action it is told of
// (RULES.md §5, quiet channels): the game card edited with the new state,
// and a post only for what deserves a notification — the masks chosen (with
// their commitments) and the result (with the revealed board, the record and
// the reveal's details), in the game's channel. With a thread, every
// announcement is also a line in it, move by move.
func (b *Bot) publicMessages(meta store.Game, g *referee.Game, a referee.Action, pub []view.Event, before *shogi.Position, dl *store.Deadline) []store.OutMsg {
	ch := b.readers.ChannelReader(meta)
	lang := ch.Lang
	ctx := compose.TextCtx(ch, meta, before) // the moves in the channel's words, from the board the channel sees
	line := texts.Announcement(ctx, pub)
	notable := g.Over()
	for _, e := range pub {
		notable = notable || e.Kind == view.EvMasksDone
	}
	last := "" // a notable post says it; the card says what came of it
	if !notable {
		bare := ctx
		bare.GameID = 0 // the card names its game already
		last = texts.Announcement(bare, pub)
	}
	out := b.cardEdit(meta, g, last, dl)
	switch {
	case notable:
		p := compose.Payload{Content: line}
		if g.Over() {
			p.Content += notRatedLine(lang, meta, g)
			p.Files = append(b.revealFiles(meta, g), b.resultGIF(meta, a)...)
			if g.Result().Reason != view.ReasonAbort {
				p.Buttons = []compose.Button{{ID: "rematch:{game}", Label: texts.UI(lang, texts.ButtonRematch), Style: int(discordgo.SecondaryButton)},
					{ID: "review:{game}", Label: texts.UI(lang, texts.ButtonReview), Style: int(discordgo.SecondaryButton)}}
			}
			p.Mentions = meta.Players[:]
		}
		out = append(out, compose.ToChannel(meta.ChannelID, p))
	case meta.ThreadID != "":
		out = append(out, compose.ToChannel(meta.ThreadID, compose.Payload{Content: line}))
	}
	rctx := compose.TextCtx(ch, meta, nil)
	rctx.Start, _ = shogi.ParseSFEN(g.StartSFEN()) // the reveal's moves are written from the start
	for _, e := range pub {
		for _, d := range texts.RevealDetails(rctx, e) {
			out = append(out, compose.ToChannel(meta.ChannelID, compose.Payload{Content: d}))
		}
	}
	return out
}
