package texts

import (
	"testing"

	"shinpan/referee/policy"
	"shinpan/referee/view"
)

func timed(tc policy.TimeControl) policy.Options {
	o := policy.Defaults(view.Standard)
	o.SetTime(tc)
	o.AwaySeconds = 0
	return o
}

// TestClockTexts: the time control (of the options line), the clocks under a
// board and in its panels, in each language.
func TestClockTexts(t *testing.T) {
	byo := timed(policy.TimeControl{MainMinutes: 10, ByoyomiSeconds: 30})
	fis := timed(policy.TimeControl{MainMinutes: 5, IncrementSeconds: 5})
	sd := timed(policy.TimeControl{MainMinutes: 90})
	cl := &policy.Clocks{MainMillis: [2]int64{572_999, 0}}
	for _, c := range []struct{ got, want string }{
		{TimeControl(EN, byo), "10 min + 30 s byoyomi"},
		{TimeControl(JA, byo), "持ち時間10分・秒読み30秒"},
		{TimeControl(EN, fis), "5 min + 5 s a move (Fischer)"},
		{TimeControl(EN, timed(policy.TimeControl{DaysPerMove: 3})), "3 day(s) a move (correspondence)"},
		{TimeControl(JA, timed(policy.TimeControl{DaysPerMove: 3})), "一手3日（通信対局）"},
		{TimeControl(EN, timed(policy.TimeControl{})), ""},
		{ClockLine(EN, byo, cl), "\n⏳ ☗ 9:32 · ☖ byoyomi (then 30 s a move)"},
		{ClockLine(JA, byo, cl), "\n⏳ ☗ 9:32・☖ 秒読み（持ち時間の後は一手30秒）"},
		{ClockLine(EN, fis, &policy.Clocks{MainMillis: [2]int64{305_000, 1_000}}), "\n⏳ ☗ 5:05 · ☖ 0:01 (+5 s a move)"},
		{ClockLine(EN, sd, sd.StartClocks()), "\n⏳ ☗ 1:30:00 · ☖ 1:30:00 (sudden death)"},
		{ClockLine(EN, timed(policy.TimeControl{TurnSeconds: 30}), nil), ""},
		{PanelClocks(byo, cl)[0] + "|" + PanelClocks(byo, cl)[1], "9:32|30s/move"},
		{PanelClocks(timed(policy.TimeControl{DaysPerMove: 1}), nil)[0], ""},
	} {
		if c.got != c.want {
			t.Errorf("got %q\nwant %q", c.got, c.want)
		}
	}
}

// TestTimeRefusals: a refused clock option says what is wrong, in each
// language, the typed preset quoted and escaped.
func TestTimeRefusals(t *testing.T) {
	for _, c := range []struct {
		l    Lang
		err  error
		want string
	}{
		{EN, &policy.PresetError{Name: "*blitz*"}, `There is no time control “\*blitz\*”: choose one of none, 30s, 10m+30s, 30m+60s, 5m+5s, 15m+10s, 1d, 3d.`},
		{JA, &policy.ConflictError{Option: "increment_seconds", With: "byoyomi_seconds"}, `increment\_seconds と byoyomi\_seconds は同時に指定できません。持ち時間の方式を一つにしてください。`},
		{EN, &policy.NeedsError{Option: "increment_seconds", Needs: "main_minutes"}, `increment\_seconds needs main\_minutes too (Fischer: a main time plus an increment per move).`},
		{EN, &policy.ConflictError{Option: "days_per_move", With: "away_seconds"}, `days\_per\_move cannot be combined with away\_seconds: in correspondence the CPU never takes a seat.`},
	} {
		if got := OptionRefusal(c.l, c.err); got != c.want {
			t.Errorf("%s %v:\n got %s\nwant %s", c.l, c.err, got, c.want)
		}
	}
}

// TestTimePresetNames: every preset has a name in each language.
func TestTimePresetNames(t *testing.T) {
	for _, p := range policy.TimePresets {
		for _, l := range []Lang{EN, JA} {
			if n := TimePresetName(l, p.Name); n == p.Name || n == "" {
				t.Errorf("%s: no name in %s", p.Name, l)
			}
		}
	}
}
