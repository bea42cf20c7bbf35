package tntexts

import (
	"testing"

	"shinpan/bot/texts"
	"shinpan/bot/texts/internal/texttest"
)

// TestTables: every message id of keys.go is in both tables, with the same
// placeholders, and each text fits a message.
func TestTables(t *testing.T) { texttest.Tables(t, "keys.go", 60, texts.MaxLen, en(), ja()) }

// TestCommandsExist: every slash command a text names is /shogi or
// /shogiadmin with a real subcommand.
func TestCommandsExist(t *testing.T) {
	if n := texttest.CommandsExist(t, map[string]map[msg]string{"en": en(), "ja": ja()}); n < 1 {
		t.Errorf("found only %d commands in the tables: is the pattern right?", n)
	}
}

// TestStandingPoints: one point is "1 pt", others "pts" (Japanese: 点).
func TestStandingPoints(t *testing.T) {
	for _, c := range []struct {
		l    texts.Lang
		pts  float64
		want string
	}{
		{texts.EN, 1, "1. @a · 1 pt (+1 =0 −0)"},
		{texts.EN, 0, "1. @a · 0 pts (+1 =0 −0)"},
		{texts.EN, 1.5, "1. @a · 1.5 pts (+1 =0 −0)"},
		{texts.JA, 1, "1. @a · 1点（1勝0分0敗）"},
	} {
		t.Run(string(c.l)+"/"+Points(c.pts), func(t *testing.T) {
			got := StandingLines(c.l, []TnStanding{{Rank: 1, Player: "@a", Points: c.pts, W: 1}}, 10)
			if len(got) != 1 || got[0] != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}
