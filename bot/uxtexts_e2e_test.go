package bot

import (
	"strings"
	"testing"

	"shinpan/bot/discordtest"
)

// A slash command that needs a game, used without game: by a player in
// several, points to the game option and lists the games; a DM in several
// games still points to the #number a move starts with.
func TestSlashInSeveralGamesPointsToOption(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.startGame("standard")
	e.startGame("tsuitate")
	for _, cmd := range []string{"resign", "board", "draw"} {
		t.Run(cmd, func(t *testing.T) {
			out := e.slash(e.bob, cmd)
			if !strings.Contains(out, "`game` option") || !strings.Contains(out, "#1") || !strings.Contains(out, "#2") || strings.Contains(out, "7g7f") {
				t.Errorf("/shogi %s: %q", cmd, out)
			}
		})
	}
	if out := e.dm(e.bob, "3c3d").Content; !strings.Contains(out, "#1 7g7f") {
		t.Errorf("a DM in two games: %q", out)
	}
}

// /shogi accept, decline or cancel with nothing to act on says so, instead
// of "That challenge is no longer open" about a challenge never named.
func TestNoChallengeToActOn(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.slash(e.alice, "challenge", discordtest.StringOption("variant", "standard")) // open: hers, not one she can accept
	for _, c := range []struct{ user, cmd, want string }{
		{e.alice, "accept", "There is no challenge here for you to accept."},
		{e.alice, "decline", "There is no challenge here for you to decline."},
		{e.bob, "cancel", "You have no challenge here to cancel."},
	} {
		t.Run(c.cmd, func(t *testing.T) {
			if got := e.slash(c.user, c.cmd); !strings.Contains(got, c.want) {
				t.Errorf("/shogi %s: %q, want %q", c.cmd, got, c.want)
			}
		})
	}
	if got := e.slash(e.bob, "accept"); !strings.Contains(got, "Game #1 starts") {
		t.Errorf("bob accepts the open challenge: %q", got)
	}
}

// "Resign" typed in a DM never resigns (a slip could not be undone): the
// answer says how to, and the game goes on.
func TestTypedResignSaysHow(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("standard")
	e.slash(e.bob, "settings", discordtest.StringOption("language", "ja"))
	for _, c := range []struct{ user, text, want string }{
		{e.alice, "resign", "press **Resign** under your board"},
		{e.alice, "#1 I resign.", "press **Resign** under your board"},
		{e.bob, "投了", "**投了** ボタン"},
		{e.bob, "負けました", "**投了** ボタン"},
		{e.bob, "降参", "**投了** ボタン"},
	} {
		t.Run(c.text, func(t *testing.T) {
			if got := e.dm(c.user, c.text).Content; !strings.Contains(got, c.want) {
				t.Errorf("%q: %q, want %q", c.text, got, c.want)
			}
		})
	}
	if g := e.game(id); !g.Status.Live() {
		t.Fatalf("typed words ended the game: %s", g.Status)
	}
}

// "??" (a note shortcut without its square) says how a square is named,
// not that "“”" is not a square.
func TestEmptySquareShortcut(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.startGame("tsuitate")
	e.slash(e.bob, "settings", discordtest.StringOption("language", "ja"))
	for _, c := range []struct{ user, text, want string }{
		{e.alice, "??", "Name a square with the ?"},
		{e.alice, "？", "Name a square with the ?"},
		{e.bob, "？？", "マスを書いてください"},
	} {
		t.Run(c.text, func(t *testing.T) {
			if got := e.dm(c.user, c.text).Content; !strings.Contains(got, c.want) || strings.Contains(got, "“”") {
				t.Errorf("%q: %q, want %q", c.text, got, c.want)
			}
		})
	}
}

// A mask typed as square and piece, as Japanese players write it ("８二飛"),
// is chosen when that piece stands there; another piece is refused saying
// which.
func TestMaskSquareAndPieceByDM(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("masked")
	e.slash(e.bob, "settings", discordtest.StringOption("language", "ja"))
	if got := e.dm(e.alice, "２八角").Content; !strings.Contains(got, "Your piece on 2h is not a bishop") {
		t.Errorf("alice, 2h as a bishop: %q", got)
	}
	e.dm(e.alice, "２八飛")
	if got := e.dm(e.bob, "８二飛").Content; strings.Contains(got, "マスではありません") {
		t.Errorf("bob, ８二飛: %q", got)
	}
	if g := e.game(id); g.LastSeq != 2 {
		t.Fatalf("masks: seq %d, want both chosen", g.LastSeq)
	}
}

// After a rematch started, /shogi rematch (the last finished game by
// default) says the rematch is on instead of offering a second one; naming
// the game still offers one.
func TestRematchAlreadyOn(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.startGame("standard")
	e.slash(e.bob, "resign")
	e.click(e.alice, e.endPost(), "rematch:")
	card := e.rematchCard("#2")
	e.click(e.bob, card, "accept:")
	e.waitUntil("game #2", func() bool { gs, _ := e.st.ActiveGamesOf(e.alice); return len(gs) == 1 })
	before := e.challengeCards()
	for _, user := range []string{e.alice, e.bob} {
		if out := e.slash(user, "rematch"); !strings.Contains(out, "Game #1 already has its rematch: game #2") {
			t.Errorf("/shogi rematch after the rematch started: %q", out)
		}
	}
	e.settle() // a card would be posted through the outbox
	if n := e.challengeCards(); n != before {
		t.Errorf("%d new challenge cards, want none", n-before)
	}
	if out := e.slash(e.alice, "rematch", discordtest.IntegerOption("game", 1)); !strings.Contains(out, "Rematch offered") {
		t.Errorf("/shogi rematch game:1: %q", out)
	}
}

