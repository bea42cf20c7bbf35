package bot

import (
	"context"

	"shinpan/bot/interact"
	"shinpan/referee"
	"shinpan/referee/policy"
	"shinpan/referee/view"
	"shinpan/store"
)

// tnHost is the bot as the tournaments see it (tournaments.Host).
type tnHost struct{ b *Bot }

func (h tnHost) GuildSettings(guild string) store.GuildSettings { return h.b.guildSettings(guild) }
func (h tnHost) ThreadsIn(gs store.GuildSettings) bool          { return h.b.cfg.threadsIn(gs) }
func (h tnHost) ChallengeOptions(r *interact.Req, gs store.GuildSettings) (view.Variant, policy.Options, string) {
	return h.b.cmds.ChallengeOptions(r, gs)
}
func (h tnHost) Act(id store.GameID, user string, a referee.Action, key string) (string, bool) {
	return h.b.act(id, user, a, key)
}
func (h tnHost) UserName(ctx context.Context, id string) string { return h.b.cmds.UserName(ctx, id) }
func (h tnHost) TurnDeadline(meta store.Game, turn *policy.Turn, seq uint64) *store.Deadline {
	return h.b.turnDeadline(meta, turn, seq)
}
func (h tnHost) Owns(id store.GameID) bool { return h.b.owns(id) }
func (h tnHost) AdoptNew(id store.GameID)  { h.b.cl.AdoptNew(id) }
func (h tnHost) Track(meta store.Game)     { h.b.track(meta) }
func (h tnHost) Started(meta store.Game)   { h.b.started(meta) }
func (h tnHost) Load(id store.GameID) error {
	_, err := h.b.games.Get(id)
	return err
}
func (h tnHost) CPUTurn(id store.GameID) { h.b.cpuTurn(id) }
func (h tnHost) Kick()                   { h.b.ob.Kick() }
