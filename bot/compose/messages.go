package compose

import (
	"bytes"
	"fmt"
	"io"

	"shinpan/bot/texts"
	"shinpan/bot/texts/uitexts"
	"shinpan/referee"
	"shinpan/referee/policy"
	"shinpan/referee/record"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/render"
	"shinpan/store"
)

// ActionMessages turns an action's events into messages: one DM per player
// with events for them (their board attached after a move or at the end), and
// for the public events the channel's (PublicMessages). Order: Black's DM,
// White's DM, the channel — never dependent on what is hidden.
// actor is the acting user's settings, read once for the whole action.
func (cm *Composer) ActionMessages(meta store.Game, g *referee.Game, a referee.Action, evs []view.Event, before [3]*shogi.Position, dl *store.Deadline, actor Reader) []store.OutMsg {
	var out []store.OutMsg
	pub := view.For(evs, view.ToPublic)
	for col, user := range meta.Players {
		c := shogi.Color(col)
		mine := view.For(evs, view.AudienceOf(c))
		if len(mine) == 0 || IsCPU(user) {
			continue
		}
		rd := actor
		if user != actor.ID {
			rd = cm.Reader(user)
		}
		ctx := TextCtx(rd, meta, before[c])
		ctx.YourTurn = policy.YourTurn(g, c)
		p := Payload{Content: texts.PlayerUpdate(ctx, c, mine), Public: len(pub) > 0}
		if p.Content != "" && namesGame(rd, user == actor.ID, meta.ID) {
			p.Content = uitexts.InGame(rd.Lang, uint64(meta.ID), p.Content)
		}
		if NeedsBoard(mine) {
			p.Files = cm.BoardFiles(meta, g, c, rd)
			if !g.Over() {
				p.Content += texts.ClockLine(rd.Lang, meta.Options, meta.Clocks)
			}
		}
		if !g.Over() && g.Turn() == c && !g.NeedsMasks() {
			p.Buttons = TurnButtons(rd.Lang)
			p.Selects = TapMenus(meta, g, c, rd)
			p.Content += DeadlineLine(dl, c)
		}
		out = append(out, ToDM(user, p))
	}
	if len(pub) > 0 && !meta.ChannelGone {
		out = append(out, cm.PublicMessages(meta, g, a, pub, before[view.ToPublic], dl)...)
	}
	return out
}

// namesGame says whether a player's update starts with its game's number
// (RULES.md §3): news of the other side's action when their typed moves go
// to another game or to none; the answer to their own when it went to their
// default game among several (they named the game, tapped its message, or
// play only this one otherwise).
func namesGame(rd Reader, acting bool, id store.GameID) bool {
	if acting {
		return rd.NameGame
	}
	return rd.Set.CurrentGame != id
}

// NeedsBoard: a player's board changed (a move, the mask set, the end).
func NeedsBoard(evs []view.Event) bool {
	for _, e := range evs {
		switch e.Kind {
		case view.EvMoved, view.EvEnd, view.EvMasksDone:
			return true
		}
	}
	return false
}

func TurnButtons(lang texts.Lang) []Button {
	return []Button{
		{ID: "move:{game}", Label: uitexts.UI(lang, uitexts.ButtonMove), Style: StylePrimary},
		{ID: "resign:{game}", Label: uitexts.UI(lang, uitexts.ButtonResign), Style: StyleSecondary},
	}
}

// BoardFiles renders what player c sees (the revealed board once the game is over).
func (cm *Composer) BoardFiles(meta store.Game, g *referee.Game, c shogi.Color, rd Reader) []File {
	return cm.PickBoard(meta, g, c, rd, nil)
}

// PickBoard is BoardFiles with a picked piece and its squares marked (a tap
// pick, tap.go; nil: none). The marking is drawn only while the game runs.
func (cm *Composer) PickBoard(meta store.Game, g *referee.Game, c shogi.Color, rd Reader, reach *render.Reach) []File {
	v := g.View(view.ViewerOf(c))
	if g.Over() {
		v = g.RevealView()
	}
	notes, _ := cm.Notes.Notes(meta.ID, c)
	if g.Over() {
		notes = nil
	}
	var clocks [2]string
	if !g.Over() {
		clocks = texts.PanelClocks(meta.Options, meta.Clocks) // as of the last move: fouls never show
	}
	if g.Over() {
		reach = nil
	}
	img, err := RenderFor(v, rd, render.Options{Notes: notes, Clocks: clocks, Reach: reach, CacheScope: SeatScope(meta.ID, c)})
	if err != nil {
		cm.Log.Error("render", "game", meta.ID, "err", err)
		return nil
	}
	return []File{img}
}

