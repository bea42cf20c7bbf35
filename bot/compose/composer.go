package compose

import (
	"log/slog"

	"shinpan/bot/texts"
	"shinpan/referee"
	"shinpan/store"
)

// Composer turns what happened in a game into the messages each reader is
// sent: their words, notation and board, in an order that never depends on
// what is hidden.
type Composer struct {
	Readers
	// Notes are the players' private notes, drawn on their boards.
	Notes store.Notes
	Log   *slog.Logger
	// ResultGIF is the animation posted with a game's result (nil: none).
	ResultGIF func(meta store.Game, a referee.Action) []File
	// NotRated is the result post's line saying a ranked game was not rated
	// ("" when it does not apply).
	NotRated func(l texts.Lang, meta store.Game, g *referee.Game) string
}

// Button styles, as Discord numbers them.
const (
	StylePrimary   = 1
	StyleSecondary = 2
	StyleSuccess   = 3
	StyleDanger    = 4
)

func (cm *Composer) resultGIF(meta store.Game, a referee.Action) []File {
	if cm.ResultGIF == nil {
		return nil
	}
	return cm.ResultGIF(meta, a)
}

func (cm *Composer) notRated(l texts.Lang, meta store.Game, g *referee.Game) string {
	if cm.NotRated == nil {
		return ""
	}
	return cm.NotRated(l, meta, g)
}
