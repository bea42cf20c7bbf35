package texts

import (
	"errors"
	"fmt"

	"shinpan/referee/notation"
	"shinpan/referee/policy"
	"shinpan/referee/shogi"
)

// The texts of the time controls (keys.go: the clocks; their words are in
// en.go and ja.go).

// presetNames are the names of the time: presets (policy.TimePresets) in
// English and Japanese.
var presetNames = map[string][2]string{
	"none":    {"No clock", "持ち時間なし"},
	"30s":     {"30 s a move", "一手30秒"},
	"10m+30s": {"10 min + 30 s byoyomi", "10分＋秒読み30秒"},
	"30m+60s": {"30 min + 60 s byoyomi", "30分＋秒読み60秒"},
	"5m+5s":   {"5 min + 5 s a move (Fischer)", "5分＋一手5秒加算（フィッシャー）"},
	"15m+10s": {"15 min + 10 s a move (Fischer)", "15分＋一手10秒加算（フィッシャー）"},
	"1d":      {"1 day a move (correspondence)", "一手1日（通信対局）"},
	"3d":      {"3 days a move (correspondence)", "一手3日（通信対局）"},
}

// TimePresetName is the name of a time: preset in l (the value itself for
// one without a name).
func TimePresetName(l Lang, name string) string {
	w, ok := presetNames[name]
	switch {
	case !ok:
		return name
	case l == JA:
		return w[1]
	}
	return w[0]
}

// TimeControl words the options' time control ("" for none).
func TimeControl(l Lang, o policy.Options) string {
	switch o.TimeKind() {
	case policy.TimePerMove:
		return tr(l, mOptTurn, o.TurnSeconds)
	case policy.TimeByoyomi:
		switch {
		case o.MainMinutes == 0:
			return tr(l, mOptTurn, o.ByoyomiSeconds)
		case o.ByoyomiSeconds == 0:
			return tr(l, mTCSudden, o.MainMinutes)
		}
		return tr(l, mTCByoyomi, o.MainMinutes, o.ByoyomiSeconds)
	case policy.TimeFischer:
		return tr(l, mTCFischer, o.MainMinutes, o.IncrementSeconds)
	case policy.TimeCorrespondence:
		return tr(l, mTCDays, o.DaysPerMove)
	}
	return ""
}

// ClockLine is the line under a player's board in a game with main time:
// both sides' main time left as of the last move, and what follows it ("":
// no main time). It depends on the clocks alone, which only moves change.
func ClockLine(l Lang, o policy.Options, cl *policy.Clocks) string {
	if !o.HasMain() || cl == nil {
		return ""
	}
	side := func(c shogi.Color) string {
		if cl.MainMillis[c] == 0 && o.ByoyomiSeconds > 0 {
			return tr(l, mClkInByoyomi)
		}
		return ClockFace(cl.Left(c).Milliseconds())
	}
	var then string
	switch {
	case o.TimeKind() == policy.TimeFischer:
		then = tr(l, mClkIncrement, o.IncrementSeconds)
	case o.ByoyomiSeconds > 0:
		then = tr(l, mClkThenByoyomi, o.ByoyomiSeconds)
	default:
		then = tr(l, mClkSudden)
	}
	return "\n" + tr(l, mClkLine, side(shogi.Black), side(shogi.White), then)
}

// PanelClocks are the clocks drawn in the board's hand panels, indexed by
// colour: main time left, or the byoyomi period once it is spent. The
// board's font holds ASCII, so they read alike in every language. Empty
// without main time.
func PanelClocks(o policy.Options, cl *policy.Clocks) [2]string {
	var out [2]string
	if !o.HasMain() || cl == nil {
		return out
	}
	for c := range out {
		if cl.MainMillis[c] == 0 && o.ByoyomiSeconds > 0 {
			out[c] = fmt.Sprintf("%ds/move", o.ByoyomiSeconds)
			continue
		}
		out[c] = ClockFace(cl.MainMillis[c])
	}
	return out
}

// ClockFace writes a time left as a clock does: m:ss, or h:mm:ss from an
// hour; a started second is not counted.
func ClockFace(ms int64) string {
	s := max(ms, 0) / 1000
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// timeRefusal words a refused clock option; ok is false for another error.
func timeRefusal(l Lang, err error) (string, bool) {
	var (
		pe *policy.PresetError
		ce *policy.ConflictError
		ne *policy.NeedsError
	)
	switch {
	case errors.As(err, &pe):
		names := ""
		for i, p := range policy.TimePresets {
			if i > 0 {
				names += ", "
			}
			names += p.Name
		}
		return tr(l, mOptPreset, Escape(notation.Echo(pe.Name)), Escape(names)), true
	case errors.As(err, &ce) && ce.With == "away_seconds":
		return tr(l, mOptDaysAway), true
	case errors.As(err, &ce):
		return tr(l, mOptConflict, Escape(ce.Option), Escape(ce.With)), true
	case errors.As(err, &ne):
		return tr(l, mOptNeeds, Escape(ne.Option), Escape(ne.Needs)), true
	}
	return "", false
}
