package texts

import (
	"strings"
	"testing"
)

func TestCommandIDsMention(t *testing.T) {
	const id, admin = "1234567890123456789", "9876543210987654321"
	ids := CommandIDs{"shogi challenge": id, "shogi help": id, "shogi tournament withdraw": id, "shogiadmin end": admin}
	for _, c := range []struct {
		name, in, want string
		ids            CommandIDs
		max            int
	}{
		{"subcommand", "use `/shogi challenge` there.", "use </shogi challenge:" + id + "> there.", ids, MaxLen},
		{"Japanese", "サーバーのチャンネルで `/shogi challenge` を使ってください。", "サーバーのチャンネルで </shogi challenge:" + id + "> を使ってください。", ids, MaxLen},
		{"several", "`/shogi help` · `/shogiadmin end`", "</shogi help:" + id + "> · </shogiadmin end:" + admin + ">", ids, MaxLen},
		{"group's subcommand", "use `/shogi tournament withdraw`.", "use </shogi tournament withdraw:" + id + ">.", ids, MaxLen},
		{"group alone", "`/shogi tournament` — tournaments", "`/shogi tournament` — tournaments", ids, MaxLen},
		{"command alone", "すべて `/shogi` の下に", "すべて `/shogi` の下に", ids, MaxLen},
		{"unknown id", "`/shogi board` again", "`/shogi board` again", ids, MaxLen},
		{"no ids", "use `/shogi challenge` there.", "use `/shogi challenge` there.", nil, MaxLen},
		{"with options", "`/shogi challenge variant:dark`", "`/shogi challenge variant:dark`", ids, MaxLen},
		{"not in code", "/shogi challenge there", "/shogi challenge there", ids, MaxLen},
		{"escaped user text", Escape("`/shogi challenge`"), Escape("`/shogi challenge`"), ids, MaxLen},
		{"unknown, then known", "`/shogi board` or `/shogi help`", "`/shogi board` or </shogi help:" + id + ">", ids, MaxLen},
		{"after a user's backtick", Escape("a`b") + " offers: `/shogi help`", Escape("a`b") + " offers: </shogi help:" + id + ">", ids, MaxLen},
		{"code then a command", "`a`/shogi help` x`", "`a`/shogi help` x`", ids, MaxLen},
		{"unclosed", "`/shogi help", "`/shogi help", ids, MaxLen},
		{"capitals", "`/shogi Help`", "`/shogi Help`", ids, MaxLen},
		{"two spaces", "`/shogi  help`", "`/shogi  help`", CommandIDs{"shogi  help": id}, MaxLen},
		{"four words", "`/shogi a b c`", "`/shogi a b c`", CommandIDs{"shogi a b c": id}, MaxLen},
		{"trailing space", "`/shogi help `", "`/shogi help `", CommandIDs{"shogi help ": id}, MaxLen},
		{"fits exactly", "`/shogi help`", "</shogi help:" + id + ">", ids, len("</shogi help:" + id + ">")},
		{"too long: as written", "`/shogi help`", "`/shogi help`", ids, len("</shogi help:"+id+">") - 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := c.ids.Mention(c.in, c.max); got != c.want {
				t.Errorf("Mention(%q) = %q, want %q", c.in, got, c.want)
			}
		})
	}
}

// A mention is at most 20 characters longer than the code it replaces,
// with the longest plausible id (19 digits: snowflakes stay below 2^63).
func TestCommandIDsMentionGrowth(t *testing.T) {
	const id = "9223372036854775807"
	in := "`/shogi leaderboard`"
	got := CommandIDs{"shogi leaderboard": id}.Mention(in, MaxLen)
	if n := len(got) - len(in); n != 20 || !strings.HasSuffix(got, ":"+id+">") {
		t.Errorf("%q is %d characters longer than %q", got, n, in)
	}
}

// BenchmarkMention: what every message sent pays, one that names no
// command (a card's edit: the fast path) and the help with every mention.
func BenchmarkMention(b *testing.B) {
	const id = "1234567890123456789"
	ids := CommandIDs{}
	for _, sub := range []string{"challenge", "accept", "decline", "cancel", "resign", "declare", "board", "status", "games",
		"rules", "help", "note", "reach", "draw", "abort", "rematch", "rating", "leaderboard", "history", "record",
		"review", "watch", "settings"} {
		ids["shogi "+sub] = id
	}
	help := strings.Repeat("`/shogi challenge` — challenge a player (or anyone) here · `/shogi tournament` — tournaments\n", 15)
	card := strings.Repeat("☗ moved (move 12) · ☖'s silver on 5e was captured\n", 10)
	for _, c := range []struct{ name, s string }{{"no command", card}, {"help", help}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = ids.Mention(c.s, MaxEmbed)
			}
		})
	}
}
