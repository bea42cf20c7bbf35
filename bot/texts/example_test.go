package texts_test

import (
	"fmt"

	"shinpan/bot/texts"
	"shinpan/referee"
	"shinpan/referee/notation"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// A Tsuitate move that captures and checks: one message for the channel, one
// DM per player.
func ExampleAnnouncement() {
	silver := shogi.MakePiece(shogi.White, shogi.Silver)
	var evs []view.Event
	evs = append(evs, view.Event{To: view.ToBlack, Kind: view.EvMoved, Player: shogi.Black, Number: 12, Move: "5f5e"})
	for _, to := range []view.Audience{view.ToWhite, view.ToPublic} {
		evs = append(evs, view.Event{To: to, Kind: view.EvMoved, Player: shogi.Black, Number: 12})
	}
	for _, to := range []view.Audience{view.ToBlack, view.ToWhite, view.ToPublic} {
		evs = append(evs, view.Event{To: to, Kind: view.EvCapture, Player: shogi.Black, Number: 12, Square: 40, Piece: silver})
		evs = append(evs, view.Event{To: to, Kind: view.EvCheck, Player: shogi.White, Number: 12})
	}
	for _, l := range texts.Langs {
		ctx := texts.Ctx{Lang: l, Variant: view.Tsuitate, GameID: 12, Last: shogi.NoSquare}
		fmt.Println(texts.Announcement(ctx, evs))
		fmt.Println(texts.PlayerUpdate(ctx, shogi.Black, evs))
		ctx.YourTurn = true // White is to move (policy.YourTurn)
		fmt.Println(texts.PlayerUpdate(ctx, shogi.White, evs))
	}
	// Output:
	// **#12** ☗ moved (move 12) · ☖'s silver on 5e was captured · Check!
	// You played ☗ 5f5e (move 12) · ☖'s silver on 5e was captured · Check!
	// ☗ moved (move 12) · Your silver on 5e was captured · Check! — your turn.
	// **#12** ☗が指しました（12手目）／☖の５五銀が取られました／王手！
	// ☗ 5f5eと指しました（12手目）／☖の５五銀が取られました／王手！
	// ☗が指しました（12手目）／あなたの５五銀が取られました／王手！あなたの番です。
}

// The mover's own move is written in their notation from the position they
// saw before it.
func ExampleEvent() {
	g, _ := referee.New("1", view.Tsuitate, "", referee.DefaultOptions(view.Tsuitate))
	v := g.View(view.ViewerBlack)
	seen := view.PositionOf(&v)
	evs, _ := g.Apply(referee.Action{Kind: referee.ActMove, Player: shogi.Black, Text: "7g7f"})
	for _, n := range []notation.Notation{notation.Japanese, notation.Western} {
		ctx := texts.Ctx{Lang: texts.EN, Variant: view.Tsuitate, Notation: n, Before: seen, Last: shogi.NoSquare}
		fmt.Println(texts.Event(ctx, evs[0]))
	}
	ctx := texts.Ctx{Lang: texts.JA, Variant: view.Tsuitate, Last: shogi.NoSquare}
	fmt.Println(texts.Event(ctx, evs[1]))
	// Output:
	// You played ☗７六歩 (move 1).
	// You played ☗ P-7f (move 1).
	// ☗が指しました（1手目）。あなたの番です。
}

func ExampleRefusal() {
	g, _ := referee.New("1", view.Standard, "4k4/9/9/9/9/9/9/9/3GKG3 b - 1", referee.DefaultOptions(view.Standard))
	_, err := g.Apply(referee.Action{Kind: referee.ActMove, Player: shogi.Black, Text: "G-5h"})
	fmt.Println(texts.Refusal(texts.EN, err))
	fmt.Println(texts.Refusal(texts.JA, err))
	g, _ = referee.New("2", view.Tsuitate, "", referee.DefaultOptions(view.Tsuitate))
	_, err = g.Apply(referee.Action{Kind: referee.ActMove, Player: shogi.Black, Text: "8h2b"})
	fmt.Println(texts.Refusal(texts.JA, err))
	// Output:
	// “G-5h” is ambiguous: G6i-5h or G4i-5h.
	// 「G-5h」ではどの手か決まりません。候補：G6i-5h、G4i-5h。
	// 「8h2b」：途中に駒があって進めません。
}