// RevealFiles are the end-of-game attachments in the channel: the revealed
// board (alt text in the channel's language, as its texts) and the record
// (KIF with the hidden information as comments).
func (cm *Composer) RevealFiles(meta store.Game, g *referee.Game) []File {
	var files []File
	if img, err := RenderFor(g.RevealView(), cm.ChannelReader(meta), render.Options{CacheScope: PublicScope(meta.ID)}); err == nil {
		files = append(files, img)
	}
	if kif, err := GameKIF(meta, g, StartNames(meta)); err == nil { // the names kept at the start: no lookup at the end
		files = append(files, File{Name: fmt.Sprintf("shinpan-%s.kif", "{game}"), Type: "text/plain; charset=utf-8", Data: kif})
	}
	return files
}

// GameKIF writes a finished game as KIF with all its hidden information.
func GameKIF(meta store.Game, g *referee.Game, names [2]string) ([]byte, error) {
	return GameRecord(meta, g, "kif", names)
}

// RecordFormats are the formats /shogi record offers; the first is the default.
var RecordFormats = []string{"kif", "ki2", "csa"}

// RecordWriters write a record in each of RecordFormats.
var RecordWriters = map[string]func(io.Writer, *record.Record) error{
	"kif": record.WriteKIF, "ki2": record.WriteKI2, "csa": record.WriteCSA}

// GameRecord writes a finished game with all its hidden information in
// format (one of RecordFormats). Its header has the start time and the
// players' names (names by seat, Black first; "": left out; RecordHeader).
func GameRecord(meta store.Game, g *referee.Game, format string, names [2]string) ([]byte, error) {
	write, ok := RecordWriters[format]
	if !ok {
		return nil, fmt.Errorf("unknown record format %q", format)
	}
	rec := g.Record(fmt.Sprintf("shinpan #%d %s", meta.ID, meta.Variant))
	RecordHeader(rec, meta, names)
	var buf bytes.Buffer
	if err := write(&buf, rec); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// PublicMessages are the channel's messages after an action it is told of
// (RULES.md §5, quiet channels): the game card edited with the new state,
// and a post only for what deserves a notification — the masks chosen (with
// their commitments) and the result (with the revealed board, the record and
// the reveal's details), in the game's channel. With a thread, every
// announcement is also a line in it, move by move.
func (cm *Composer) PublicMessages(meta store.Game, g *referee.Game, a referee.Action, pub []view.Event, before *shogi.Position, dl *store.Deadline) []store.OutMsg {
	ch := cm.ChannelReader(meta)
	lang := ch.Lang
	ctx := TextCtx(ch, meta, before) // the moves in the channel's words, from the board the channel sees
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
	out := cm.CardEdit(meta, g, last, dl)
	switch {
	case notable:
		p := Payload{Content: line}
		if g.Over() {
			p.Content += cm.notRated(lang, meta, g)
			p.Files = append(cm.RevealFiles(meta, g), cm.resultGIF(meta, a)...)
			if g.Result().Reason != view.ReasonAbort {
				p.Buttons = []Button{{ID: "rematch:{game}", Label: uitexts.UI(lang, uitexts.ButtonRematch), Style: StyleSecondary},
					{ID: "review:{game}", Label: uitexts.UI(lang, uitexts.ButtonReview), Style: StyleSecondary}}
			}
			p.Mentions = meta.Players[:]
		}
		out = append(out, ToChannel(meta.ChannelID, p))
	case meta.ThreadID != "":
		out = append(out, ToChannel(meta.ThreadID, Payload{Content: line}))
	}
	rctx := TextCtx(ch, meta, nil)
	rctx.Start, _ = shogi.ParseSFEN(g.StartSFEN()) // the reveal's moves are written from the start
	for _, e := range pub {
		for _, d := range texts.RevealDetails(rctx, e) {
			out = append(out, ToChannel(meta.ChannelID, Payload{Content: d}))
		}
	}
	return out
}
