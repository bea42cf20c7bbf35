package bot

import (
	"shinpan/bot/cluster"
	"shinpan/bot/texts"
	"shinpan/bot/texts/uitexts"
	"shinpan/referee"
	"shinpan/store"
)

// moveHost is the bot as the moves see it (moves.Host).
type moveHost struct{ b *Bot }

func (h moveHost) Act(id store.GameID, user string, a referee.Action, key string) (string, bool) {
	return h.b.act(id, user, a, key)
}
func (h moveHost) ActQueued(id store.GameID, user string, a referee.Action, key string) (string, bool, bool) {
	return h.b.actAs(id, h.b.readers.Reader(user), a, key, texts.Refusal)
}
func (h moveHost) Clustered() bool { return h.b.cl != nil }
func (h moveHost) Kick()           { h.b.ob.Kick() }

// Draw offers or accepts a draw here, or has the game's owner decide.
func (h moveHost) Draw(id store.GameID, user string, lang texts.Lang, key string) (string, error) {
	if h.b.cl == nil {
		return h.b.draw(id, user, lang, key)
	}
	reply, _, _ := h.b.cl.Route(id, key, cluster.Routed{Kind: "draw", User: user}, lang)
	if reply == "" { // the same command delivered twice: it waits in the inbox, or was taken
		reply = uitexts.AlreadyReceived(lang, referee.ActDraw)
	}
	return reply, nil
}
