package texts

import (
	"regexp"
	"strings"
	"testing"

	"shinpan/referee"
	"shinpan/referee/notation"
	"shinpan/referee/policy"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// toAll addresses e to Black, White and the channel.
func toAll(e view.Event) []view.Event {
	var out []view.Event
	for _, a := range []view.Audience{view.ToBlack, view.ToWhite, view.ToPublic} {
		e.To = a
		out = append(out, e)
	}
	return out
}

func tsuitateMove() []view.Event {
	own := view.Event{To: view.ToBlack, Kind: view.EvMoved, Player: B, Number: 12, Move: "5f5e"}
	moved := view.Event{Kind: view.EvMoved, Player: B, Number: 12}
	evs := []view.Event{own}
	moved.To = view.ToWhite
	evs = append(evs, moved)
	moved.To = view.ToPublic
	evs = append(evs, moved)
	evs = append(evs, toAll(view.Event{Kind: view.EvCapture, Player: B, Number: 12, Square: sq("5e"), Piece: shogi.MakePiece(W, shogi.Silver)})...)
	evs = append(evs, toAll(view.Event{Kind: view.EvCheck, Player: W, Number: 12})...)
	return evs
}

func TestAnnouncementMerges(t *testing.T) {
	evs := tsuitateMove()
	for l, want := range map[Lang]string{
		EN: "**#12** ☗ moved (move 12) · ☖'s silver on 5e was captured · Check!",
		JA: "**#12** ☗が指しました（12手目）／☖の５五銀が取られました／王手！",
	} {
		ctx := tsuitateCtx(l)
		ctx.GameID = 12
		if got := Announcement(ctx, evs); got != want {
			t.Errorf("%s:\n got %q\nwant %q", l, got, want)
		}
	}
	// Without a game id there is no prefix; without public events, nothing.
	if got := Announcement(tsuitateCtx(EN), evs); !strings.HasPrefix(got, "☗ moved") {
		t.Errorf("no id: %q", got)
	}
	if got := Announcement(tsuitateCtx(EN), evs[:1]); got != "" {
		t.Errorf("private events only: %q", got)
	}
}

func TestPlayerUpdateMerges(t *testing.T) {
	evs := tsuitateMove()
	for _, tc := range []struct {
		l      Lang
		c      shogi.Color
		want   string
		before *shogi.Position
	}{
		{EN, W, "☗ moved (move 12) · Your silver on 5e was captured · Check! — your turn.", nil},
		{JA, W, "☗が指しました（12手目）／あなたの５五銀が取られました／王手！あなたの番です。", nil},
		{EN, B, "You played ☗ 5f5e (move 12) · ☖'s silver on 5e was captured · Check!", nil},
		{JA, B, "☗ 5f5eと指しました（12手目）／☖の５五銀が取られました／王手！", nil},
	} {
		ctx := tsuitateCtx(tc.l)
		ctx.Before = tc.before
		ctx.YourTurn = tc.c == W
		if got := PlayerUpdate(ctx, tc.c, evs); got != tc.want {
			t.Errorf("%s %s:\n got %q\nwant %q", tc.l, tc.c, got, tc.want)
		}
	}
}

// TestPlayerUpdateTurn: "your turn" is said exactly when ctx.YourTurn (the
// cases are policy's, TestYourTurn).
func TestPlayerUpdateTurn(t *testing.T) {
	masks := append([]view.Event{{To: view.ToWhite, Kind: view.EvMaskSet, Player: W, Square: sq("3c"), Piece: shogi.MakePiece(W, shogi.Pawn)}},
		toAll(view.Event{Kind: view.EvMasksDone, Commitments: [2]string{"aa", "bb"}})...)
	for _, turn := range []bool{false, true} {
		for _, l := range Langs {
			ctx := tsuitateCtx(l)
			ctx.YourTurn = turn
			got := PlayerUpdate(ctx, W, tsuitateMove())
			if has := strings.Contains(got, strings.Trim(tr(l, mTurnYours), "。 —")); has != turn {
				t.Errorf("%s: %q; your turn %v, want %v", l, got, has, turn)
			}
		}
	}
	// The chooser who completes the masks is not told they can still change.
	got := PlayerUpdate(Ctx{Lang: EN, Variant: view.Masked}, W, masks)
	if strings.Contains(got, "change") || !strings.HasPrefix(got, "Your mask is the pawn on 3c · Both masks are chosen") {
		t.Errorf("masks done: %q", got)
	}
	if strings.Contains(Announcement(Ctx{Lang: EN, Variant: view.Masked}, masks), "3c") {
		t.Error("the channel hears a mask square")
	}
}

// anySquare matches a square as the bot writes one: 5e, ５五, 同.
var anySquare = regexp.MustCompile(`[1-9][a-i]\b|[１-９][一二三四五六七八九]|同`)

// TestHiddenMovesNeverPrintASquare plays random Tsuitate and Dark games and
// checks every text of a "moved" event the reader may not see: no square in any
// writing, and the text is the same as that of an event holding only the side
// and the move number — it depends on nothing else.
func TestHiddenMovesNeverPrintASquare(t *testing.T) {
	checked, seeds := 0, int64(12)
	if testing.Short() {
		seeds = 3
	}
	for _, v := range []view.Variant{view.Tsuitate, view.Dark} {
		for seed := int64(0); seed < seeds; seed++ {
			o := referee.DefaultOptions(v)
			o.FoulLimit = 20
			_, bs := play(t, v, o, seed, 200)
			for _, b := range bs {
				for _, l := range Langs {
					for _, n := range []notation.Notation{notation.USI, notation.Western, notation.Japanese} {
						for _, e := range b.evs {
							if e.Kind != view.EvMoved || isPlayer(e.To, e.Player) {
								continue
							}
							if e.Move != "" {
								t.Fatalf("%s: the referee gave a hidden move to %s: %+v", v, e.To, e)
							}
							ctx := Ctx{Lang: l, Variant: v, Notation: n, Before: b.seen[e.To], Last: sq("5e"), GameID: 3}
							bare := view.Event{To: e.To, Kind: e.Kind, Player: e.Player, Number: e.Number}
							got := Event(ctx, e)
							if got != Event(ctx, bare) {
								t.Errorf("%s: text depends on more than side and number: %q", v, got)
							}
							if anySquare.MatchString(got) {
								t.Errorf("%s: %q prints a square", v, got)
							}
							// The merged texts: squares only where a capture is announced.
							merged := Announcement(ctx, b.evs)
							if e.To != view.ToPublic {
								merged = PlayerUpdate(ctx, colorOf(e.To), b.evs)
							}
							if !hasKind(b.evs, e.To, view.EvCapture) && !hasKind(b.evs, e.To, view.EvReveal) && anySquare.MatchString(merged) {
								t.Errorf("%s: %q prints a square", v, merged)
							}
							checked++
						}
					}
				}
			}
		}
	}
	if checked < 250*int(seeds) {
		t.Fatalf("only %d texts checked", checked)
	}
}

func hasKind(evs []view.Event, to view.Audience, k view.EventKind) bool {
	for _, e := range evs {
		if e.To == to && e.Kind == k {
			return true
		}
	}
	return false
}

// TestRandomGamesTexts: every batch of random games in every variant gives
// texts that fit Discord and carry no formatting error.
func TestRandomGamesTexts(t *testing.T) {
	for _, v := range []view.Variant{view.Standard, view.Tsuitate, view.Masked, view.Dark} {
		for seed := int64(0); seed < 10; seed++ {
			g, bs := play(t, v, referee.DefaultOptions(v), seed, 400)
			if !g.Over() {
				evs, err := g.Apply(referee.Action{Kind: referee.ActResign, Player: g.Turn()})
				if err != nil {
					t.Fatal(err)
				}
				bs = append(bs, batch{act: referee.Action{Kind: referee.ActResign}, evs: evs})
			}
			for _, b := range bs {
				for _, l := range Langs {
					ctx := Ctx{Lang: l, Variant: v, Names: Names{"<@111111111111111111>", "<@222222222222222222>"}, GameID: 99,
						Notation: notation.Japanese, Last: shogi.NoSquare, Options: policy.Options{Options: g.Options()}}
					ctx.Before = b.seen[view.ToPublic]
					texts := []string{Announcement(ctx, b.evs)}
					for _, c := range []shogi.Color{B, W} {
						ctx.Before = b.seen[c]
						texts = append(texts, PlayerUpdate(ctx, c, b.evs))
					}
					for _, e := range b.evs {
						texts = append(texts, Event(ctx, e))
						texts = append(texts, RevealDetails(ctx, e)...)
					}
					for _, s := range texts {
						if strings.Contains(s, "%!") || len([]rune(s)) > MaxLen {
							t.Fatalf("%s seed %d: bad text %q", v, seed, s)
						}
					}
				}
			}
		}
	}
}
