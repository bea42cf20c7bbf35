package bot

import (
	"fmt"
	"strconv"
	"sync"

	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/store"
)

// live is a game in memory: its store record and its referee, rebuilt by
// replaying the action log. mu serialises the game's actions.
type live struct {
	mu   sync.Mutex
	meta store.Game
	g    *referee.Game
	// cpu holds the CPU playing each seat (nil: the player plays it).
	cpu [2]*cpuSeat
	// cpuMu serialises the CPU's decisions in this game.
	cpuMu sync.Mutex
}

// gameKey is the id a referee uses for a stored game (in mask commitments).
func gameKey(id store.GameID) string { return strconv.FormatUint(uint64(id), 10) }

// live returns the game, loading and replaying it on first use (outside the
// bot's lock: games load side by side; when two load the same game at once,
// the first one kept wins).
func (b *Bot) live(id store.GameID) (*live, error) {
	b.mu.Lock()
	lg, ok := b.games[id]
	b.mu.Unlock()
	if ok {
		return lg, nil
	}
	meta, entries, err := b.st.LoadGame(id)
	if err != nil {
		return nil, err
	}
	g, err := rebuild(meta, entries)
	if err != nil {
		return nil, err
	}
	lg = &live{meta: meta, g: g}
	b.cpuSeats(lg, entries)
	if !b.owns(id) {
		return lg, nil // another process's game: read now, never kept (its owner changes it)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if kept, ok := b.games[id]; ok {
		return kept, nil
	}
	b.games[id] = lg
	return lg, nil
}

// rebuild replays a stored game's log through the referee.
func rebuild(meta store.Game, entries []store.Entry) (*referee.Game, error) {
	g, err := referee.New(gameKey(meta.ID), meta.Variant, meta.StartSFEN, meta.Options.Options)
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", meta.ID, err)
	}
	for _, e := range entries {
		if _, err := g.Apply(e.Action); err != nil {
			return nil, fmt.Errorf("game %d: replay of action %d (%s %q) refused: %w", meta.ID, e.Seq, e.Action.Kind, e.Action.Text, err)
		}
	}
	return g, nil
}

// forget drops a game from memory (it is reloaded from the store on next use).
func (b *Bot) forget(id store.GameID) {
	b.mu.Lock()
	delete(b.games, id)
	b.mu.Unlock()
}

// seat returns the colour user plays in the game, if any.
func seat(meta store.Game, user string) (shogi.Color, bool) {
	switch user {
	case meta.Players[shogi.Black]:
		return shogi.Black, true
	case meta.Players[shogi.White]:
		return shogi.White, true
	}
	return 0, false
}
