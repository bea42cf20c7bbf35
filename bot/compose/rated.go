package compose

import (
	"shinpan/bot/games"
	"shinpan/bot/texts"
	"shinpan/bot/texts/uitexts"
	"shinpan/rating"
	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/store"
)

// RatedSeats says whose rating a finished game changes: none unless it is a
// ranked game between two people that was not aborted; then
// rating.RatedSeats decides from the seats the CPU moved for.
func RatedSeats(meta store.Game) [2]bool {
	if !meta.Ranked || meta.Status != store.StatusFinished || meta.Result == nil || IsCPU(meta.Players[0]) || IsCPU(meta.Players[1]) {
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

// NotRatedLine is the result post's line saying the game was not rated because
// the CPU moved for someone ("" when it does not apply).
func NotRatedLine(l texts.Lang, meta store.Game, g *referee.Game) string {
	games.UpdateMeta(&meta, g)
	if why := NotRatedWhy(l, meta); why != "" {
		return "\n" + why
	}
	return ""
}

// NotRatedWhy says why a finished ranked game between people was not rated
// ("" when it was, or was never to be).
func NotRatedWhy(l texts.Lang, meta store.Game) string {
	cpu, unrated := UnratedBecauseCPU(meta)
	if !unrated {
		return ""
	}
	var who []string
	for c, moved := range cpu {
		if moved {
			who = append(who, Mention(meta.Players[c]))
		}
	}
	return uitexts.NotRatedCPU(l, who)
}

// UnratedBecauseCPU reports whether a ranked game between people ended
// unrated because the CPU moved for someone, and for which seats.
func UnratedBecauseCPU(meta store.Game) (cpu [2]bool, unrated bool) {
	if !meta.Ranked || IsCPU(meta.Players[0]) || IsCPU(meta.Players[1]) || meta.CPUMoved == [2]bool{} {
		return cpu, false
	}
	s := RatedSeats(meta)
	return meta.CPUMoved, !s[0] && !s[1]
}
