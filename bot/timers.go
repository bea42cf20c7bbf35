package bot

import (
	"fmt"
	"time"

	"shinpan/bot/compose"
	"shinpan/referee"
	"shinpan/referee/policy"
	"shinpan/store"
)

// timerLoop runs the clock-driven work once a second: expiring challenges and
// ending games whose player to move ran out of time; and once an hour it
// forgets old idempotency keys. Deadlines live in the store, so a restarted
// bot re-arms them (an overdue game ends at once).
func (b *Bot) timerLoop() {
	defer b.wg.Done()
	t := time.NewTicker(time.Second)
	defer t.Stop()
	pruneDue := false
	for tick := 0; ; tick++ {
		select {
		case <-b.ctx.Done():
			return
		case <-t.C:
		}
		if !b.begin() {
			return
		}
		b.cmds.ExpireChallenges()
		turns, aways := b.clocks.Due(b.now())
		b.expireTurns(turns)
		b.expireAway(aways)
		if tick%3600 == 0 {
			pruneDue = true
		}
		// Not while a catch-up may read DMs whose keys would go: a DM
		// remembered in the background (markHandled) is read again after a
		// crash and must still find its key.
		if pruneDue && b.dms.CaughtUp() {
			b.dms.FlushMarks()
			b.pruneKeys()
			pruneDue = false
		}
		b.end()
	}
}

// keyLife is how long an action's idempotency key is kept: Discord redelivers
// an interaction or a message within minutes, and a CPU key names its seq.
const keyLife = 24 * time.Hour

// pruneKeys forgets the idempotency keys older than keyLife (the log entries
// keep theirs), so that the store does not grow with every action forever.
func (b *Bot) pruneKeys() {
	n, err := b.st.PruneKeys(b.now().Add(-keyLife))
	if err != nil {
		b.log.Error("prune keys", "err", err)
		return
	}
	if n > 0 {
		b.log.Info("pruned idempotency keys", "n", n)
	}
}

// deadline returns the clocks and the turn timer after an action, as the
// policy counts them (policy.Options.NextTurn): a new turn when the turn
// passed to the other side (or the game started), the same one after a foul,
// a bounce or a changed mask (they buy no time and cost nothing but the time
// they took), none once over or with no clock and no away time.
func (b *Bot) deadline(meta store.Game, before, after *referee.Game, seq uint64) (*policy.Clocks, *store.Deadline) {
	cur := turnOf(meta.Deadline)
	cl, turn := meta.Options.NextTurn(meta.Clocks, cur, before, after, b.now())
	switch {
	case turn == nil:
		return cl, nil
	case turn == cur:
		return cl, meta.Deadline
	}
	return cl, b.turnDeadline(meta, turn, seq)
}

// turnOf is the running turn a stored deadline keeps (nil: none).
func turnOf(dl *store.Deadline) *policy.Turn {
	if dl == nil {
		return nil
	}
	return &policy.Turn{Player: dl.Player, Start: dl.Start, End: dl.Turn}
}

// turnDeadline is the timer of a turn: its end on the clock, and the away
// time after which the CPU takes a person's seat.
func (b *Bot) turnDeadline(meta store.Game, turn *policy.Turn, seq uint64) *store.Deadline {
	c := turn.Player
	dl := &store.Deadline{Player: c, Seq: seq, Start: turn.Start, Turn: turn.End}
	if meta.Options.AwaySeconds > 0 && !compose.IsCPU(meta.Players[c]) && !meta.Away[c].CPU {
		dl.Away = turn.Start.Add(time.Duration(meta.Options.AwaySeconds) * time.Second)
	}
	if dl.Turn.IsZero() && dl.Away.IsZero() {
		return nil
	}
	return dl
}

// expireTurns ends the games whose player to move is out of time.
func (b *Bot) expireTurns(turns map[store.GameID]store.Deadline) {
	for id, dl := range turns {
		b.cl.ApplyWaiting(id, dl.Turn) // a move received in time, by another process, goes first
		key := fmt.Sprintf("timeout:%d:%d", id, dl.Seq)
		if reply, ok := b.act(id, b.botID(), referee.Action{Kind: referee.ActTimeout, Player: dl.Player}, key); !ok && reply != "" {
			b.log.Warn("timeout refused", "game", id, "reply", reply)
		}
	}
}

// expireAway hands the seat of a player away on their turn to the CPU.
func (b *Bot) expireAway(aways map[store.GameID]store.Deadline) {
	for id, dl := range aways {
		b.awayTakeover(id, dl.Player)
	}
}
