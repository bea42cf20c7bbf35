package uitexts

import (
	"shinpan/bot/texts"
	"shinpan/bot/texts/internal/texttest"
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
	ModalTitle: "ModalTitle", ModalLabel: "ModalLabel",
	ModalPlaceholder: "ModalPlaceholder", MoveSent: "MoveSent", MaskMenu: "MaskMenu", MaskPlaceholder: "MaskPlaceholder",
	InternalError: "InternalError", UnknownCommand: "UnknownCommand", NoGame: "NoGame",
	NoActiveGame: "NoActiveGame", GameOver: "GameOver", BoardSent: "BoardSent", NoGamesHere: "NoGamesHere",
	DMHelp: "DMHelp", NoChallengeToAccept: "NoChallengeToAccept", NoChallengeToDecline: "NoChallengeToDecline",
	NoChallengeToCancel: "NoChallengeToCancel", DrawOfferStanding: "DrawOfferStanding",
}

// TestUITexts: every fixed interface text exists in both languages, without
// placeholders, within Discord's limits for its place.
func TestUITexts(t *testing.T) {
	limits := map[UIText]int{ButtonAccept: 80, ButtonDecline: 80, ButtonMove: 80, ButtonResign: 80,
		ButtonResignConfirm: 80, ModalTitle: 45, ModalLabel: 45, ModalPlaceholder: 100, MaskPlaceholder: 150}
	for id, name := range uiTexts {
		for _, l := range texts.Langs {
			s, ok := words.Table(l)[msg(id)]
			if !ok || s == "" {
				t.Errorf("%s %s: missing", l, name)
				continue
			}
			if ve, _ := texttest.Verbs(s); len(ve) > 0 {
				t.Errorf("%s %s takes arguments: give it a function of its own", l, name)
			}
			if n := limits[id]; n > 0 && texttest.Runes(s) > n {
				t.Errorf("%s %s: %d characters, Discord takes %d", l, name, texttest.Runes(s), n)
			}
			if l == texts.JA && !texttest.HasJapanese(s) {
				t.Errorf("ja %s: no Japanese: %q", name, s)
			}
		}
	}
	if UI(texts.EN, NotYourChallenge) != "This challenge is not for you." || UI(texts.JA, ButtonMove) != "指す" {
		t.Error("UI does not read the table")
	}
}

// TestUIFunctions: the texts with values, with a number and with the slot.
func TestUIFunctions(t *testing.T) {
	long := strings.Repeat("名", 3000)
	for _, l := range texts.Langs {
		for name, s := range map[string]string{
			"accepted":    Accepted(l, 12),
			"card edit":   ChallengeAccepted(l, 12),
			"declined":    ChallengeDeclined(l, "<@5>"),
			"withdrawn":   ChallengeWithdrawn(l, "<@5>"),
			"not in game": NotInGame(l, 12),
			"which":       WhichGame(l, []uint64{12, 15}),
			"which opt":   WhichGameOption(l, []uint64{12, 15}),
			"aborted":     Aborted(l, 12),
			"draw agreed": DrawAgreed(l, 12),
			"rematch on":  RematchPlayed(l, 12, 13),
			"dms closed":  DMsClosedMidGame(l, "<@5>", 12),
			"channel":     ChannelLost(l, 12),
			"hello":       Hello(l, view.Masked, shogi.White),
		} {
			if s == "" || strings.Contains(s, "%!") || strings.Contains(s, texts.GameSlot) || texttest.Runes(s) > texts.MaxLen {
				t.Errorf("%s %s: %q", l, name, s)
			}
			if name != "declined" && name != "withdrawn" && name != "hello" && !strings.Contains(s, "12") {
				t.Errorf("%s %s lacks the game number: %q", l, name, s)
			}
			if l == texts.JA && !texttest.HasJapanese(s) {
				t.Errorf("ja %s: no Japanese: %q", name, s)
			}
		}
		for _, s := range []string{ChallengeDeclined(l, long), ChallengeWithdrawn(l, long), DMsClosedMidGame(l, long, 1)} {
			if texttest.Runes(s) > texts.MaxLen {
				t.Errorf("%s: %d characters", l, texttest.Runes(s))
			}
		}
		if got := ChallengeAccepted(l, 0); !strings.Contains(got, "#"+texts.GameSlot) {
			t.Errorf("%s: no slot for the game number: %q", l, got)
		}
	}
	if got := WhichGame(texts.EN, []uint64{12, 15}); got != "You are in several games (#12, #15): start your move with the game number, e.g. `#12 7g7f`." {
		t.Errorf("which game: %q", got)
	}
	if got := Hello(texts.EN, view.Tsuitate, shogi.Black); got != "Hello! You are about to play Tsuitate shogi as ☗ Black. Your board and the game's messages will come here." {
		t.Errorf("hello: %q", got)
	}
}

