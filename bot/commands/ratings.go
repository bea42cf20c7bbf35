package commands

import (
	"math"
	"strings"

	"shinpan/bot/compose"
	"shinpan/bot/interact"
	"shinpan/bot/texts/uitexts"
	"shinpan/referee"
	"shinpan/referee/view"
)

// Ratings (Glicko-2 per server and variant) and who they count: the rating,
// leaderboard and history commands, and the fair-play rule for CPU moves.

func (cm *Commands) Rating(r *interact.Req) (interact.Answer, error) {
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
		rt, err := cm.st.GetRating(r.I.GuildID, v, who)
		if err != nil {
			if len(vs) == 1 {
				lines = append(lines, uitexts.Unrated(l, compose.Mention(who), v))
			}
			continue
		}
		lines = append(lines, uitexts.RatingLine(l, compose.Mention(who), v, int(math.Round(rt.Rating)), int(math.Round(rt.RD)), rt.Games, rt.Wins, rt.Losses, rt.Draws))
	}
	if len(lines) == 0 {
		lines = append(lines, uitexts.Unrated(l, compose.Mention(who), view.Tsuitate))
	}
	return interact.Say(strings.Join(lines, "\n")), nil
}

func (cm *Commands) Leaderboard(r *interact.Req) (interact.Answer, error) {
	v, err := referee.ParseVariant(r.Opts.Str("variant"))
	if err != nil {
		v = view.Tsuitate
	}
	top, me, err := cm.st.Leaderboard(r.I.GuildID, v, 10, r.User)
	if err != nil {
		return interact.Answer{}, err
	}
	var lines []uitexts.Standing
	for _, s := range top {
		lines = append(lines, uitexts.Standing{Rank: s.Rank, Name: compose.Mention(s.UserID), Rating: int(math.Round(s.Rating.Rating)), RD: int(math.Round(s.RD)), Games: s.Games})
	}
	you := 0
	if me != nil {
		you = me.Rank
	}
	return interact.Say(uitexts.Leaderboard(r.Lang, v, lines, you)), nil
}

// History lists a player's last games: this server's, and for one's own
// history every server's.
func (cm *Commands) History(r *interact.Req) (interact.Answer, error) {
	l := r.Lang
	who := r.Opts.User("user")
	if who == "" {
		who = r.User
	}
	all, err := cm.st.RecentGames(who, 50)
	if err != nil {
		return interact.Answer{}, err
	}
	rd := r.Asker(cm.readers)
	var lines []string
	for _, g := range all {
		if g.GuildID != r.I.GuildID && who != r.User || len(lines) == 10 {
			continue
		}
		res := "—"
		if g.Result != nil {
			res = uitexts.ResultLine(compose.TextCtx(rd, g, nil), g.Result)
		}
		if why := compose.NotRatedWhy(l, g); why != "" {
			res += " · " + why
		}
		lines = append(lines, uitexts.HistoryLine(l, uint64(g.ID), g.Variant, compose.Mention(g.Players[0]), compose.Mention(g.Players[1]), res))
	}
	if len(lines) == 0 {
		return interact.Say(uitexts.UI(l, uitexts.HistoryEmpty)), nil
	}
	return interact.Say(strings.Join(lines, "\n")), nil
}
