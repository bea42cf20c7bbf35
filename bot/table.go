package bot

import "shinpan/bot/interact"

// The command table: every slash subcommand, button, select and modal of the
// bot, and whether it is slow (deferred before it runs). A new command is a
// sub(...) in commands.go, one line here and its handler. The
// table is built with the bot, its handlers bound to it.
func (b *Bot) table() interact.Table {
	t := interact.Table{Command: cmdName, Admin: adminName}
	t.Slash = map[string]interact.Route{
		"challenge":   {Run: b.cmdChallenge, Slow: false}, // its answer is the public card
		"accept":      {Run: b.cmdAccept, Slow: true},
		"decline":     {Run: b.cmdDecline, Slow: true},
		"cancel":      {Run: b.cmdCancel, Slow: true},
		"resign":      {Run: b.cmdResign, Slow: true},
		"declare":     {Run: b.cmdDeclare, Slow: true},
		"board":       {Run: b.cmdBoard, Slow: true},
		"status":      {Run: b.cmdStatus},
		"games":       {Run: b.cmdGames},
		"rules":       {Run: b.cmdRules},
		"help":        {Run: b.cmdHelp},
		"note":        {Run: b.cmdNote, Slow: true},
		"reach":       {Run: b.cmdReach, Slow: true},
		"draw":        {Run: b.cmdDraw, Slow: true},
		"abort":       {Run: b.cmdAbort, Slow: true},
		"end":         {Run: b.cmdEndMoved}, // now /shogiadmin end
		"rematch":     {Run: b.cmdRematch, Slow: true},
		"rating":      {Run: b.cmdRating},
		"leaderboard": {Run: b.cmdLeaderboard},
		"history":     {Run: b.cmdHistory},
		"record":      {Run: b.cmdRecord, Slow: true},
		"settings":    {Run: b.cmdSettings},
		"review":      {Run: b.cmdReview},            // review.go: not slow, its board answers at once
		"watch":       {Run: b.cmdWatch, Slow: true}, // watch.go
	}
	t.AdminSlash = map[string]interact.Route{
		"end":      {Run: adminGate(b.cmdEnd), Slow: true},
		"settings": {Run: adminGate(b.cmdServerSettings), Slow: true},
		"defaults": {Run: adminGate(b.cmdServerDefaults), Slow: true},
	}
	t.Component = map[string]interact.Route{
		"accept":   {Run: b.btnAccept, Slow: true},
		"decline":  {Run: b.btnDecline, Slow: true},
		"resign":   {Run: b.btnResign},
		"resignok": {Run: b.btnResignConfirm, Slow: true},
		"move":     {Run: b.btnMove}, // its answer is a modal, which cannot follow a deferral
		"mask":     {Run: b.selMask, Slow: true},
		"rematch":  {Run: b.btnRematch, Slow: true},
		"review":   {Run: b.btnReview}, // review.go
		"rvgo":     {Run: b.btnReviewGo},
		"rvpov":    {Run: b.selReviewPOV},
		"rvrec":    {Run: b.btnReviewRecord, Slow: true},
		"tap":      {Run: b.tapPick}, // tapmove.go (bot/tap.Verb): its answer updates the message, never deferred
	}
	t.Modal = map[string]interact.Route{
		"movemodal": {Run: b.onMoveModal}, // from a board its answer updates it (tapmove.go), never deferred
	}
	b.addTournamentRoutes(t) // tournament_commands.go
	return t
}
