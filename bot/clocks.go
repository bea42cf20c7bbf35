package bot

import (
	"sync"
	"time"

	"shinpan/bot/compose"
	"shinpan/store"
)

// clocks indexes the deadlines of the active games (turn limit, away time),
// kept from each game's stored record, so the timer loop checks them without
// loading any game. Its lock is a leaf: taken alone, under any other.
type clocks struct {
	mu sync.Mutex
	by map[store.GameID]clock
}

type clock struct {
	dl      store.Deadline
	cpuSeat bool // the CPU already holds the waiting player's seat
}

// track records a game's deadline from its record (none once it is over).
func (b *Bot) track(meta store.Game) {
	b.clocks.mu.Lock()
	defer b.clocks.mu.Unlock()
	if !meta.Status.Live() || meta.Deadline == nil || !b.owns(meta.ID) {
		delete(b.clocks.by, meta.ID)
		return
	}
	b.clocks.by[meta.ID] = clock{dl: *meta.Deadline, cpuSeat: meta.Away[meta.Deadline.Player].CPU || compose.IsCPU(meta.Players[meta.Deadline.Player])}
}

// due lists the games whose turn time is up, and those whose waiting player
// has been away long enough for the CPU to take the seat.
func (b *Bot) due(now time.Time) (turns, aways map[store.GameID]store.Deadline) {
	b.clocks.mu.Lock()
	defer b.clocks.mu.Unlock()
	turns, aways = map[store.GameID]store.Deadline{}, map[store.GameID]store.Deadline{}
	for id, c := range b.clocks.by {
		if !c.dl.Turn.IsZero() && !now.Before(c.dl.Turn) {
			turns[id] = c.dl
		} else if !c.dl.Away.IsZero() && !now.Before(c.dl.Away) && !c.cpuSeat {
			aways[id] = c.dl
		}
	}
	return turns, aways
}

// resumeCPUs loads, after a start, the games a CPU plays in (against the bot,
// or for an away player) and lets the CPU take its turn if the game waits for
// it.
func (b *Bot) resumeCPUs(active []store.Game) {
	defer b.wg.Done()
	for _, g := range active {
		if b.ctx.Err() != nil {
			return
		}
		if !compose.IsCPU(g.Players[0]) && !compose.IsCPU(g.Players[1]) && !g.Away[0].CPU && !g.Away[1].CPU || !b.owns(g.ID) {
			continue
		}
		if _, err := b.live(g.ID); err != nil {
			b.log.Error("load game", "game", g.ID, "err", err)
			continue
		}
		go b.cpuTurn(g.ID)
	}
}
