package bot

import (
	"shinpan/bot/games"
	"shinpan/bot/interact"
	"shinpan/referee"
	"shinpan/store"
)

// cmdHost is the bot as the commands see it (commands.Host).
type cmdHost struct{ b *Bot }

func (h cmdHost) GuildSettings(guild string) store.GuildSettings { return h.b.guildSettings(guild) }
func (h cmdHost) WatchSettings(gs store.GuildSettings) (int, bool) {
	return h.b.reviews.WatchSettings(gs)
}
func (h cmdHost) Load(id store.GameID) (*games.Game, error) { return h.b.games.Get(id) }
func (h cmdHost) Act(id store.GameID, user string, a referee.Action, key string) (string, bool) {
	return h.b.act(id, user, a, key)
}
func (h cmdHost) StartGame(r *interact.Req, c store.Challenge, other string) (interact.Answer, error) {
	return h.b.startGame(r, c, other)
}
func (h cmdHost) RecordAnswer(r *interact.Req, id store.GameID, format string) (interact.Answer, error) {
	return h.b.reviews.RecordAnswer(r, id, format)
}
func (h cmdHost) DMsClosed(user string) bool {
	return h.b.closedDMs.Known(user)
}
func (h cmdHost) DMReply(user, dmID, text string) { h.b.dmReply(user, dmID, text) }
func (h cmdHost) OwnsPartition(p uint32) bool {
	return h.b.cl == nil || h.b.cl.OwnsPartition(p)
}
func (h cmdHost) BotID() string { return h.b.botID() }
func (h cmdHost) AppID() string { return h.b.appID }
func (h cmdHost) Kick()         { h.b.ob.Kick() }
