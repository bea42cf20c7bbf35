package uitexts

import (
	"shinpan/bot/texts"
	"shinpan/referee"
	"shinpan/referee/shogi"
)

// UIText is one of the bot's fixed interface texts: a reply to a command or a
// button, a button label, a prompt. Texts that carry values have a function
// of their own below.
type UIText msg

// The fixed interface texts.
const (
	ChallengeInGuild     = UIText(mUIChallengeInGuild)    // /shogi challenge used outside a server
	ChallengeSelf        = UIText(mUIChallengeSelf)       // challenging oneself
	ChallengeBot         = UIText(mUIChallengeBot)        // challenging a bot
	NotYourChallenge     = UIText(mUINotYourChallenge)    // accepting or declining someone else's challenge
	NoChallenge          = UIText(mUINoChallenge)         // the challenge is gone
	NoChallengeToAccept  = UIText(mUINoChallengeAccept)   // /shogi accept without a number, and none here for the user
	NoChallengeToDecline = UIText(mUINoChallengeDecline)  // /shogi decline without a number, and none here for the user
	NoChallengeToCancel  = UIText(mUINoChallengeCancel)   // /shogi cancel, and the user has no challenge here
	ChallengeTimedOut    = UIText(mUIChallengeTimedOut)   // accepting after the challenge's time
	NotStartedDMsClosed  = UIText(mUINotStartedDMs)       // a player's DMs are closed (DMsClosed in the channel)
	AlreadyStarted       = UIText(mUIAlreadyStarted)      // the challenge was accepted already
	ButtonAccept         = UIText(mUIButtonAccept)        // label, challenge card
	ButtonDecline        = UIText(mUIButtonDecline)       // label, challenge card
	ButtonMove           = UIText(mUIButtonMove)          // label, under the board: opens the move modal
	ButtonResign         = UIText(mUIButtonResign)        // label, under the board: asks ResignConfirm
	ButtonResignConfirm  = UIText(mUIButtonResignConfirm) // label, under ResignConfirm
	ModalTitle           = UIText(mUIModalTitle)          // the move modal's title (45 characters at most)
	ModalLabel           = UIText(mUIModalLabel)          // its text field's label (45 characters at most)
	ModalPlaceholder     = UIText(mUIModalPlaceholder)    // its text field's example
	MoveSent             = UIText(mUIMoveSent)            // reply to a move from the modal
	Routed               = UIText(mUIRouted)              // an action passed on to the process that owns the game
	MaskMenu             = UIText(mUIMaskMenu)            // the DM holding the mask menu
	MaskPlaceholder      = UIText(mUIMaskPlaceholder)     // the mask menu's placeholder
	InternalError        = UIText(mUIInternalError)       // the bot failed; nothing changed
	StoreDown            = UIText(mUIStoreDown)           // the store is unavailable (store.ErrUnavailable): nothing recorded
	StoreUnsure          = UIText(mUIStoreUnsure)         // the store lost its answer (store.ErrOutcomeUnknown): recorded or not
	UnknownCommand       = UIText(mUIUnknownCommand)      // a subcommand the bot does not know
	NoGame               = UIText(mUINoGame)              // the game cannot be found
	NoActiveGame         = UIText(mUINoActiveGame)        // the user plays no game
	GameOver             = UIText(mUIGameOver)            // a button of a finished game
	BoardSent            = UIText(mUIBoardSent)           // reply to /shogi board
	NoGamesHere          = UIText(mUINoGamesHere)         // /shogi games in a channel without games
	DMHelp               = UIText(mUIDMHelp)              // reply to "help" in DM
	ReachOff             = UIText(mUIReachOff)            // reachable squares are off in this game
	ButtonRematch        = UIText(mUIButtonRematch)       // label, under the final post
	RematchSent          = UIText(mUIRematchSent)         // reply to a rematch
	WatchDMsClosed       = UIText(mUIWatchDMsClosed)      // /shogi watch by someone whose DMs are closed
	DMsClosedYou         = UIText(mUIDMsClosedYou)        // a board asked for by someone whose DMs were last refused
	HistoryEmpty         = UIText(mUIHistoryEmpty)        // /shogi history without games
	DrawOfferStanding    = UIText(mUIDrawOfferStanding)   // a draw offered again while the player's own offer stands
	DrawWithdrawn        = UIText(mUIDrawWithdrawn)       // an acceptance that came after a move withdrew the offer
	CPUPlaysOn           = UIText(mUICPUPlaysOn)          // a draw offered to the CPU
)

// UI returns a fixed interface text in l.
func UI(l texts.Lang, id UIText) string { return tr(l, msg(id)) }

// Accepted answers the player who accepted a challenge.
func Accepted(l texts.Lang, game uint64) string { return tr(l, mUIAccepted, texts.GameNo(game)) }

// ChallengeAccepted replaces an accepted challenge's card.
func ChallengeAccepted(l texts.Lang, game uint64) string {
	return tr(l, mUIChallengeAccepted, texts.GameNo(game))
}

