package bot

import (
	"shinpan/bot/compose"
	"shinpan/rating"
	"shinpan/referee/shogi"
	"shinpan/store"
)

// rate updates the players' Glicko-2 ratings after a ranked game between two
// people (each game its own rating period; a draw is half a win), each player
// only when ratedSeats allows it. Games against the CPU and aborted games are
// never rated.
func (b *Bot) rate(id store.GameID) {
	meta, err := b.st.GetGame(id)
	if err != nil || meta.Rated {
		return
	}
	seats := compose.RatedSeats(meta)
	if !seats[0] && !seats[1] {
		return
	}
	var rs [2]store.Rating
	var rt [2]rating.Rating
	for c := range rs {
		r, err := b.st.GetRating(meta.GuildID, meta.Variant, meta.Players[c])
		if err != nil {
			n := rating.New()
			r = store.Rating{GuildID: meta.GuildID, Variant: meta.Variant, UserID: meta.Players[c], Rating: n.Rating, RD: n.Deviation, Volatility: n.Volatility}
		}
		rs[c], rt[c] = r, rating.Rating{Rating: r.Rating, Deviation: r.RD, Volatility: r.Volatility}
	}
	score := 0.5
	if w := meta.Result.Winner; w != nil {
		score = 1
		if *w == shogi.White {
			score = 0
		}
	}
	nb, nw := rating.Game(rt[0], rt[1], score)
	for c, n := range []rating.Rating{nb, nw} {
		r := &rs[c]
		r.Rating, r.RD, r.Volatility = n.Rating, n.Deviation, n.Volatility
		r.Games++
		s := score
		if c == 1 {
			s = 1 - score
		}
		switch s {
		case 1:
			r.Wins++
		case 0:
			r.Losses++
		default:
			r.Draws++
		}
	}
	var apply []store.Rating
	for c := range rs {
		if seats[c] {
			apply = append(apply, rs[c])
		}
	}
	if err := b.st.ApplyRatings(id, apply...); err != nil {
		b.log.Warn("ratings", "game", id, "err", err)
	}
}
