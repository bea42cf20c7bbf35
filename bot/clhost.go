package bot

import (
	"sync"

	"shinpan/bot/cluster"
	"shinpan/bot/compose"
	"shinpan/bot/games"
	"shinpan/bot/texts"
	"shinpan/referee"
	"shinpan/store"
)

// Cluster is the ownership and inbox several processes share
// (store/postgres.Cluster).
type Cluster = cluster.Leases

// WithCluster makes the bot one of several processes sharing the store.
func WithCluster(c Cluster) Option { return func(b *Bot) { b.leases = c } }

// owns says whether this process applies the game's actions (always, alone).
func (b *Bot) owns(id store.GameID) bool { return b.cl == nil || b.cl.Owns(id) }

// clHost is the bot as its cluster node sees it (cluster.Host).
type clHost struct{ b *Bot }

func (h clHost) Begin() bool { return h.b.begin() }
func (h clHost) End()        { h.b.end() }
func (h clHost) ApplyAs(id store.GameID, rd compose.Reader, a referee.Action, key string, refusal func(texts.Lang, error) string) (string, bool, error) {
	return h.b.applyAs(id, rd, a, key, refusal)
}
func (h clHost) Draw(id store.GameID, user string, lang texts.Lang, key string) (string, error) {
	return h.b.draw(id, user, lang, key)
}
func (h clHost) ReturnSeat(id store.GameID, user string)   { h.b.returnSeat(id, user) }
func (h clHost) Load(id store.GameID) (*games.Game, error) { return h.b.games.Get(id) }
func (h clHost) Track(meta store.Game)                     { h.b.track(meta) }
func (h clHost) CPUTurn(id store.GameID)                   { h.b.cpuTurn(id) }
func (h clHost) DropWhere(lost func(store.GameID) bool) {
	h.b.clocks.DropWhere(lost)
	h.b.games.DropWhere(lost)
}
func (h clHost) DMReply(user, dmID, text string) { h.b.dmReply(user, dmID, text) }
func (h clHost) TakesDMs() bool                  { return h.b.cfg.TakesDMs() }
func (h clHost) DMsStarted() bool {
	started, _ := h.b.dms.Started()
	return started
}
func (h clHost) CatchUpGames(gs []store.Game)   { h.b.dms.CatchUpGames(gs, false) }
func (h clHost) RunDMChecks(wg *sync.WaitGroup) { h.b.dms.RunChecks(wg) }
func (h clHost) Kick()                          { h.b.ob.Kick() }
func (h clHost) Unsent() []uint64               { return h.b.ob.InFlight() }

func (h clHost) Hooked(key, user string, hook compose.Hook) func() {
	return h.b.play.Hooked(key, user, hook)
}