// TestRematchButtonAfterRematch: once game #1 has its rematch, playing or
// played, the Rematch button under #1's result points to it, as /shogi
// rematch does, instead of offering a third game; #2's own button still
// offers one.
func TestRematchButtonAfterRematch(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.startGame("standard")
	e.slash(e.bob, "resign")
	old := e.endPost()
	e.click(e.alice, old, "rematch:")
	e.click(e.bob, e.rematchCard("#2"), "accept:")
	e.waitUntil("game #2", func() bool { gs, _ := e.st.ActiveGamesOf(e.alice); return len(gs) == 1 })
	before := e.challengeCards()
	press := func(when string) {
		t.Helper()
		for _, user := range []string{e.alice, e.bob} {
			out := e.click(user, old, "rematch:")
			if !strings.Contains(out, "Game #1 already has its rematch: game #2.") || !strings.Contains(out, "`game:1`") {
				t.Errorf("%s, #1's Rematch: %q", when, out)
			}
			if when != "while #2 is played" {
				continue // after #2, /shogi rematch offers #2's rematch
			}
			if cmd := e.slash(user, "rematch"); cmd != out {
				t.Errorf("%s: the button says %q, /shogi rematch %q", when, out, cmd)
			}
		}
		e.settle() // a card would be posted through the outbox
		if n := e.challengeCards(); n != before {
			t.Errorf("%s: %d challenge cards open, want %d", when, n, before)
		}
	}
	press("while #2 is played")
	e.slash(e.alice, "resign")
	e.waitUntil("game #2 over", func() bool { return !e.game(2).Status.Live() })
	press("after #2")
	if out := e.click(e.bob, e.endPost(), "rematch:"); !strings.Contains(out, "Rematch offered") {
		t.Fatalf("#2's Rematch: %q", out)
	}
}

// A time preset with a clock option of another time control is refused,
// as the README promises, not turned silently into that other control.
func TestPresetAndOtherClockRefused(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	out := e.slash(e.alice, "challenge", discordtest.StringOption("variant", "standard"), discordtest.UserOption("opponent", e.bob),
		discordtest.StringOption("time", "10m+30s"), discordtest.IntegerOption("turn_seconds", 30))
	if !strings.Contains(out, `turn\_seconds cannot be combined with time:10m+30s`) {
		t.Errorf("time:10m+30s turn_seconds:30: %q", out)
	}
	if cs, _ := e.st.Challenges(); len(cs) != 0 {
		t.Errorf("a challenge was made: %+v", cs)
	}
}

// Options of another variant (fouls outside Tsuitate, the royal mask
// outside Masked) are refused, in a challenge and as a server's default,
// instead of being ignored; ranked:true against the CPU says the game is
// unranked.
func TestOptionsThatDoNotApply(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	for _, c := range []struct {
		name string
		out  string
		want string
	}{
		{"challenge", e.slash(e.alice, "challenge", discordtest.StringOption("variant", "masked"), discordtest.UserOption("opponent", e.bob),
			discordtest.IntegerOption("foul_limit", 5)), `foul\_limit applies only to Tsuitate shogi, not to Masked shogi`},
		{"mask in dark", e.slash(e.alice, "challenge", discordtest.StringOption("variant", "dark"), discordtest.UserOption("opponent", e.bob),
			discordtest.BooleanOption("mask_as_king", true)), `mask\_as\_king applies only to Masked shogi (Kagemusha), not to Dark shogi`},
		{"defaults", e.admin(e.carol, "defaults", discordtest.StringOption("variant", "masked"), discordtest.IntegerOption("foul_limit", 3)),
			`foul\_limit applies only to Tsuitate shogi`},
	} {
		t.Run(c.name, func(t *testing.T) {
			if !strings.Contains(c.out, c.want) || strings.Contains(c.out, "Saved") {
				t.Errorf("%q, want %q", c.out, c.want)
			}
		})
	}
	if cs, _ := e.st.Challenges(); len(cs) != 0 {
		t.Errorf("challenges made: %d", len(cs))
	}
	if gs, _ := e.st.GetGuildSettings(e.srv.GuildID()); len(gs.Defaults["masked"]) != 0 {
		t.Errorf("masked defaults saved: %v", gs.Defaults["masked"])
	}
	out := e.slash(e.alice, "challenge", discordtest.StringOption("variant", "standard"), discordtest.UserOption("opponent", e.srv.BotUser().ID),
		discordtest.BooleanOption("ranked", true))
	if !strings.Contains(out, "this one is unranked") || !strings.Contains(out, "starts") {
		t.Errorf("ranked:true against the CPU: %q", out)
	}
}
