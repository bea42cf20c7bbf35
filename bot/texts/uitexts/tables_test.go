package uitexts

import (
	"strings"
	"testing"
	"unicode/utf8"

	"shinpan/bot/texts"
	"shinpan/bot/texts/internal/texttest"
	"shinpan/referee/policy"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// TestTables: every message id of keys.go is in both tables, with the same
// placeholders, and each text fits a message.
func TestTables(t *testing.T) {
	texttest.Tables(t, "keys.go", 100, texts.MaxLen, en(), ja())
	if n := utf8.RuneCountInString(tr(texts.EN, mHelp)); n > texts.MaxLen-100 {
		t.Logf("English help: %d of %d characters", n, texts.MaxLen)
	}
}

// TestCommandsExist: every slash command a text names is /shogi with a real
// subcommand, and the help names each of them.
func TestCommandsExist(t *testing.T) {
	if n := texttest.CommandsExist(t, map[string]map[msg]string{"en": en(), "ja": ja()}); n < 40 {
		t.Errorf("found only %d commands in the tables: is the pattern right?", n)
	}
	for _, l := range texts.Langs {
		for sub := range texttest.Subcommands {
			if !strings.Contains(Help(l), "`/shogi "+sub+"`") {
				t.Errorf("%s help lacks /shogi %s", l, sub)
			}
		}
		for sub := range texttest.AdminSubcommands {
			if !strings.Contains(Help(l), "`/shogiadmin "+sub+"`") {
				t.Errorf("%s help lacks /shogiadmin %s", l, sub)
			}
		}
	}
}

// TestMentionsFit: with every command's mention, ids of 19 digits (the
// longest snowflakes), the help fits an embed's description, as the bot
// sends it, with room, and each variant's rules a message; every command
// they name in code becomes a mention but /shogi tournament, a group.
// (The help: 2 520 characters in English, 1 918 in Japanese; 2 000 and
// 1 398 without.)
func TestMentionsFit(t *testing.T) {
	const id = "9223372036854775807"
	ids := texts.CommandIDs{}
	for sub := range texttest.Subcommands {
		if sub != "tournament" {
			ids["shogi "+sub] = id
		}
	}
	for sub := range texttest.AdminSubcommands {
		ids["shogiadmin "+sub] = id
	}
	for _, l := range texts.Langs {
		pages := map[string]struct {
			text      string
			max, room int
		}{"help": {Help(l), texts.MaxEmbed, 1000}}
		for _, v := range variants {
			pages["rules "+v.String()] = struct {
				text      string
				max, room int
			}{Rules(l, v), texts.MaxLen, 0}
		}
		for name, p := range pages {
			t.Run(string(l)+" "+name, func(t *testing.T) {
				got := ids.Mention(p.text, p.max)
				n := utf8.RuneCountInString(got)
				if n > p.max-p.room {
					t.Errorf("%d characters with mentions; want at most %d", n, p.max-p.room)
				}
				left := strings.ReplaceAll(got, "`/shogi tournament`", "")
				if strings.Contains(left, "`/shogi ") || strings.Contains(left, "`/shogiadmin ") ||
					strings.Contains(p.text, "`/shogi ") && !strings.Contains(got, ":"+id+">") {
					t.Errorf("a command is not mentioned: %q", got)
				}
				t.Logf("%d characters, %d without mentions", n, utf8.RuneCountInString(p.text))
			})
		}
	}
}

// TestNamesComeOutLiterally: a name like _bob_ shows as it is, wherever a
// message carries it (bot/texts checks the game's own messages).
func TestNamesComeOutLiterally(t *testing.T) {
	names := texts.Names{Black: "_bob_", White: "*al*"}
	for _, l := range texts.Langs {
		ctx := texts.Ctx{Lang: l, Variant: view.Standard, Names: names, GameID: 7, Options: policy.Defaults(view.Standard), Last: shogi.NoSquare}
		for _, s := range []string{
			ChallengeCard(l, Challenge{ID: 3, Challenger: "_bob_", Challenged: "*al*", Variant: view.Dark}),
			GameCard(ctx, false), Welcome(ctx, shogi.Black), GameLine(ctx, false),
			DrawOffered(l, "_bob_", 7), AwayCPU(l, "_bob_", 7), ChallengeDeclined(l, "_bob_"),
			HistoryLine(l, 7, view.Dark, "_bob_", "*al*", "-"), RatingLine(l, "_bob_", view.Dark, 1500, 300, 1, 1, 0, 0),
		} {
			if !strings.Contains(s, `\_bob\_`) || strings.Contains(strings.ReplaceAll(s, `\_bob\_`, ""), "_bob_") {
				t.Errorf("%s: name not escaped: %q", l, s)
			}
		}
	}
}

// TestBadSquareQuotes: a text that is no square is quoted as readably as
// it was typed, and escaped.
func TestBadSquareQuotes(t *testing.T) {
	for l, want := range map[texts.Lang]string{texts.EN: "“七\u3000七”", texts.JA: "「七\u3000七」"} {
		if got := BadSquare(l, "七\u3000七\x07"); !strings.HasPrefix(got, want) {
			t.Errorf("%s: bad square %q", l, got)
		}
	}
	if got := BadSquare(texts.EN, "*5e*"); !strings.Contains(got, `“\*5e\*”`) {
		t.Errorf("bad square: %q", got)
	}
}

// TestTimePresetNames: every time: preset has a Japanese choice name.
func TestTimePresetNames(t *testing.T) {
	for _, p := range policy.TimePresets {
		if w, ok := CommandJA("time=" + p.Name); !ok || w.Name == "" || w.Name != texts.TimePresetName(texts.JA, p.Name) {
			t.Errorf("%s: no Japanese choice name (%q)", p.Name, w.Name)
		}
	}
}

// TestOptionsLineTime: the options line ends with the time control.
func TestOptionsLineTime(t *testing.T) {
	timed := func(tc policy.TimeControl) policy.Options {
		o := policy.Defaults(view.Standard)
		o.SetTime(tc)
		o.AwaySeconds = 0
		return o
	}
	byo := timed(policy.TimeControl{MainMinutes: 10, ByoyomiSeconds: 30})
	fis := timed(policy.TimeControl{MainMinutes: 5, IncrementSeconds: 5})
	for _, c := range []struct{ got, want string }{
		{optionsLine(texts.EN, view.Standard, byo), "no move limit · 10 min + 30 s byoyomi"},
		{optionsLine(texts.JA, view.Standard, byo), "手数制限なし・持ち時間10分・秒読み30秒"},
		{optionsLine(texts.EN, view.Standard, fis), "no move limit · 5 min + 5 s a move (Fischer)"},
		{optionsLine(texts.EN, view.Standard, timed(policy.TimeControl{DaysPerMove: 3})), "no move limit · 3 day(s) a move (correspondence)"},
		{optionsLine(texts.JA, view.Standard, timed(policy.TimeControl{DaysPerMove: 3})), "手数制限なし・一手3日（通信対局）"},
		{optionsLine(texts.EN, view.Standard, timed(policy.TimeControl{})), "no move limit · no time limit"},
	} {
		if c.got != c.want {
			t.Errorf("got %q\nwant %q", c.got, c.want)
		}
	}
}
