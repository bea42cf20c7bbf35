package bot

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/texts"
	"shinpan/referee"
	"shinpan/referee/policy"
	"shinpan/referee/record"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/render"
	"shinpan/store"
)

// act applies one player action to a live game: the referee decides on a copy,
// the store commits the action with its messages, then the copy becomes the
// game and the outbox is sent. It returns the text for the acting player when
// there is one (a refusal), and whether the action took effect. key is the
// Discord id that caused the action (idempotency).
func (b *Bot) act(id store.GameID, user string, a referee.Action, key string) (string, bool) {
	return b.actWording(id, user, a, key, texts.Refusal)
}

// actWording is act with the refusal worded by refusal (texts.Refusal, or
// texts.RefusalWithMoveHint for text typed in DM).
func (b *Bot) actWording(id store.GameID, user string, a referee.Action, key string, refusal func(texts.Lang, error) string) (string, bool) {
	lang := b.lang(user)
	lg, err := b.live(id)
	if err != nil {
		return texts.UI(lang, texts.NoGame), false
	}
	if !isCPU(user) && user != b.botID() {
		b.returnSeat(id, user)
	}
	lg.mu.Lock()
	if isCPU(user) && (a.Player > shogi.White || lg.cpu[a.Player] == nil) {
		lg.mu.Unlock()
		return "", false // the seat's player came back
	}
	if _, _, err := b.st.LookupKey(key); err == nil {
		lg.mu.Unlock()
		return "", false // already applied (a redelivered event)
	}
	if a.Kind == referee.ActDraw && !lg.g.Over() && !lg.meta.DrawOffer.AcceptableBy(lg.g, a.Player) {
		lg.mu.Unlock()
		return texts.UI(lang, texts.DrawWithdrawn), false // a move came between cmdDraw's check and this
	}
	g := lg.g.Clone()
	meta := lg.meta
	var before [3]*shogi.Position // what each audience saw, for writing the moves
	for c := range 2 {
		before[c], _ = g.PlayerBoard(shogi.Color(c))
	}
	pub := g.View(view.ViewerPublic)
	before[view.ToPublic] = view.PositionOf(&pub)
	evs, err := g.Apply(a)
	if err != nil {
		lg.mu.Unlock()
		return refusal(lang, err), false
	}
	dl := b.deadline(meta, lg.g, g, meta.LastSeq+1)
	if isCPU(user) {
		meta.CPUMoved[a.Player] = true
	}
	out := b.actionMessages(meta, g, evs, before, dl)
	entry := store.Entry{Action: a, UserID: user, Key: key}
	stored, err := b.st.AppendAction(id, entry, out, func(m *store.Game) {
		updateMeta(m, g)
		m.CPUMoved = meta.CPUMoved
		m.Deadline = dl
		m.DrawOffer = m.DrawOffer.Standing(g)
	})
	if err != nil {
		lg.mu.Unlock()
		if errors.Is(err, store.ErrDuplicate) {
			return "", false // already applied (a redelivered event)
		}
		b.log.Error("append action", "game", id, "err", err)
		b.forget(id) // reload from the store next time
		return texts.UI(lang, texts.InternalError), false
	}
	lg.g = g
	updateMeta(&lg.meta, g)
	lg.meta.CPUMoved = meta.CPUMoved
	lg.meta.LastSeq = stored.Seq
	lg.meta.Deadline = dl
	lg.meta.DrawOffer = lg.meta.DrawOffer.Standing(g)
	lg.observe(evs)
	over := g.Over()
	cpuNext := !over && (lg.cpu[0] != nil || lg.cpu[1] != nil)
	lg.mu.Unlock()
	if user != b.botID() && !isCPU(user) {
		if _, err := b.st.UpdateSettings(user, func(s *store.Settings) { s.CurrentGame = id }); err != nil {
			b.log.Warn("settings", "err", err)
		}
	}
	b.kickOutbox()
	if over {
		b.rate(id)
		b.forget(id)
	}
	if cpuNext {
		go b.cpuTurn(id)
	}
	return "", true
}