// ChallengeDeclined replaces a declined challenge's card; who declined.
func ChallengeDeclined(l texts.Lang, who string) string {
	return texts.Clip(tr(l, mUIChallengeDeclined, texts.Name(who)))
}

// ChallengeWithdrawn replaces a challenge's card its challenger withdrew.
func ChallengeWithdrawn(l texts.Lang, who string) string {
	return texts.Clip(tr(l, mUIChallengeWithdrawn, texts.Name(who)))
}

// NotInGame: the user does not play game (or it is over).
func NotInGame(l texts.Lang, game uint64) string { return tr(l, mUINotInGame, texts.GameNo(game)) }

// RematchPending: the user's rematch offer is still open.
func RematchPending(l texts.Lang, challenge uint64) string {
	return tr(l, mUIRematchPending, texts.GameNo(challenge))
}

// RematchPlayed: /shogi rematch without a game, or the Rematch button
// under game's result, when game's rematch (game next) is on or played.
func RematchPlayed(l texts.Lang, game, next uint64) string {
	return tr(l, mUIRematchPlayed, texts.GameNo(game), texts.GameNo(next), texts.GameNo(game))
}

// GameElsewhere: the user's own game, asked for from another server.
func GameElsewhere(l texts.Lang, game uint64) string {
	return tr(l, mUIGameElsewhere, texts.GameNo(game))
}

// Aborted answers the player who aborted game.
func Aborted(l texts.Lang, game uint64) string { return tr(l, mUIAborted, texts.GameNo(game)) }

// ResignConfirm asks before resigning game (its Resign button may be
// under an older board that does not name it).
func ResignConfirm(l texts.Lang, game uint64) string {
	return tr(l, mUIResignConfirm, texts.GameNo(game))
}

// Resigned answers the player who resigned game.
func Resigned(l texts.Lang, game uint64) string { return tr(l, mUIResigned, texts.GameNo(game)) }

// Declared answers the player whose impasse declaration won game.
func Declared(l texts.Lang, game uint64) string { return tr(l, mUIDeclared, texts.GameNo(game)) }

// MaskChosen answers the player who chose (or changed) their own mask: the
// piece k on square s. Only to that player: the mask is secret from the
// opponent (RULES.md §2 Masked).
func MaskChosen(l texts.Lang, k shogi.Kind, s shogi.Square) string {
	return tr(l, mUIMaskChosen, texts.PieceName(l, k), texts.SquareName(l, s))
}

// AlreadyReceived answers an action of kind k that arrived twice (a
// press, a pick or a form delivered again, a retried interaction): the
// first one was taken, or waits in the inbox to be.
func AlreadyReceived(l texts.Lang, k referee.ActionKind) string {
	id, ok := map[referee.ActionKind]msg{referee.ActMove: mUIAgainMove, referee.ActMask: mUIAgainMask,
		referee.ActResign: mUIAgainResign, referee.ActDeclare: mUIAgainDeclare, referee.ActAbort: mUIAgainAbort,
		referee.ActDraw: mUIAgainDraw}[k]
	if !ok {
		id = mUIAgain
	}
	return tr(l, id)
}

// AdminEnded answers the moderator who ended game without a result.
func AdminEnded(l texts.Lang, game uint64) string { return tr(l, mUIAdminEnded, texts.GameNo(game)) }

// DrawAgreed answers the player who accepted a draw offer in game.
func DrawAgreed(l texts.Lang, game uint64) string { return tr(l, mUIDrawAgreed, texts.GameNo(game)) }

// WhichGame asks a player in several games to start a move with the game's
// number.
func WhichGame(l texts.Lang, games []uint64) string { return whichGame(l, mUIWhichGame, games) }

// InGame names the game a DM's text is about ("Game #12 · You played …"),
// for a player whose typed moves go elsewhere or nowhere (several games).
func InGame(l texts.Lang, game uint64, text string) string {
	return tr(l, mUIInGame, texts.GameNo(game), text)
}

// WhichGameOption asks a player in several games to name one with a slash
// command's game option.
func WhichGameOption(l texts.Lang, games []uint64) string {
	return whichGame(l, mUIWhichGameOption, games)
}

func whichGame(l texts.Lang, m msg, games []uint64) string {
	if len(games) == 0 {
		return UI(l, NoActiveGame)
	}
	nos := make([]string, len(games))
	for i, g := range games {
		nos[i] = "#" + texts.GameNo(g)
	}
	return texts.Clip(tr(l, m, texts.Join(l, nos), texts.GameNo(games[0])))
}

// DMsClosedMidGame tells the channel, by mention, that a player of a game
// can no longer be reached by DM.
func DMsClosedMidGame(l texts.Lang, mention string, game uint64) string {
	return texts.Clip(tr(l, mUIDMsClosedMidGame, texts.Name(mention), texts.GameNo(game)))
}

// ChannelLost tells a player by DM that the game's channel is gone and the
// game goes on by DM.
func ChannelLost(l texts.Lang, game uint64) string { return tr(l, mUIChannelLost, texts.GameNo(game)) }
