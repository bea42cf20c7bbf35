package games

import (
	"sync"
	"time"

	"shinpan/store"
)

// Clocks indexes the deadlines of the active games (turn limit, away time),
// kept from each game's stored record, so the timer loop checks them without
// loading any game. Its lock is a leaf: taken alone, under any other.
type Clocks struct {
	mu sync.Mutex
	by map[store.GameID]clock
}

type clock struct {
	dl      store.Deadline
	cpuSeat bool // the CPU already holds the waiting player's seat
}

// NewClocks returns an empty index.
func NewClocks() *Clocks { return &Clocks{by: map[store.GameID]clock{}} }

// Track records a game's deadline from its record (none once it is over, or
// when the game is not this process's: owned false).
func (cs *Clocks) Track(meta store.Game, owned bool) {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	if !meta.Status.Live() || meta.Deadline == nil || !owned {
		delete(cs.by, meta.ID)
		return
	}
	p := meta.Deadline.Player
	cs.by[meta.ID] = clock{dl: *meta.Deadline, cpuSeat: meta.Away[p].CPU || meta.Players[p] == store.CPU}
}

// Due lists the games whose turn time is up, and those whose waiting player
// has been away long enough for the CPU to take the seat.
func (cs *Clocks) Due(now time.Time) (turns, aways map[store.GameID]store.Deadline) {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	turns, aways = map[store.GameID]store.Deadline{}, map[store.GameID]store.Deadline{}
	for id, c := range cs.by {
		if !c.dl.Turn.IsZero() && !now.Before(c.dl.Turn) {
			turns[id] = c.dl
		} else if !c.dl.Away.IsZero() && !now.Before(c.dl.Away) && !c.cpuSeat {
			aways[id] = c.dl
		}
	}
	return turns, aways
}

// DropWhere forgets the deadlines of the games for which gone is true.
func (cs *Clocks) DropWhere(gone func(store.GameID) bool) {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	for id := range cs.by {
		if gone(id) {
			delete(cs.by, id)
		}
	}
}
