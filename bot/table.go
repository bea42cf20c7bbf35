package bot

// The command table: every slash subcommand, button, select and modal of the
// bot, and whether it is slow (deferred before it runs). A new command is a
// sub(...) in commands.go, one line here and its handler.
var (
	slashRoutes     map[string]route
	adminRoutes     map[string]route // /shogiadmin's, for moderators only (admin.go)
	componentRoutes map[string]route // by custom_id verb ("accept:12")
	modalRoutes     map[string]route
)

func init() {
	slashRoutes = map[string]route{
		"challenge":   {run: (*Bot).cmdChallenge, slow: false}, // its answer is the public card
		"accept":      {run: (*Bot).cmdAccept, slow: true},
		"decline":     {run: (*Bot).cmdDecline, slow: true},
		"cancel":      {run: (*Bot).cmdCancel, slow: true},
		"resign":      {run: (*Bot).cmdResign, slow: true},
		"declare":     {run: (*Bot).cmdDeclare, slow: true},
		"board":       {run: (*Bot).cmdBoard, slow: true},
		"status":      {run: (*Bot).cmdStatus},
		"games":       {run: (*Bot).cmdGames},
		"rules":       {run: (*Bot).cmdRules},
		"help":        {run: (*Bot).cmdHelp},
		"note":        {run: (*Bot).cmdNote, slow: true},
		"reach":       {run: (*Bot).cmdReach, slow: true},
		"draw":        {run: (*Bot).cmdDraw, slow: true},
		"abort":       {run: (*Bot).cmdAbort, slow: true},
		"end":         {run: (*Bot).cmdEndMoved}, // now /shogiadmin end
		"rematch":     {run: (*Bot).cmdRematch, slow: true},
		"rating":      {run: (*Bot).cmdRating},
		"leaderboard": {run: (*Bot).cmdLeaderboard},
		"history":     {run: (*Bot).cmdHistory},
		"record":      {run: (*Bot).cmdRecord, slow: true},
		"settings":    {run: (*Bot).cmdSettings},
		"review":      {run: (*Bot).cmdReview},            // review.go: not slow, its board answers at once
		"watch":       {run: (*Bot).cmdWatch, slow: true}, // watch.go
	}
	adminRoutes = map[string]route{
		"end":      {run: adminGate((*Bot).cmdEnd), slow: true},
		"settings": {run: adminGate((*Bot).cmdServerSettings), slow: true},
		"defaults": {run: adminGate((*Bot).cmdServerDefaults), slow: true},
	}
	componentRoutes = map[string]route{
		"accept":   {run: (*Bot).btnAccept, slow: true},
		"decline":  {run: (*Bot).btnDecline, slow: true},
		"resign":   {run: (*Bot).btnResign},
		"resignok": {run: (*Bot).btnResignConfirm, slow: true},
		"move":     {run: (*Bot).btnMove}, // its answer is a modal, which cannot follow a deferral
		"mask":     {run: (*Bot).selMask, slow: true},
		"rematch":  {run: (*Bot).btnRematch, slow: true},
		"review":   {run: (*Bot).btnReview}, // review.go
		"rvgo":     {run: (*Bot).btnReviewGo},
		"rvpov":    {run: (*Bot).selReviewPOV},
		"rvrec":    {run: (*Bot).btnReviewRecord, slow: true},
		"tap":      {run: (*Bot).tapPick}, // tapmove.go (bot/tap.Verb): its answer updates the message, never deferred
	}
	modalRoutes = map[string]route{
		"movemodal": {run: (*Bot).onMoveModal}, // from a board its answer updates it (tapmove.go), never deferred
	}
	addTournamentRoutes() // tournament_commands.go
}
