package bot

import (
	"shinpan/bot/compose"
	"shinpan/bot/games"
	"shinpan/bot/texts"
	"shinpan/bot/texts/uitexts"
	"shinpan/referee"
	"shinpan/referee/policy"
	"shinpan/referee/view"
	"shinpan/store"
)

// draw offers a draw in user's game, or accepts the standing offer, and
// returns the reply.
func (b *Bot) draw(id store.GameID, user string, lang texts.Lang, key string) (string, error) {
	lg, err := b.games.Get(id)
	if err != nil {
		return compose.GameLoadText(lang, err), nil
	}
	lg.Mu.Lock()
	c, seated := games.SeatOf(lg.Meta, user)
	opp := lg.Meta.Players[c.Opp()]
	switch {
	case seated && lg.G.Over() && lg.G.Result().Reason == view.ReasonDrawAgreed:
		lg.Mu.Unlock()
		return uitexts.DrawAgreed(lang, uint64(id)), nil // accepted already (or delivered twice)
	case !seated || lg.G.Over():
		lg.Mu.Unlock()
		return uitexts.UI(lang, uitexts.NoGame), nil
	case compose.IsCPU(opp) || lg.Meta.Away[c.Opp()].CPU:
		lg.Mu.Unlock()
		return uitexts.UI(lang, uitexts.CPUPlaysOn), nil
	case lg.Meta.DrawOffer.AcceptableBy(lg.G, c):
		lg.Mu.Unlock()
		reply, done, err := b.apply(id, user, referee.Action{Kind: referee.ActDraw, Player: c}, key, texts.Refusal)
		switch {
		case err != nil:
			return "", err
		case done || reply == "":
			return uitexts.DrawAgreed(lang, uint64(id)), nil
		}
		return reply, nil
	case lg.Meta.DrawOffer.Standing(lg.G) != nil && lg.Meta.DrawOffer.Standing(lg.G).By == c:
		lg.Mu.Unlock()
		return uitexts.UI(lang, uitexts.DrawOfferStanding), nil // offered again (or delivered twice): the opponent was told once
	}
	defer lg.Mu.Unlock()
	offer := policy.Offer(lg.G, c)
	dm := compose.ToDM(opp, compose.Payload{Content: uitexts.DrawOffered(b.readers.Lang(opp), compose.Mention(user), uint64(id))})
	updated, err := b.st.UpdateGame(id, []store.OutMsg{dm}, func(g *store.Game) error { g.DrawOffer = offer; return nil })
	if err != nil {
		return "", err
	}
	lg.Meta.DrawOffer = updated.DrawOffer
	go b.ob.Kick()
	return uitexts.DrawOfferSent(lang, uint64(id)), nil
}
