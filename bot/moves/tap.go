package moves

import (
	"encoding/json"
	"slices"
	"strings"
	"sync"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/commands"
	"shinpan/bot/compose"
	"shinpan/bot/games"
	"shinpan/bot/interact"
	"shinpan/bot/outbox"
	"shinpan/bot/tap"
	"shinpan/bot/texts"
	"shinpan/bot/texts/uitexts"
	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/render"
	"shinpan/store"
)

// Moving by tapping (issue 34; the menus are bot/tap's): a pick in a tap
// menu under a player's board answers with that message updated (interaction
// response 7, free of the global budget): the next menus and the board with
// the picked piece marked, or, once a move is picked, the move played through
// act as a typed one and the mover's update from it in the message's place.
// A pick on an old board, in a finished game, or in a game that is not the
// picker's changes nothing.

// tapLine starts the line a tap screen adds under a message's own text.
const tapLine = "\n▸ "

type divert struct {
	user   string
	mu     sync.Mutex
	p      *compose.Payload
	closed bool // the interaction has its answer: nothing more is kept
}

// DivertAnswer takes the mover's DM out of an action's messages when the
// action came from an interaction that answers with it (a tap, the Move
// box), and keeps it for that answer; or, for an action Hooked to its
// interaction (several processes), has the DM edit the interaction's
// message instead of posting. Called by decide before the commit, with
// the mover's settings and the game after the action.
func (mv *Moves) DivertAnswer(key string, rd compose.Reader, meta store.Game, g *referee.Game, out []store.OutMsg) []store.OutMsg {
	user := rd.ID
	if v, ok := mv.hooks.Load(key); ok {
		return hookAnswer(v.(hooked), user, out, func(p *compose.Payload) {
			if c, seated := games.SeatOf(meta, user); seated && g.NeedsMasks() {
				p.Selects = compose.TapMenus(meta, g, c, rd) // as Tap's answer: the mask may be changed until both are chosen
			}
		})
	}
	v, ok := mv.diverted.Load(key)
	if !ok {
		return out
	}
	d := v.(*divert)
	if d.user != user {
		return out
	}
	i, p, ok := moverDM(user, out)
	if !ok {
		return out
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closed {
		return out
	}
	d.p = &p
	return append(out[:i:i], out[i+1:]...)
}

// moverDM finds the mover's DM among an action's messages and reads its
// payload.
func moverDM(user string, out []store.OutMsg) (int, compose.Payload, bool) {
	for i, m := range out {
		if m.Dest != store.DestDM || m.Target != user {
			continue
		}
		p, ok := compose.Memo.Take(m.Payload)
		if !ok && json.Unmarshal(m.Payload, &p) != nil {
			return 0, p, false
		}
		return i, p, true
	}
	return 0, compose.Payload{}, false
}

// hooked is an action whose mover's update edits its interaction's message.
type hooked struct {
	user string
	hook compose.Hook
}

// Hooked has the mover's update of the action under key (its interaction
// id), if user's, edit the interaction's message through hook instead of
// coming as a new DM (compose.Payload.Answer; the outbox sends it, so the
// update is committed with the action and sent once). Several processes:
// the one that received the interaction deferred it, and the game's owner,
// which may be another, applies the action. Until the returned func is
// called.
func (mv *Moves) Hooked(key, user string, hook compose.Hook) (release func()) {
	mv.hooks.Store(key, hooked{user: user, hook: hook})
	return func() { mv.hooks.Delete(key) }
}

// HookOf is the interaction hook of the action under key (nil: none), for
// the inbox record that takes it to the game's owner.
func (mv *Moves) HookOf(key string) (user string, hook *compose.Hook) {
	if v, ok := mv.hooks.Load(key); ok {
		h := v.(hooked)
		return h.user, &h.hook
	}
	return "", nil
}

// hookAnswer marks the mover's DM among out as the answer of h's
// interaction, with what fill adds to it.
func hookAnswer(h hooked, user string, out []store.OutMsg, fill func(*compose.Payload)) []store.OutMsg {
	if h.user != user {
		return out
	}
	i, p, ok := moverDM(user, out)
	if !ok {
		return out
	}
	fill(&p)
	hook := h.hook
	p.Answer = &hook
	out = slices.Clone(out)
	out[i].Payload = p.Encode()
	return out
}

// actDiverted runs a player's action; p is the mover's update when it was
// kept for the interaction's answer (nil when it went by DM, or when nothing
// happened). With several processes the interaction is deferred first and
// the update edits its message (Hooked) from the game owner's outbox: the
// process that applies the action may not be the one that answers, nor the
// one alive when it would; hooked then says so.
func (mv *Moves) actDiverted(r *interact.Req, s commands.Seated, a referee.Action) (p *compose.Payload, reply string, done, hooked bool) {
	a.Player = s.Color
	if mv.host.Clustered() {
		if err := r.AckUpdate(); err != nil {
			mv.log.Warn("interaction defer", "game", s.ID, "user", r.User, "err", err)
			reply, done = mv.host.Act(s.ID, r.User, a, r.I.ID) // the update by DM
			return nil, reply, done, false
		}
		defer mv.Hooked(r.I.ID, r.User, r.Hook())()
		reply, done, queued := mv.host.ActQueued(s.ID, r.User, a, r.I.ID)
		if queued { // the owner's update edits the message: nothing to say here
			reply = ""
		}
		return nil, reply, done, true
	}
	d := &divert{user: r.User}
	mv.diverted.Store(r.I.ID, d)
	defer mv.diverted.Delete(r.I.ID)
	reply, done = mv.host.Act(s.ID, r.User, a, r.I.ID)
	d.mu.Lock()
	defer d.mu.Unlock()
	d.closed = true
	if d.p == nil || !done { // kept by an attempt whose commit failed: nothing was played
		return nil, reply, done, false
	}
	d.p.FillGame(s.ID)
	return d.p, reply, done, false
}

// answerHooked is the answer to an action whose interaction was deferred
// (Hooked): nothing more when it was played or queued for the game's owner
// (reply is then empty: the update edits the message), else its reply as a
// follow-up.
func (mv *Moves) answerHooked(r *interact.Req, reply string, done bool) interact.Answer {
	if done || reply == "" {
		return interact.Answer{Own: func() error { return nil }}
	}
	return interact.Answer{Own: func() error { return r.FollowUp(reply) }}
}

// answerDiverted answers with the mover's update p in the interaction's
// message; should that answer fail, p goes by DM after all.
func (mv *Moves) answerDiverted(r *interact.Req, s commands.Seated, p *compose.Payload) interact.Answer {
	a := mv.update(r, payloadMessage(*p))
	send := a.Own
	a.Own = func() error {
		err := send()
		if err != nil {
			if qerr := mv.st.Enqueue(compose.ForGame(compose.ToDM(r.User, *p), s.ID)); qerr != nil {
				mv.log.Error("enqueue", "game", s.ID, "user", r.User, "err", qerr)
			}
			go mv.host.Kick()
		}
		return err
	}
	return a
}

// Tap answers a pick in a tap menu.
func (mv *Moves) Tap(r *interact.Req) (interact.Answer, error) {
	data := r.I.MessageComponentData()
	id, number, step, ok := tap.Parse(data.CustomID, r.Values)
	if !ok {
		return interact.Say(uitexts.UI(r.Lang, uitexts.NoGame)), nil
	}
	s, why := mv.cmds.SeatIn(r, store.GameID(id))
	if why != nil {
		return *why, nil
	}
	rd := mv.readers.Reader(r.User)
	s.Game.Mu.Lock()
	in := compose.TapInput(s.Game.Meta, s.Game.G, s.Color, rd)
	pk, err := tap.Step(in, step)
	if err != nil || number != in.View.MoveNumber {
		msg := mv.tapStale(r, s.Game, s.Color, rd)
		s.Game.Mu.Unlock()
		return mv.update(r, msg), nil
	}
	if pk.Move == shogi.NoMove && pk.Mask == shogi.NoSquare {
		msg := mv.tapScreen(r, s.Game, s.Color, rd, in, pk.Screen)
		s.Game.Mu.Unlock()
		return mv.update(r, msg), nil
	}
	if fouledAlready(s.Game, s.Color, pk.Move) { // a second tap of a foul: the same foul again (RULES.md §3)
		msg := mv.tapScreen(r, s.Game, s.Color, rd, in, tap.Screen{Heading: uitexts.UI(rd.Lang, uitexts.TapTried), Selects: tap.First(in).Selects})
		s.Game.Mu.Unlock()
		return mv.update(r, msg), nil
	}
	s.Game.Mu.Unlock()
	a := referee.Action{Kind: referee.ActMove, Text: pk.Move.USI(), At: number} // decide checks the number again
	if pk.Mask != shogi.NoSquare {
		a = referee.Action{Kind: referee.ActMask, Text: pk.Mask.String(), Salt: games.NewSalt(), At: number}
	}
	p, reply, done, hooked := mv.actDiverted(r, s, a)
	if hooked {
		return mv.answerHooked(r, reply, done), nil
	}
	if p != nil {
		s.Game.Mu.Lock()
		if s.Game.G.NeedsMasks() { // the mask may be changed until both are chosen
			p.Selects = compose.TapMenus(s.Game.Meta, s.Game.G, s.Color, rd)
		}
		mv.keepBoard(s, rd, p)
		s.Game.Mu.Unlock()
		return mv.answerDiverted(r, s, p), nil
	}
	s.Game.Mu.Lock()
	switch {
	case done: // several processes, the acknowledgement failed: taken here, its update sent by DM
		said := uitexts.UI(rd.Lang, uitexts.MoveSent)
		if pk.Mask != shogi.NoSquare { // as the update says: the position stays while the masks are chosen
			said = uitexts.MaskChosen(rd.Lang, s.Game.G.TruePosition().At(pk.Mask).Kind(), pk.Mask)
		}
		s.Game.Mu.Unlock()
		return mv.update(r, interact.FilesMessage{Content: baseText(r) + tapLine + said}), nil
	case compose.TapInput(s.Game.Meta, s.Game.G, s.Color, rd).View.MoveNumber != number || s.Game.G.Over():
		defer s.Game.Mu.Unlock()
		return mv.update(r, mv.tapStale(r, s.Game, s.Color, rd)), nil // the board moved on meanwhile: played once
	}
	s.Game.Mu.Unlock()
	if reply == "" {
		reply = mv.again(r, s, a.Kind) // the same pick delivered twice
	}
	return interact.Say(reply), nil
}

// fouledAlready reports whether player c's attempt m at this move number
// was a foul already: the true position has not changed since, so it would
// be the same foul again. Under the game's lock.
func fouledAlready(lg *games.Game, c shogi.Color, m shogi.Move) bool {
	n := lg.G.MoveNumber()
	for _, f := range lg.G.FoulLog() {
		if f.Player == c && f.Number == n && f.Move == m.USI() {
			return true
		}
	}
	return false
}

// tapScreen is a tap screen as the message: its text with the screen's
// heading, the player's board with the pick marked, the menus and buttons
// (the turn's buttons on the first screen).
func (mv *Moves) tapScreen(r *interact.Req, lg *games.Game, c shogi.Color, rd compose.Reader, in *tap.Input, sc tap.Screen) interact.FilesMessage {
	text := baseText(r)
	if sc.Heading != "" {
		text += tapLine + sc.Heading
	}
	btns := compose.TapButtons(sc.Buttons)
	if len(btns) == 0 && !in.MaskPhase {
		btns = compose.TurnButtons(rd.Lang)
	}
	reach := sc.Reach
	if reach != nil && !lg.Meta.Options.ShowReachable { // the piece outlined, its squares not dotted (RULES.md §3)
		reach = &render.Reach{From: reach.From}
	}
	p := compose.Payload{Content: text, Files: mv.compose.PickBoard(lg.Meta, lg.G, c, rd, reach),
		Selects: compose.TapSelects(sc.Selects), Buttons: btns}
	p.FillGame(lg.Meta.ID)
	return payloadMessage(p)
}

// tapStale answers a pick on a board that is not current: the current
// board, with its menus when it is the player's turn.
func (mv *Moves) tapStale(r *interact.Req, lg *games.Game, c shogi.Color, rd compose.Reader) interact.FilesMessage {
	in := compose.TapInput(lg.Meta, lg.G, c, rd)
	sc := tap.Screen{Heading: uitexts.UI(rd.Lang, uitexts.TapStale)}
	if in.Active() && rd.Set.Input != store.InputTyping {
		sc.Selects = tap.First(in).Selects
	}
	msg := mv.tapScreen(r, lg, c, rd, in, sc)
	// The message's own text was about its old board ("— your turn"): over
	// the current one it says where the game stands now, as /shogi board.
	now := texts.Status(compose.TextCtx(rd, lg.Meta, nil), compose.GameState(lg.G), view.AudienceOf(c))
	msg.Content = now + tapLine + sc.Heading
	if !in.Active() {
		msg.Components = nil
	}
	return msg
}

// baseText is the text of the message a component is on, without a tap
// screen's line.
func baseText(r *interact.Req) string {
	if r.I.Message == nil {
		return ""
	}
	text, _, _ := strings.Cut(r.I.Message.Content, tapLine)
	return text
}

// payloadMessage is a queued message's payload as an interaction's message.
func payloadMessage(p compose.Payload) interact.FilesMessage {
	comps := append(outbox.SelectRows(p.Selects), outbox.Components(p.Buttons)...)
	return interact.FilesMessage{Content: p.Content, Components: comps, Files: p.Files}
}

// modalMove plays the move typed in the Move box opened from a board: its
// update for the mover replaces that board (issue 33: no new message of the
// global budget), a refusal is answered as before.
func (mv *Moves) modalMove(r *interact.Req, s commands.Seated) interact.Answer {
	p, reply, done, hooked := mv.actDiverted(r, s, referee.Action{Kind: referee.ActMove, Text: r.Fields["move"]})
	switch {
	case hooked:
		return mv.answerHooked(r, reply, done)
	case p != nil:
		s.Game.Mu.Lock()
		mv.keepBoard(s, mv.readers.Reader(r.User), p)
		s.Game.Mu.Unlock()
		return mv.answerDiverted(r, s, p)
	case done:
		return interact.Say(uitexts.UI(r.Lang, uitexts.MoveSent))
	case reply == "":
		return interact.Say(mv.again(r, s, referee.ActMove)) // the same form delivered twice
	}
	return interact.Say(reply)
}

// keepBoard gives an update without a board (a foul, a bounce, a refusal
// by the referee after the pick) the player's board, which the message it
// replaces showed: an update drops the attachments it does not list.
// Called under the game's lock.
func (mv *Moves) keepBoard(s commands.Seated, rd compose.Reader, p *compose.Payload) {
	if len(p.Files) == 0 && !s.Game.G.NeedsMasks() {
		p.Files = mv.compose.BoardFiles(s.Game.Meta, s.Game.G, s.Color, rd)
	}
}

// update answers with the interaction's message edited to msg. Should a
// deferral have been sent in a late handler's place meanwhile (a deferred
// update: the message stays the interaction's original), msg edits it
// through the interaction's webhook (AnswerWithFiles): the same text,
// files, alt texts and menus as in time.
func (mv *Moves) update(r *interact.Req, msg interact.FilesMessage) interact.Answer {
	if msg.Components == nil {
		msg.Components = []discordgo.MessageComponent{} // the old menus go
	}
	return interact.Answer{Own: func() error {
		return r.AnswerWithFiles(discordgo.InteractionResponseUpdateMessage, msg)
	}}
}
