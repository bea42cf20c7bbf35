package texts

import (
	"regexp"
	"strings"
	"testing"

	"shinpan/referee"
	"shinpan/referee/policy"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

var uiTexts = map[UIText]string{
	ChallengeInGuild: "ChallengeInGuild", ChallengeSelf: "ChallengeSelf", ChallengeBot: "ChallengeBot",
	NotYourChallenge: "NotYourChallenge", NoChallenge: "NoChallenge", ChallengeTimedOut: "ChallengeTimedOut",
	NotStartedDMsClosed: "NotStartedDMsClosed", AlreadyStarted: "AlreadyStarted",
	ButtonAccept: "ButtonAccept", ButtonDecline: "ButtonDecline", ButtonMove: "ButtonMove",
	ButtonResign: "ButtonResign", ButtonResignConfirm: "ButtonResignConfirm",
	ResignConfirm: "ResignConfirm", Resigned: "Resigned", ModalTitle: "ModalTitle", ModalLabel: "ModalLabel",
	ModalPlaceholder: "ModalPlaceholder", MoveSent: "MoveSent", MaskMenu: "MaskMenu", MaskPlaceholder: "MaskPlaceholder",
	Done: "Done", InternalError: "InternalError", UnknownCommand: "UnknownCommand", NoGame: "NoGame",
	NoActiveGame: "NoActiveGame", GameOver: "GameOver", BoardSent: "BoardSent", NoGamesHere: "NoGamesHere",
	DMHelp: "DMHelp",
}

// TestUITexts: every fixed interface text exists in both languages, without
// placeholders, within Discord's limits for its place.
func TestUITexts(t *testing.T) {
	limits := map[UIText]int{ButtonAccept: 80, ButtonDecline: 80, ButtonMove: 80, ButtonResign: 80,
		ButtonResignConfirm: 80, ModalTitle: 45, ModalLabel: 45, ModalPlaceholder: 100, MaskPlaceholder: 150}
	for id, name := range uiTexts {
		for _, l := range Langs {
			s, ok := table(l)[msg(id)]
			if !ok || s == "" {
				t.Errorf("%s %s: missing", l, name)
				continue
			}
			if ve, _ := verbs(s); len(ve) > 0 {
				t.Errorf("%s %s takes arguments: give it a function of its own", l, name)
			}
			if n := limits[id]; n > 0 && runes(s) > n {
				t.Errorf("%s %s: %d characters, Discord takes %d", l, name, runes(s), n)
			}
			if l == JA && !hasJapanese(s) {
				t.Errorf("ja %s: no Japanese: %q", name, s)
			}
		}
	}
	if UI(EN, NotYourChallenge) != "This challenge is not for you." || UI(JA, ButtonMove) != "指す" {
		t.Error("UI does not read the table")
	}
}

// TestUIFunctions: the texts with values, with a number and with the slot.
func TestUIFunctions(t *testing.T) {
	long := strings.Repeat("名", 3000)
	for _, l := range Langs {
		for name, s := range map[string]string{
			"accepted":    Accepted(l, 12),
			"card edit":   ChallengeAccepted(l, 12),
			"declined":    ChallengeDeclined(l, "<@5>"),
			"withdrawn":   ChallengeWithdrawn(l, "<@5>"),
			"not in game": NotInGame(l, 12),
			"which":       WhichGame(l, []uint64{12, 15}),
			"dms closed":  DMsClosedMidGame(l, "<@5>", 12),
			"channel":     ChannelLost(l, 12),
			"hello":       Hello(l, view.Masked, shogi.White),
		} {
			if s == "" || strings.Contains(s, "%!") || strings.Contains(s, GameSlot) || runes(s) > MaxLen {
				t.Errorf("%s %s: %q", l, name, s)
			}
			if name != "declined" && name != "withdrawn" && name != "hello" && !strings.Contains(s, "12") {
				t.Errorf("%s %s lacks the game number: %q", l, name, s)
			}
			if l == JA && !hasJapanese(s) {
				t.Errorf("ja %s: no Japanese: %q", name, s)
			}
		}
		for _, s := range []string{ChallengeDeclined(l, long), ChallengeWithdrawn(l, long), DMsClosedMidGame(l, long, 1)} {
			if runes(s) > MaxLen {
				t.Errorf("%s: %d characters", l, runes(s))
			}
		}
		if got := ChallengeAccepted(l, 0); !strings.Contains(got, "#"+GameSlot) {
			t.Errorf("%s: no slot for the game number: %q", l, got)
		}
	}
	if got := WhichGame(EN, []uint64{12, 15}); got != "You are in several games (#12, #15): start your move with the game number, e.g. `#12 7g7f`." {
		t.Errorf("which game: %q", got)
	}
	if got := Hello(EN, view.Tsuitate, shogi.Black); got != "Hello! You are about to play Tsuitate shogi as ☗ Black. Your board and the game's messages will come here." {
		t.Errorf("hello: %q", got)
	}
}

// TestGameSlot: a card or welcome made before the game has its number holds
// the slot the sender fills in.
// TestSettingsSavedLook names the board theme and the piece set in the
// reader's language, and an unknown name as it is.
func TestSettingsSavedLook(t *testing.T) {
	for _, c := range []struct {
		l             Lang
		board, pieces string
		want          string
	}{
		{EN, "wood", "koma2", "Saved. Notation: Western (P-7f) · language: English · orientation: your side at the bottom · board: wooden · pieces: koma, two kanji."},
		{JA, "contrast", "international", "保存しました。表記：西洋式（P-7f）・言語：English・盤の向き：自分側が下・盤：ハイコントラスト・駒：国際式（アルファベットと動き）。"},
		{EN, "light", "printed", "Saved. Notation: Western (P-7f) · language: English · orientation: your side at the bottom · board: light · pieces: printed kanji."},
		{EN, "sepia", "koma", "Saved. Notation: Western (P-7f) · language: English · orientation: your side at the bottom · board: sepia · pieces: koma, one kanji."},
	} {
		t.Run(string(c.l)+"/"+c.board+"/"+c.pieces, func(t *testing.T) {
			if got := SettingsSavedLook(c.l, "western", "en", "own", c.board, c.pieces); got != c.want {
				t.Errorf("\n got %q\nwant %q", got, c.want)
			}
		})
	}
}

func TestGameSlot(t *testing.T) {
	for _, l := range Langs {
		ctx := Ctx{Lang: l, Variant: view.Standard, Names: Names{"<@1>", "<@2>"}, Options: policy.Defaults(view.Standard)}
		for name, s := range map[string]string{"card": GameCard(ctx, false), "welcome": Welcome(ctx, shogi.Black)} {
			if !strings.Contains(s, "#"+GameSlot+" ") && !strings.Contains(s, "#"+GameSlot+"・") {
				t.Errorf("%s %s: %q", l, name, s)
			}
		}
	}
}

func TestStatus(t *testing.T) {
	ctx := Ctx{Lang: EN, Variant: view.Tsuitate, Names: Names{"<@1>", "<@2>"}, GameID: 12, Options: policy.Defaults(view.Tsuitate)}
	s := State{Move: 5, Turn: shogi.White}
	for to, want := range map[view.Audience]string{
		view.ToPublic: "Game #12: move 5, ☖ White to move.",
		view.ToBlack:  "Game #12: move 5, ☖ White to move.",
		view.ToWhite:  "Game #12: move 5, ☖ White to move — your turn.",
	} {
		if got := Status(ctx, s, to); got != want {
			t.Errorf("%v: %q, want %q", to, got, want)
		}
	}
	if got := Status(ctx, State{Move: 1, NeedsMasks: true}, view.ToBlack); got != "Game #12: waiting for the masks." {
		t.Errorf("masks: %q", got)
	}
	w := shogi.Black
	over := State{Move: 40, Result: &view.Result{Winner: &w, Reason: view.ReasonResignation}}
	if got := Status(ctx, over, view.ToPublic); got != "Game #12 is over. ☖ <@2> resigned — ☗ <@1> wins." {
		t.Errorf("over: %q", got)
	}
	ctx.Lang = JA
	for _, st := range []State{s, over, {NeedsMasks: true}} {
		if got := Status(ctx, st, view.ToWhite); !strings.Contains(got, "対局 #12") || strings.Contains(got, "%!") {
			t.Errorf("ja: %q", got)
		}
	}
}

func TestGameLine(t *testing.T) {
	ctx := Ctx{Lang: EN, Variant: view.Masked, Names: Names{"<@1>", "<@2>"}, GameID: 3}
	if got := GameLine(ctx, true); got != "#3 Masked shogi (Kagemusha): ☗ <@1> vs ☖ <@2> — choosing masks" {
		t.Errorf("game line: %q", got)
	}
	ctx.Lang, ctx.Names = JA, Names{}
	if got := GameLine(ctx, false); got != "#3 影武者将棋：☗ — 対 ☖ —" {
		t.Errorf("ja game line: %q", got)
	}
}

// TestMoveHint: the hint follows a refusal of text that is no move at all, in
// either language, and nothing else.
func TestMoveHint(t *testing.T) {
	g, err := referee.New("h", view.Standard, "", referee.DefaultOptions(view.Standard))
	if err != nil {
		t.Fatal(err)
	}
	refusal := func(text string) error {
		_, err := g.Apply(referee.Action{Kind: referee.ActMove, Player: shogi.Black, Text: text})
		if err == nil {
			t.Fatalf("%q accepted", text)
		}
		return err
	}
	for _, l := range Langs {
		for _, text := range []string{"hello there", strings.Repeat("7", 300)} {
			err := refusal(text)
			if got, r := RefusalWithMoveHint(l, err), Refusal(l, err); got != r+"\n"+tr(l, mUIDMHint) {
				t.Errorf("%s: no hint after %q", l, r)
			}
		}
		for _, text := range []string{"7g7e", "5i5h+"} {
			err := refusal(text)
			if got, r := RefusalWithMoveHint(l, err), Refusal(l, err); got != r {
				t.Errorf("%s: hint after %q", l, r)
			}
		}
		nyt := &referee.Refusal{Code: referee.RefNotYourTurn}
		if got := RefusalWithMoveHint(l, nyt); got != Refusal(l, nyt) {
			t.Errorf("%s: hint after %q", l, got)
		}
	}
}

// The subcommands of /shogi (bot/commands.go). A text may name no other command.
var subcommands = map[string]bool{"challenge": true, "accept": true, "decline": true, "cancel": true,
	"resign": true, "declare": true, "board": true, "status": true, "games": true, "rules": true, "help": true,
	"note": true, "reach": true, "draw": true, "abort": true, "rematch": true, "rating": true,
	"leaderboard": true, "history": true, "record": true, "settings": true,
	"review": true, "watch": true, "tournament": true}

// The subcommands of /shogiadmin, the moderators' command (bot/admin.go).
var adminSubcommands = map[string]bool{"end": true, "settings": true, "defaults": true}

var slashCommand = regexp.MustCompile("(?:^|[\\s`(（「])/([a-z_]+)( [a-z_]+)?")

// TestCommandsExist: every slash command a text names is /shogi with a real
// subcommand, and the help names each of them.
func TestCommandsExist(t *testing.T) {
	named := 0
	for _, l := range Langs {
		for k, s := range table(l) {
			for _, m := range slashCommand.FindAllStringSubmatch(s, -1) {
				named++
				subs := subcommands
				if m[1] == "shogiadmin" {
					subs = adminSubcommands
				}
				if m[1] != "shogi" && m[1] != "shogiadmin" || m[2] != "" && !subs[strings.TrimSpace(m[2])] {
					t.Errorf("%s %s names %q, which is no command", l, k, strings.TrimSpace(m[0]))
				}
			}
		}
		for sub := range subcommands {
			if !strings.Contains(Help(l), "`/shogi "+sub+"`") {
				t.Errorf("%s help lacks /shogi %s", l, sub)
			}
		}
		for sub := range adminSubcommands {
			if !strings.Contains(Help(l), "`/shogiadmin "+sub+"`") {
				t.Errorf("%s help lacks /shogiadmin %s", l, sub)
			}
		}
	}
	if named < 40 {
		t.Errorf("found only %d commands in the tables: is the pattern right?", named)
	}
}

// TestStandingPoints: one point is "1 pt", others "pts" (Japanese: 点).
func TestStandingPoints(t *testing.T) {
	for _, c := range []struct {
		l    Lang
		pts  float64
		want string
	}{
		{EN, 1, "1. @a · 1 pt (+1 =0 −0)"},
		{EN, 0, "1. @a · 0 pts (+1 =0 −0)"},
		{EN, 1.5, "1. @a · 1.5 pts (+1 =0 −0)"},
		{JA, 1, "1. @a · 1点（1勝0分0敗）"},
	} {
		t.Run(string(c.l)+"/"+Points(c.pts), func(t *testing.T) {
			got := StandingLines(c.l, []TnStanding{{Rank: 1, Player: "@a", Points: c.pts, W: 1}}, 10)
			if len(got) != 1 || got[0] != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}
