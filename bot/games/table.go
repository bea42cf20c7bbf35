package games

import (
	"sync"

	"shinpan/store"
)

// Table is the process's live games. Its lock is taken alone or under a
// game's CPUMu, never under a game's Mu.
type Table struct {
	st    store.Games
	owns  func(store.GameID) bool
	seats func(lg *Game, entries []store.Entry)

	mu    sync.Mutex
	games map[store.GameID]*Game
}

// NewTable returns a table over the store's games. owns says whether a game
// is this process's (only those are kept); seats gives a loaded game its CPU
// seats.
func NewTable(st store.Games, owns func(store.GameID) bool, seats func(*Game, []store.Entry)) *Table {
	return &Table{st: st, owns: owns, seats: seats, games: map[store.GameID]*Game{}}
}

// Get returns the game, loading and replaying it on first use (outside the
// table's lock: games load side by side; when two load the same game at once,
// the first one kept wins).
func (t *Table) Get(id store.GameID) (*Game, error) {
	t.mu.Lock()
	lg, ok := t.games[id]
	t.mu.Unlock()
	if ok {
		return lg, nil
	}
	meta, entries, err := t.st.LoadGame(id)
	if err != nil {
		return nil, err
	}
	g, err := Rebuild(meta, entries)
	if err != nil {
		return nil, err
	}
	lg = &Game{Meta: meta, G: g}
	if t.seats != nil {
		t.seats(lg, entries)
	}
	if !t.owns(id) {
		return lg, nil // another process's game: read now, never kept (its owner changes it)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if kept, ok := t.games[id]; ok {
		return kept, nil
	}
	t.games[id] = lg
	return lg, nil
}

// Forget drops a game from memory (it is reloaded from the store on next use).
func (t *Table) Forget(id store.GameID) {
	t.mu.Lock()
	delete(t.games, id)
	t.mu.Unlock()
}

// Update changes a kept game's record under its lock (nothing when the game
// is not in memory).
func (t *Table) Update(id store.GameID, fn func(*store.Game)) {
	t.mu.Lock()
	lg, ok := t.games[id]
	t.mu.Unlock()
	if ok {
		lg.Mu.Lock()
		fn(&lg.Meta)
		lg.Mu.Unlock()
	}
}

// DropWhere forgets the games for which gone is true.
func (t *Table) DropWhere(gone func(store.GameID) bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for id := range t.games {
		if gone(id) {
			delete(t.games, id)
		}
	}
}
