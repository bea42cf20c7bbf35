package bot

import (
	"math"
	"strings"

	"shinpan/bot/compose"
	"shinpan/bot/games"
	"shinpan/bot/interact"
	"shinpan/bot/texts"
	"shinpan/rating"
	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/store"
)

// Ratings (Glicko-2 per server and variant) and who they count: the rating,
// leaderboard and history commands, and the fair-play rule for CPU moves.

// ratedSeats says whose rating a finished game changes: none unless it is a
// ranked game between two people that was not aborted; then
// rating.RatedSeats decides from the seats the CPU moved for.
func ratedSeats(meta store.Game) [2]bool {
	if !meta.Ranked || meta.Status != store.StatusFinished || meta.Result == nil || compose.IsCPU(meta.Players[0]) || compose.IsCPU(meta.Players[1]) {
		return [2]bool{}
	}
	o := rating.Draw
	if w := meta.Result.Winner; w != nil {
		o = rating.BlackWon
		if *w == shogi.White {
			o = rating.WhiteWon
		}
	}
	return rating.RatedSeats(meta.CPUMoved, o)
}

// notRatedLine is the result post's line saying the game was not rated because
// the CPU moved for someone ("" when it does not apply).
func notRatedLine(l texts.Lang, meta store.Game, g *referee.Game) string {
	games.UpdateMeta(&meta, g)
	if why := notRatedWhy(l, meta); why != "" {
		return "\n" + why
	}
	return ""
}

// notRatedWhy says why a finished ranked game between people was not rated
// ("" when it was, or was never to be).
func notRatedWhy(l texts.Lang, meta store.Game) string {
	cpu, unrated := unratedBecauseCPU(meta)
	if !unrated {
		return ""
	}
	var who []string
	for c, moved := range cpu {
		if moved {
			who = append(who, compose.Mention(meta.Players[c]))
		}
	}
	return texts.NotRatedCPU(l, who)
}

// unratedBecauseCPU reports whether a ranked game between people ended
// unrated because the CPU moved for someone, and for which seats.
func unratedBecauseCPU(meta store.Game) (cpu [2]bool, unrated bool) {
	if !meta.Ranked || compose.IsCPU(meta.Players[0]) || compose.IsCPU(meta.Players[1]) || meta.CPUMoved == [2]bool{} {
		return cpu, false
	}
	s := ratedSeats(meta)
	return meta.CPUMoved, !s[0] && !s[1]
}

// rate updates the players' Glicko-2 ratings after a ranked game between two
// people (each game its own rating period; a draw is half a win), each player
// only when ratedSeats allows it. Games against the CPU and aborted games are
// never rated.
func (b *Bot) rate(id store.GameID) {
	meta, err := b.st.GetGame(id)
	if err != nil || meta.Rated {
		return
	}
	seats := ratedSeats(meta)
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

func (b *Bot) cmdRating(r *interact.Req) (interact.Answer, error) {
	l := r.Lang
	who := r.Opts.User("user")
	if who == "" {
		who = r.User
	}
	vs := []view.Variant{view.Tsuitate, view.Masked, view.Dark, view.Standard}
	if v, err := referee.ParseVariant(r.Opts.Str("variant")); err == nil {
		vs = []view.Variant{v}
	}
	var lines []string
	for _, v := range vs {
		rt, err := b.st.GetRating(r.I.GuildID, v, who)
		if err != nil {
			if len(vs) == 1 {
				lines = append(lines, texts.Unrated(l, compose.Mention(who), v))
			}
			continue
		}
		lines = append(lines, texts.RatingLine(l, compose.Mention(who), v, int(math.Round(rt.Rating)), int(math.Round(rt.RD)), rt.Games, rt.Wins, rt.Losses, rt.Draws))
	}
	if len(lines) == 0 {
		lines = append(lines, texts.Unrated(l, compose.Mention(who), view.Tsuitate))
	}
	return interact.Say(strings.Join(lines, "\n")), nil
}

func (b *Bot) cmdLeaderboard(r *interact.Req) (interact.Answer, error) {
	v, err := referee.ParseVariant(r.Opts.Str("variant"))
	if err != nil {
		v = view.Tsuitate
	}
	top, me, err := b.st.Leaderboard(r.I.GuildID, v, 10, r.User)
	if err != nil {
		return interact.Answer{}, err
	}
	var lines []texts.Standing
	for _, s := range top {
		lines = append(lines, texts.Standing{Rank: s.Rank, Name: compose.Mention(s.UserID), Rating: int(math.Round(s.Rating.Rating)), RD: int(math.Round(s.RD)), Games: s.Games})
	}
	you := 0
	if me != nil {
		you = me.Rank
	}
	return interact.Say(texts.Leaderboard(r.Lang, v, lines, you)), nil
}

// cmdHistory lists a player's last games: this server's, and for one's own
// history every server's.
func (b *Bot) cmdHistory(r *interact.Req) (interact.Answer, error) {
	l := r.Lang
	who := r.Opts.User("user")
	if who == "" {
		who = r.User
	}
	all, err := b.st.RecentGames(who, 50)
	if err != nil {
		return interact.Answer{}, err
	}
	rd := b.askerReader(r)
	var lines []string
	for _, g := range all {
		if g.GuildID != r.I.GuildID && who != r.User || len(lines) == 10 {
			continue
		}
		res := "—"
		if g.Result != nil {
			res = texts.ResultLine(compose.TextCtx(rd, g, nil), g.Result)
		}
		if why := notRatedWhy(l, g); why != "" {
			res += " · " + why
		}
		lines = append(lines, texts.HistoryLine(l, uint64(g.ID), g.Variant, compose.Mention(g.Players[0]), compose.Mention(g.Players[1]), res))
	}
	if len(lines) == 0 {
		return interact.Say(texts.UI(l, texts.HistoryEmpty)), nil
	}
	return interact.Say(strings.Join(lines, "\n")), nil
}
