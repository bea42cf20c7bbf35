package bot

import (
	"shinpan/bot/compose"
	"shinpan/store"
)

// track records a game's deadline from its record (none once it is over).
func (b *Bot) track(meta store.Game) { b.clocks.Track(meta, b.owns(meta.ID)) }

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
		if _, err := b.games.Get(g.ID); err != nil {
			b.log.Error("load game", "game", g.ID, "err", err)
			continue
		}
		go b.cpuTurn(g.ID)
	}
}
