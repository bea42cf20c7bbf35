package bot

import (
	"context"
	"fmt"
	"time"

	"shinpan/bot/compose"
	"shinpan/bot/games"
	"shinpan/bot/texts/uitexts"
	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/store"
)

// The CPU plays a seat with exactly that seat's view (package player never sees
// the truth): a game against the bot itself, or the seat of a player who is
// away on their turn (RULES.md §3), until they send anything.

// cpuTurn lets a CPU act when the game waits for one of its seats (its move,
// or its mask). It runs in its own goroutine after every action.
func (b *Bot) cpuTurn(id store.GameID) {
	if !b.begin() {
		return
	}
	defer b.end()
	lg, err := b.games.Get(id)
	if err != nil {
		return
	}
	lg.CPUMu.Lock() // one CPU decision at a time per game
	defer lg.CPUMu.Unlock()
	for attempt := 0; attempt < 50; attempt++ {
		lg.Mu.Lock()
		if lg.G.Over() {
			lg.Mu.Unlock()
			return
		}
		var c shogi.Color
		var cs *games.Seat
		switch {
		case lg.G.NeedsMasks():
			for col := range lg.CPU {
				if lg.CPU[col] != nil && !lg.G.MaskChosen(shogi.Color(col)) {
					c, cs = shogi.Color(col), lg.CPU[col]
					break
				}
			}
		default:
			c = lg.G.Turn()
			cs = lg.CPU[c]
		}
		seq := lg.Meta.LastSeq
		moveTime := b.cpu.MoveTime(lg.Meta, c)
		lg.Mu.Unlock()
		if cs == nil {
			return
		}
		ctx, cancel := context.WithTimeout(b.ctx, 3*moveTime+time.Second)
		think := time.Now()
		pa := cs.P.Act(ctx)
		b.metrics.CPUThink(time.Since(think))
		cancel()
		if b.ctx.Err() != nil {
			return
		}
		lg.Mu.Lock()
		still := lg.CPU[c] == cs
		lg.Mu.Unlock()
		if !still {
			return // the player came back while the CPU thought
		}
		a := referee.Action{Kind: referee.ActionKind(pa.Kind), Player: c, Text: pa.Text}
		if a.Kind == referee.ActMask {
			a.Salt = games.NewSalt()
		}
		key := fmt.Sprintf("cpu:%d:%d:%d", id, seq, attempt)
		reply, ok := b.act(id, store.CPU, a, key)
		if !ok && reply != "" {
			lg.Mu.Lock()
			if lg.CPU[c] == cs {
				cs.P.Refused(reply)
			}
			lg.Mu.Unlock()
			continue
		}
		if !ok {
			return
		}
		// The action took effect; act started the next turn's goroutine.
		return
	}
	b.log.Warn("the CPU found no accepted action", "game", id)
}

// awayTakeover gives the seat of a player who has been away on their turn for
// the game's away time to the CPU, and tells the channel.
func (b *Bot) awayTakeover(id store.GameID, c shogi.Color) {
	meta, entries, err := b.st.LoadGame(id)
	if err != nil {
		return
	}
	if meta.Away[c].CPU || compose.IsCPU(meta.Players[c]) {
		b.track(meta) // the CPU has the seat already
		return
	}
	cs, err := b.cpu.NewSeat(meta, entries, c)
	if err != nil {
		b.log.Error("away cpu", "game", id, "err", err)
		return
	}
	l := b.readers.ChannelLang(meta)
	// The player is told too, so that the CPU's moves in their DMs ("You
	// played …") are not taken for theirs.
	you := compose.ToDM(meta.Players[c], compose.Payload{Content: uitexts.AwayYou(b.readers.Lang(meta.Players[c]), uint64(id))})
	b.setAway(id, c, store.Away{Since: b.now(), CPU: true}, cs, uitexts.AwayCPU(l, compose.Mention(meta.Players[c]), uint64(id)), meta, you)
	go b.cpuTurn(id)
}

// setAway records a seat's away state with the channel's note (and the
// messages more) in one transaction, then puts cs (nil: the player) in the
// seat.
func (b *Bot) setAway(id store.GameID, c shogi.Color, away store.Away, cs *games.Seat, text string, meta store.Game, more ...store.OutMsg) {
	note := compose.ToChannel(b.announceChannel(meta), compose.Payload{Content: text})
	updated, err := b.st.UpdateGame(id, append([]store.OutMsg{note}, more...), func(g *store.Game) error {
		g.Away[c] = away
		return nil
	})
	if err != nil {
		b.log.Error("away", "game", id, "err", err)
		return
	}
	b.track(updated)
	if lg, err := b.games.Get(id); err == nil {
		lg.Mu.Lock()
		lg.Meta.Away = updated.Away
		lg.CPU[c] = cs
		lg.Mu.Unlock()
	}
	b.ob.Kick()
}

// returnSeat gives an away player their seat back: anything they send counts.
func (b *Bot) returnSeat(id store.GameID, user string) {
	if !b.owns(id) {
		return // its owner does, at the player's next action there
	}
	lg, err := b.games.Get(id)
	if err != nil {
		return
	}
	lg.Mu.Lock()
	c, ok := games.SeatOf(lg.Meta, user)
	away := ok && lg.Meta.Away[c].CPU
	meta := lg.Meta
	lg.Mu.Unlock()
	if away {
		b.setAway(id, c, store.Away{}, nil, uitexts.AwayBack(b.readers.ChannelLang(meta), compose.Mention(user), uint64(id)), meta)
	}
}

// comeBack returns a user to every seat the CPU holds for them: anything they
// send, a DM or a command, counts.
func (b *Bot) comeBack(user string) {
	gs, err := b.st.ActiveGamesOf(user)
	if err != nil {
		return
	}
	b.comeBackTo(user, gs)
}

// comeBackTo is comeBack with the user's live games read already.
func (b *Bot) comeBackTo(user string, gs []store.Game) {
	for _, g := range gs {
		c, ok := games.SeatOf(g, user)
		switch {
		case !ok || !g.Away[c].CPU:
		case b.cl != nil && !b.owns(g.ID):
			b.cl.RouteBack(g, c, user)
		default:
			b.returnSeat(g.ID, user)
		}
	}
}
