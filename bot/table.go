package bot

import (
	"maps"

	"shinpan/bot/commands"
	"shinpan/bot/interact"
)

// The command table: every slash subcommand, button, select and modal of the
// bot, and whether it is slow (deferred before it runs). A new command is a
// sub(...) in bot/commands/commands.go, one line here and its handler. The
// table is built with the bot, its handlers bound to it.
func (b *Bot) table() interact.Table {
	t := interact.Table{Command: commands.CmdName, Admin: commands.AdminName}
	t.Slash = map[string]interact.Route{
		"challenge":   {Run: b.cmds.Challenge, Public: true}, // its answer is the public card
		"accept":      {Run: b.cmds.Accept, Slow: true},
		"decline":     {Run: b.cmds.Decline, Slow: true},
		"cancel":      {Run: b.cmds.Cancel, Slow: true},
		"resign":      {Run: b.play.Resign, Slow: true},
		"declare":     {Run: b.play.Declare, Slow: true},
		"board":       {Run: b.cmds.Board, Slow: true},
		"status":      {Run: b.cmds.Status},
		"games":       {Run: b.cmds.Games},
		"rules":       {Run: b.cmds.Rules},
		"help":        {Run: b.cmds.Help},
		"note":        {Run: b.cmds.Note, Slow: true},
		"reach":       {Run: b.cmds.Reach, Slow: true},
		"draw":        {Run: b.play.Draw, Slow: true},
		"abort":       {Run: b.play.Abort, Slow: true},
		"end":         {Run: b.cmds.EndMoved}, // now /shogiadmin end
		"rematch":     {Run: b.cmds.Rematch, Slow: true},
		"rating":      {Run: b.cmds.Rating},
		"leaderboard": {Run: b.cmds.Leaderboard},
		"history":     {Run: b.cmds.History},
		"record":      {Run: b.cmds.Record, Slow: true},
		"settings":    {Run: b.cmds.Settings},
		"review":      {Run: b.reviews.Review},            // bot/review/review.go: not slow, its board answers at once
		"watch":       {Run: b.reviews.Watch, Slow: true}, // bot/review/watch.go
	}
	t.AdminSlash = map[string]interact.Route{
		"end":      {Run: commands.AdminGate(b.cmds.End), Slow: true},
		"settings": {Run: commands.AdminGate(b.cmds.ServerSettings), Slow: true},
		"defaults": {Run: commands.AdminGate(b.cmds.ServerDefaults), Slow: true},
	}
	t.Component = map[string]interact.Route{
		"accept":   {Run: b.cmds.AcceptButton, Slow: true},
		"decline":  {Run: b.cmds.DeclineButton, Slow: true},
		"resign":   {Run: b.play.ResignButton},
		"resignok": {Run: b.play.ResignConfirm, Slow: true},
		"move":     {Run: b.play.MoveButton}, // its answer is a modal, which cannot follow a deferral
		"mask":     {Run: b.play.Mask, Slow: true},
		"rematch":  {Run: b.cmds.RematchButton, Slow: true},
		"review":   {Run: b.reviews.ReviewButton}, // bot/review/review.go
		"rvgo":     {Run: b.reviews.ReviewGo},
		"rvpov":    {Run: b.reviews.ReviewPOV},
		"rvrec":    {Run: b.reviews.ReviewRecord, Slow: true},
		"tap":      {Run: b.play.Tap}, // bot/moves/tap.go (bot/tap.Verb): its answer updates the message, never deferred
	}
	t.Modal = map[string]interact.Route{
		"movemodal": {Run: b.play.MoveModal}, // from a board its answer updates it (bot/moves/tap.go), never deferred
	}
	slash, component := b.tnr.Routes()
	maps.Copy(t.Slash, slash)
	maps.Copy(t.Component, component)
	return t
}