// TestGameSlot: a card or welcome made before the game has its number holds
// the slot the sender fills in.
// TestSettingsSavedLook names the board theme and the piece set in the
// reader's language, and an unknown name as it is.
func TestSettingsSavedLook(t *testing.T) {
	for _, c := range []struct {
		l             texts.Lang
		board, pieces string
		want          string
	}{
		{texts.EN, "wood", "koma2", "Saved. Notation: Western (P-7f) · language: English · orientation: your side at the bottom · board: wooden · pieces: koma, two kanji."},
		{texts.JA, "contrast", "international", "保存しました。表記：西洋式（P-7f）・言語：English・盤の向き：自分側が下・盤：ハイコントラスト・駒：国際式（アルファベットと動き）。"},
		{texts.EN, "light", "printed", "Saved. Notation: Western (P-7f) · language: English · orientation: your side at the bottom · board: light · pieces: printed kanji."},
		{texts.EN, "sepia", "koma", "Saved. Notation: Western (P-7f) · language: English · orientation: your side at the bottom · board: sepia · pieces: koma, one kanji."},
	} {
		t.Run(string(c.l)+"/"+c.board+"/"+c.pieces, func(t *testing.T) {
			if got := SettingsSavedLook(c.l, "western", "en", "own", c.board, c.pieces); got != c.want {
				t.Errorf("\n got %q\nwant %q", got, c.want)
			}
		})
	}
}

func TestGameSlot(t *testing.T) {
	for _, l := range texts.Langs {
		ctx := texts.Ctx{Lang: l, Variant: view.Standard, Names: texts.Names{Black: "<@1>", White: "<@2>"}, Options: policy.Defaults(view.Standard)}
		for name, s := range map[string]string{"card": GameCard(ctx, false), "welcome": Welcome(ctx, shogi.Black)} {
			if !strings.Contains(s, "#"+texts.GameSlot+" ") && !strings.Contains(s, "#"+texts.GameSlot+"・") {
				t.Errorf("%s %s: %q", l, name, s)
			}
		}
	}
}

func TestGameLine(t *testing.T) {
	ctx := texts.Ctx{Lang: texts.EN, Variant: view.Masked, Names: texts.Names{Black: "<@1>", White: "<@2>"}, GameID: 3}
	if got := GameLine(ctx, true); got != "#3 Masked shogi (Kagemusha): ☗ <@1> vs ☖ <@2> — choosing masks" {
		t.Errorf("game line: %q", got)
	}
	ctx.Lang, ctx.Names = texts.JA, texts.Names{}
	if got := GameLine(ctx, false); got != "#3 影武者将棋：☗ — 対 ☖ —" {
		t.Errorf("ja game line: %q", got)
	}
}

// TestAlreadyReceived: an action that arrived twice is answered with what
// it was, in each language, and a kind without its own words gets the
// plain one.
func TestAlreadyReceived(t *testing.T) {
	kinds := []referee.ActionKind{referee.ActMove, referee.ActMask, referee.ActResign, referee.ActDeclare,
		referee.ActAbort, referee.ActDraw, referee.ActEnd}
	for _, l := range texts.Langs {
		t.Run(string(l), func(t *testing.T) {
			seen := map[string]referee.ActionKind{}
			for _, k := range kinds {
				s := AlreadyReceived(l, k)
				if s == "" || strings.Contains(s, "%!") {
					t.Errorf("%s: %q", k, s)
				}
				if l == texts.JA && !texttest.HasJapanese(s) {
					t.Errorf("ja %s: no Japanese: %q", k, s)
				}
				if o, ok := seen[s]; ok {
					t.Errorf("%s and %s both read %q", o, k, s)
				}
				seen[s] = k
			}
		})
	}
	if got := AlreadyReceived(texts.EN, referee.ActMove); got != "That move was already received." {
		t.Errorf("move: %q", got)
	}
	if got := AlreadyReceived(texts.EN, referee.ActTimeout); got != "That was already received." {
		t.Errorf("timeout: %q", got)
	}
}
