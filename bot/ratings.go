package bot

import (
	"shinpan/bot/texts"
	"shinpan/rating"
	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/store"
)

// ratedSeats says whose rating a finished game changes: none unless it is a
// ranked game between two people that was not aborted; then
// rating.RatedSeats decides from the seats the CPU moved for.
func ratedSeats(meta store.Game) [2]bool {
	if !meta.Ranked || meta.Status != store.StatusFinished || meta.Result == nil || isCPU(meta.Players[0]) || isCPU(meta.Players[1]) {
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
	updateMeta(&meta, g)
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
			who = append(who, mention(meta.Players[c]))
		}
	}
	return texts.NotRatedCPU(l, who)
}

// unratedBecauseCPU reports whether a ranked game between people ended
// unrated because the CPU moved for someone, and for which seats.
func unratedBecauseCPU(meta store.Game) (cpu [2]bool, unrated bool) {
	if !meta.Ranked || isCPU(meta.Players[0]) || isCPU(meta.Players[1]) || meta.CPUMoved == [2]bool{} {
		return cpu, false
	}
	s := ratedSeats(meta)
	return meta.CPUMoved, !s[0] && !s[1]
}

// minRankedAway is the least away time of a ranked challenge (RULES.md §3): a
// shorter one would let the CPU play for a player who merely waits.
const minRankedAway = 60

// maxAway is the longest away time a challenge may set (a week).
const maxAway = 7 * 24 * 3600

// checkAway range-checks away_seconds: 0 (the CPU never takes the seat) or 1
// second to a week.
func checkAway(s int) error {
	if s < 0 || s > maxAway {
		return &referee.OptionError{Option: "away_seconds", Min: 1, Max: maxAway, ZeroNone: true, Got: s}
	}
	return nil
}