// updateMeta copies the referee's status into the game record.
func updateMeta(m *store.Game, g *referee.Game) {
	switch {
	case g.Over() && g.Result().Reason == view.ReasonAbort:
		m.Status = store.StatusAborted
		m.Result = g.Result()
	case g.Over():
		m.Status = store.StatusFinished
		m.Result = g.Result()
	case g.NeedsMasks():
		m.Status = store.StatusPendingMasks
	default:
		m.Status = store.StatusActive
	}
}

// actionMessages turns an action's events into messages: one DM per player
// with events for them (their board attached after a move or at the end), one
// channel post with the public events. Order: Black's DM, White's DM, the
// channel — never dependent on what is hidden.
func (b *Bot) actionMessages(meta store.Game, g *referee.Game, evs []view.Event, before [3]*shogi.Position, dl *store.Deadline) []store.OutMsg {
	var out []store.OutMsg
	pub := view.For(evs, view.ToPublic)
	for col, user := range meta.Players {
		c := shogi.Color(col)
		mine := view.For(evs, view.AudienceOf(c))
		if len(mine) == 0 || isCPU(user) {
			continue
		}
		lang := b.lang(user)
		ctx := b.textCtx(lang, meta, before[c], user)
		ctx.YourTurn = policy.YourTurn(g, c)
		p := payload{Content: texts.PlayerUpdate(ctx, c, mine), Public: len(pub) > 0}
		if needsBoard(mine) {
			p.Files = b.boardFiles(meta, g, c, user)
		}
		if !g.Over() && g.Turn() == c && !g.NeedsMasks() {
			p.Buttons = turnButtons(lang)
			p.Content += deadlineLine(dl, c)
		}
		out = append(out, toDM(user, p))
	}
	if len(pub) > 0 && !meta.ChannelGone {
		lang := b.lang(meta.Players[0])
		// the moves in the channel's words, from the board the channel sees
		p := payload{Content: texts.Announcement(b.textCtx(lang, meta, before[view.ToPublic], ""), pub)}
		if g.Over() {
			p.Content += notRatedLine(lang, meta, g)
			p.Files = b.revealFiles(meta, g)
			if g.Result().Reason != view.ReasonAbort {
				p.Buttons = []button{{ID: "rematch:{game}", Label: texts.UI(lang, texts.ButtonRematch), Style: int(discordgo.SecondaryButton)}}
			}
			p.Mentions = meta.Players[:]
		}
		out = append(out, toChannel(b.announceChannel(meta), p))
		for _, e := range pub {
			for _, d := range texts.RevealDetails(b.textCtx(lang, meta, nil, ""), e) {
				out = append(out, toChannel(b.announceChannel(meta), payload{Content: d}))
			}
		}
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

func turnButtons(lang texts.Lang) []button {
	return []button{
		{ID: "move:{game}", Label: texts.UI(lang, texts.ButtonMove), Style: int(discordgo.PrimaryButton)},
		{ID: "resign:{game}", Label: texts.UI(lang, texts.ButtonResign), Style: int(discordgo.SecondaryButton)},
	}
}

// boardFiles renders what player c sees (the revealed board once the game is over).
func (b *Bot) boardFiles(meta store.Game, g *referee.Game, c shogi.Color, user string) []outFile {
	v := g.View(view.ViewerOf(c))
	if g.Over() {
		v = g.RevealView()
	}
	notes, _ := b.st.Notes(meta.ID, c)
	if g.Over() {
		notes = nil
	}
	img, err := b.renderView(v, user, notes)
	if err != nil {
		b.log.Error("render", "game", meta.ID, "err", err)
		return nil
	}
	return []outFile{img}
}

// revealFiles are the end-of-game attachments in the channel: the revealed
// board (alt text in the channel's language, as its texts) and the record
// (KIF with the hidden information as comments).
func (b *Bot) revealFiles(meta store.Game, g *referee.Game) []outFile {
	var files []outFile
	if img, err := b.renderWith(g.RevealView(), "", render.Options{Lang: altLang(b.lang(meta.Players[0]))}); err == nil {
		files = append(files, img)
	}
	if kif, err := gameKIF(meta, g); err == nil {
		files = append(files, outFile{Name: fmt.Sprintf("shinpan-%s.kif", "{game}"), Type: "text/plain; charset=utf-8", Data: kif})
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
