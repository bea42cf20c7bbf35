package uitexts

import "sync"

// en is the English word table. Placeholders are fmt verbs; keep them (same
// verbs, same argument numbers) when editing.
var en = sync.OnceValue(func() map[msg]string {
	return map[msg]string{
		mOpt:              " · ",
		mOptFouls:         "foul limit %d",
		mOptFoulsPublic:   "fouls announced to both",
		mOptFoulsPrivate:  "fouls told only to the fouling player",
		mOptMoveLimit:     "draw at move %d",
		mOptNoMoveLimit:   "no move limit",
		mOptMaskAsKing:    "mask treated as a king",
		mOptKingVisible:   "the opponent's king visible",
		mOptNoTurn:        "no time limit",
		mOptAway:          "CPU takes over after %d min away",
		mOptAwaySec:       "CPU takes over after %d s away",
		mOptRanked:        "ranked",
		mOptUnranked:      "unranked",
		mCardGame:         "**Game #%s · %s**",
		mCardPlayer:       "%s %s: %s",
		mCardOptions:      "Options: %s",
		mChallenge:        "**Challenge #%d: %s challenges %s to %s.**",
		mChallengeOpen:    "**Challenge #%d: %s challenges anyone to %s.**",
		mChallengeColor:   "%s plays %s.",
		mChallengeRandom:  "Colours are drawn at random.",
		mChallengeExpires: " The challenge expires %s.",
		mChallengeAccept:  "Press **Accept** to play.",
		mChallengeExpired: "The challenge from %s expired: nobody accepted in time.",
		mWelcome:          "**Game #%s · %s** — you play %s against %s.",
		mWelcomeFirst:     "You move first: your turn.",
		mWelcomeSecond:    "%s moves first: I will tell you when it is your turn.",
		mWelcomeMasked:    "Before the first move each player secretly chooses a mask; then ☗ moves first.",
		mWelcomeHowTo:     "Send your moves here, e.g. `7g7f`, `P-7f` or `７六歩` (in several games at once: `#12 7g7f`), or press **Move** under your board when it is your turn. `help` here gives a reminder; `/shogi help` lists the notations and commands, `/shogi rules` the rules.",
		mSeeStandard:      "Everything is open: you see the whole board, both hands and every move.",
		mSeeTsuitate:      "You see only your own pieces and hand. When your opponent moves you hear only that they moved; captures (square and piece) and check are announced. A move that is illegal on your own board is refused with the reason, at no cost; one that is illegal on the real board is a foul: you move again, and reaching the foul limit loses.",
		mSeeMasked:        "The board and both hands are open; only the masks are secret. You alone are told when your mask is attacked (\"check\").",
		mSeeDark:          "You see your own pieces and the squares they reach; the rest is fog. You hear that your opponent moved and what was captured, never where they moved. There is no check: guard your king yourself. A drop on a fogged square that is occupied bounces, and you move again.",
		mMaskPrompt:       "Choose your mask: send me the square of one of your pieces other than the king (e.g. `2h`), or pick it from the menu below. You can change it until both players have chosen.",
		mDMsClosed:        "%s, I can't send you DMs, so the game can't start. Turn on *Server Settings → Privacy Settings → Direct Messages* (or *Allow direct messages from server members*); then the challenge can be accepted again.",
		mHelp: `**How to enter a move** — DM it to me, or press **Move** under your board on your turn. Any of these notations works:
• **USI**: ` + "`7g7f`" + ` (from 7g to 7f), ` + "`8h2b+`" + ` (promote), ` + "`P*5e`" + ` (drop a pawn on 5e)
• **Western**: ` + "`P-7f`, `Bx3c+`" + ` (capture, promote), ` + "`B-3c=`" + ` (don't promote), ` + "`S*5e`" + ` (drop), ` + "`G6i-5h`" + ` (which gold), ` + "`+R-2b`" + ` (dragon)
• **Japanese**: ` + "`７六歩` or `76歩`, `２二角成`, `２二角不成`, `５五角打`, `同歩`" + ` (to the last square), ` + "`５八金右`" + `
Squares: file 1–9 from Black's right, rank a–i from the top (or 1–9): ` + "`7g` = `77` = `７七`" + `. When a move could promote, add + or = (成 or 不成). An unclear move is not played: I list the candidates.
In several games at once, start with the game number: ` + "`#12 7g7f`" + `. In Masked shogi, send the square of your mask (e.g. ` + "`2h`" + `) or pick it from the menu. ` + "`help`" + ` in DM gives a short reminder.

**Commands**:
` + "`/shogi challenge`" + ` — challenge a player (or anyone) here
` + "`/shogi accept`" + ` · ` + "`/shogi decline`" + ` — answer a challenge (or press its buttons) · ` + "`/shogi cancel`" + ` — withdraw your challenge
` + "`/shogi resign`" + ` — resign (or **Resign** under your board) · ` + "`/shogi declare`" + ` — impasse (standard shogi, 27 points)
` + "`/shogi board`" + ` — your board again by DM · ` + "`/shogi status`" + ` — a game's state · ` + "`/shogi games`" + ` — the games in this channel
` + "`/shogi rules`" + ` — the rules of a variant · ` + "`/shogi help`" + ` — this text
` + "`/shogi note`" + ` — a private "?" mark on a square (in DM: ` + "`?5e`" + `) · ` + "`/shogi reach`" + ` — where one of your pieces can go (in DM: ` + "`7g?`" + `)
` + "`/shogi draw`" + ` — offer or accept a draw · ` + "`/shogi abort`" + ` — cancel a game before both have moved · ` + "`/shogiadmin end`" + ` · ` + "`/shogiadmin settings`" + ` · ` + "`/shogiadmin defaults`" + ` — moderators
` + "`/shogi rematch`" + ` — the same game, colours swapped
` + "`/shogi rating`" + ` · ` + "`/shogi leaderboard`" + ` — ratings of ranked games · ` + "`/shogi history`" + ` — finished games · ` + "`/shogi record`" + ` — a game's record (KIF, KI2, CSA, GIF)
` + "`/shogi review`" + ` — a finished game move by move · ` + "`/shogi watch`" + ` — watch a game · ` + "`/shogi tournament`" + ` — tournaments
` + "`/shogi settings`" + ` — your notation, language, board orientation and theme`,
		mRulesStandard: `**Standard shogi** — everything is open to both players and the channel.
• The usual rules: promotion in the far three ranks (forced for a pawn or lance on the last rank and a knight on the last two), captured pieces go to the captor's hand and can be dropped; no nifu, no dead drops, no pawn-drop mate.
• An illegal move is refused with the reason; it costs nothing.
• The game ends by checkmate (a player with no legal move loses), resignation, time, sennichite (the same position four times is a draw, but the side that gave check with every move of the cycle loses), an impasse declaration by the 27-point rule (` + "`/shogi declare`" + `), or the optional move limit (a draw).`,
		mRulesTsuitate: `**Tsuitate shogi (screen)** — you see only your own pieces and hand; the opponent's are behind the screen.
• A move that is illegal on your own board (not your piece, wrong movement, blocked by your own piece, nifu, a dead drop, a wrong promotion) is refused with the reason: no penalty, still your turn.
• A **foul** is judged on the real board: a rook, bishop or lance (or dragon, horse) sliding *through* a hidden piece, a drop onto an occupied square, leaving or putting your own king in check, a pawn-drop mate. You are told only "foul"; the move is taken back and you move again. A slider that stops on the first hidden piece captures it.
• The Nth foul loses (N = 10 by default, 1–20). Fouls are announced to both players and the channel unless the host turned that off.
• Everyone hears "☗ moved (move 12)" with no square, each capture with its square and the piece as it stood ("☖'s silver on 5e was captured"), and "check" with no direction.
• Checkmate is detected at once: you never have to spend fouls to prove it. Draw after move 150 by default (no repetition rule).
• At the end both boards are opened: the final position, every move and every foul attempt with its reason.
• Option ` + "`king_visible`" + ` (off by default): each player always sees the opponent's king on its real square (ringed with dots) and nothing else of theirs; the channel sees both kings. A move through that king, onto it or next to it with your own king is refused like any mistake on your own board, never a foul.`,
		mRulesMasked: `**Masked shogi (Kagemusha)** — an open board with one secret each: the mask.
• Before the first move each player secretly picks one of their own pieces other than the king as the mask, and may change it until both have picked. Then ☗ moves first.
• Any move that follows the piece movement rules is allowed: you may leave your mask or your king under attack. The king is an ordinary piece: it can be captured and dropped.
• Capture the opponent's mask to win (a promoted mask is still the mask; a captured mask ends the game at once). A player with no legal move loses.
• "Check" — your mask is attacked — is told only to you.
• No pawn-drop-mate rule. Fourfold repetition is a draw; the side that attacked the other's mask with every move of the cycle loses. No move limit unless the host sets one.
• House rule "mask as a king" (off by default): moves that leave your own mask attacked are refused, and a mask attacked with no legal reply loses.
• When both have chosen, the channel gets a SHA-256 commitment for each mask; the reveal at the end opens them so anyone can check nobody changed their mask.`,
		mRulesDark: `**Dark shogi (fog of war)** — you see your own pieces and every square they could move to; a sliding piece sees up to and including the first occupied square. The rest is fog: not known empty or occupied. Pieces in hand give no vision; the opponent's hand is never shown.
• Every move your view allows is real. There is no check and no checkmate: you may move into attack or leave your king attacked, and nobody warns you.
• A drop on a visible empty square lands; on a visible occupied square it is refused. A drop on a fogged square that is occupied **bounces**: nothing changes and it is still your turn; only you are told, and not by what. Bounces cost nothing.
• Nifu and dead drops are illegal; there is no pawn-drop-mate rule.
• Capture the king to win.
• Everyone hears "☗ moved (move 12)" and each capture ("☖'s silver on 5e was captured"), never where a piece moved.
• Draw after move 300 by default; no repetition rule.`,
		mRulesCommon:           `**In every variant** you may resign at any time. With a clock (a turn limit, byoyomi, Fischer or days a move; off by default), running out of time loses; a foul costs only the time it takes. A player away on their turn for the away time (10 minutes by default) gets the CPU in their seat, playing with exactly their view; any command or move brings them back.`,
		mHello:                 "Hello! You are about to play %s as %s. Your board and the game's messages will come here.",
		mGameLine:              "#%s %s: ☗ %s vs ☖ %s",
		mGameLineMasks:         " — choosing masks",
		mUIChallengeInGuild:    "Challenges are made in a server channel: use `/shogi challenge` there.",
		mUIChallengeSelf:       "You can't challenge yourself.",
		mUIChallengeBot:        "Bots can't play. Challenge a person, or leave the opponent empty for an open challenge.",
		mUINotYourChallenge:    "This challenge is not for you.",
		mUINoChallenge:         "That challenge is no longer open.",
		mUIChallengeTimedOut:   "That challenge has expired.",
		mUINotStartedDMs:       "The game did not start: a player's DMs are closed (see the channel).",
		mUIAlreadyStarted:      "That game has already started.",
		mUIAccepted:            "Game #%s starts! Check your DMs for your board.",
		mUIChallengeAccepted:   "Challenge accepted: game #%s is on.",
		mUIChallengeDeclined:   "Challenge declined by %s.",
		mUIChallengeWithdrawn:  "Challenge withdrawn by %s.",
		mUIButtonAccept:        "Accept",
		mUIButtonDecline:       "Decline",
		mUIButtonMove:          "Move",
		mUIButtonResign:        "Resign",
		mUIButtonResignConfirm: "Yes, resign",
		mUIResignConfirm:       "Resign this game? This cannot be undone.",
		mUIResigned:            "You resigned.",
		mUIModalTitle:          "Your move",
		mUIModalLabel:          "Move (USI, Western or Japanese)",
		mUIModalPlaceholder:    "7g7f, P-7f, ７六歩",
		mUIMoveSent:            "Move received.",
		mUIRouted:              "Received: the result follows in your DMs.",
		mUIMaskMenu:            "Choose your mask:",
		mUIMaskPlaceholder:     "Your mask (not the king)",
		mUIDone:                "Done.",
		mUIInternalError:       "Something went wrong on my side. Nothing was changed; please try again.",
		mUIStoreDown:           "The referee cannot be reached right now, so nothing was recorded. Please try again in a moment.",
		mUIStoreUnsure:         "The referee stopped answering while this was being recorded, so I cannot tell yet whether it was. Look at the board in a moment before you send it again.",
		mUIUnknownCommand:      "Unknown command: `/shogi help` lists them.",
		mUINoGame:              "I can't find that game.",
		mUINotInGame:           "You are not playing in game #%s (or it is over).",
		mUIGameElsewhere:       "Game #%s is played in another server: use the command there, or in your DMs with me.",
		mUINoActiveGame:        "You have no game going on. Challenge someone with `/shogi challenge` in a server channel.",
		mUIWhichGame:           "You are in several games (%s): start your move with the game number, e.g. `#%s 7g7f`.",
		mUIWhichGameOption:     "You are in several games (%s): say which with the command's `game` option, e.g. `game:%s`.",
		mUIGameOver:            "This game is over.",
		mUIBoardSent:           "Sent to your DMs.",
		mUINoGamesHere:         "No games are going on in this channel.",
		mUIDMHelp:              "Send your move here, e.g. `7g7f`, `P-7f`, `７六歩` or `76歩`; drops like `P*5e` or `５五歩打`. In several games at once, start with the game number: `#12 7g7f`. Commands: `/shogi board`, `/shogi resign`, `/shogi status`; `/shogi help` explains every notation and command.",
		mUIDMsClosedMidGame:    "%s, I can no longer DM you in game #%s. Turn your DMs back on; the game waits for you. `/shogi board` re-sends your board.",
		mUIChannelLost:         "I can no longer post in game #%s's channel. The game goes on here by DM.",
		mUINoteOn:              "Note added on %s — only you see it.",
		mUINoteOff:             "Note removed from %s.",
		mUINoteNoBoard:         "Your board could not be sent: the referee cannot be reached right now. `/shogi board` shows it later.",
		mUIReachTitle:          "Where your %s on %s can go on your own board:",
		mUIReachNone:           "Your %s on %s cannot move on your own board.",
		mUIReachOff:            "Showing reachable squares is turned off in this game.",
		mUINoPieceThere:        "You have no piece on %s.",
		mUIBadSquare:           "“%s” is not a square: write it like 7g or ７七.",
		mUIButtonRematch:       "Rematch",
		mUIRematchNotYours:     "Only the players of game #%s can ask for a rematch.",
		mUIRematchSent:         "Rematch offered — see the channel.",
		mUIRematchPending:      "Your rematch offer (challenge #%s) is still open — see the channel.",
		mUIDMsClosedYou:        "I can't DM you: your last DM from me was refused. Allow direct messages from this server's members (Privacy Settings), then ask again.",
		mUIWatchDMsClosed:      "I can't DM you: allow direct messages from this server's members (Privacy Settings), then use `/shogi watch` again.",
		mUIRating:              "%s — %s: **%d** (±%d), %d games: %d wins, %d losses, %d draws.",
		mUIUnrated:             "%s has no %s rating here yet.",
		mUILeaderboardTitle:    "**%s leaderboard**",
		mUILeaderboardLine:     "%d. %s — %d (±%d), %d games",
		mUILeaderboardYou:      "Your place: %d.",
		mUILeaderboardEmpty:    "No ranked %s games here yet.",
		mUISettings:            "Your settings. Notation: %s · language: %s · orientation: %s · board: %s · pieces: %s.",
		mUISettingsLook:        "Saved. Notation: %s · language: %s · orientation: %s · board: %s · pieces: %s.",
		mBoardLight:            "light",
		mBoardWood:             "wooden",
		mBoardContrast:         "high contrast",
		mPiecesPrinted:         "printed kanji",
		mPiecesKoma:            "koma, one kanji",
		mPiecesKoma2:           "koma, two kanji",
		mPiecesIntl:            "international (letters and moves)",
		mOrientOwn:             "your side at the bottom",
		mOrientFlip:            "flipped",
		mUIHistoryLine:         "#%s %s: ☗ %s vs ☖ %s — %s",
		mUINotRatedCPU:         "Not rated: the CPU moved for %s (a ranked game counts only when the CPU moved for nobody, or for the loser).",
		mACGame:                "#%d vs %s · %s",
		mACGamePlayers:         "#%d %s vs %s · %s",
		mACYourTurn:            " · your turn",
		mACTheirTurn:           " · their turn",
		mACMasks:               " · choosing masks",
		mACOver:                " · over",
		mACChallengeFrom:       "#%d from %s · %s",
		mACChallengeTo:         "#%d to %s · %s",
		mACChallengeOpen:       "#%d open, by %s · %s",
		mUICPUOnly:             "level: and think: are for games against the CPU: give the bot itself as opponent:.",
		mUIThinkMax:            "think: at most %d ms on this server.",
		mUIYouDeclined:         "Challenge #%d declined.",
		mUIDMGamePrefix:        "To name a game, write `#`, its number, a space, then the move: `#12 7g7f`. Nothing was played.",
		mUIYouWithdrew:         "Challenge #%d withdrawn.",
		mUITooManyChallenges:   "You already have %d open challenges on this server: withdraw one with `/shogi cancel`, or wait until one is accepted or runs out.",
		mUIRankedAway:          "A ranked game needs away_seconds of 0 (the CPU never takes a seat) or at least %d: ratings measure people.",
		mUIHistoryEmpty:        "No finished games yet.",
		mUIRecordNotYet:        "The record of game #%s is shown once the game is over.",
		mUIRecordSent:          "Record of game #%s, with everything that was hidden.",
		mUIDrawOffered:         "%s offers a draw in game #%s. Accept with `/shogi draw`, or just play on.",
		mUIDrawOfferSent:       "Draw offer sent. It stands until your opponent accepts or a move is played.",
		mUIDrawWithdrawn:       "The draw offer no longer stands: a move was played. `/shogi draw` offers one yourself.",
		mUIAwayCPU:             "%s is away: the CPU plays their seat in game #%s until they come back.",
		mUIAwayBack:            "%s is back in game #%s.",
		mUIAwayYou:             "You were away on your turn: the CPU plays your seat in game #%s until you come back. Send anything here (a move, `help`) or use a command to take it back.",
		mUICPUPlaysOn:          "The CPU does not take draws: it plays on.",
		mAdminOnly:             "Only moderators (Manage Server) can use `/shogiadmin`.",
		mAdminEndMoved:         "Ending a game is now `/shogiadmin end` (moderators: Manage Server).",
		mAdminSettings: "**This server's shogi settings**\nLanguage of public posts: %s\nNotation of public posts: %s\nThreads: %s\nGames announced in: %s\n" +
			"Watching (`watch_delay`): %s\nRanked games watched (`watch_ranked`): %s\nGIF with the result (`result_gif`): %s\nGIF frames for Tsuitate fouls (`gif_foul_frames`): %s\nDefaults: %s",
		mAdminNotaLang:     "the language's: %s",
		mAdminNotaW:        "Western (P-7f)",
		mAdminNotaJ:        "Japanese (７六歩)",
		mAdminNotaU:        "USI (7g7f)",
		mAdminLangServer:   "the server's language (%s)",
		mAdminLangChosen:   "%s",
		mAdminThreadsOn:    "on",
		mAdminThreadsOff:   "off",
		mAdminThreadsConf:  "the bot's default (%s)",
		mAdminChannelAny:   "the channel of each challenge",
		mAdminChannel:      "<#%s>",
		mAdminNoDefaults:   "the bot's",
		mAdminDefaults:     "%s: %s",
		mAdminSaved:        "Saved.",
		mAdminBadChannel:   "Pick a text channel of this server.",
		mAdminBadNota:      "There is no notation “%s”: choose default, western, japanese or usi.",
		mAnnouncedIn:       "%s — in <#%s>",
		mAdminWatchMoves:   "%d moves behind the game",
		mAdminWatchLive:    "live (0 moves behind) in unranked games",
		mAdminWatchOff:     "off",
		mAdminBadDelay:     "The watch delay must be -1 (no watching), 0 (live, unranked games only) or 1 to %[2]d moves, not %[1]d. Nothing was changed.",
		mAdminBadSwitch:    "`%s` is on, off or default, not “%s”. Nothing was changed.",
		mUIWatchTournament: "Game #%s is a tournament game: it can be watched once it is over.",
		mUIButtonReview:    "Review",
		mUIReviewNotYet:    "Game #%s can be reviewed once it is over.",
		mUIReviewHead:      "**Review of game #%s** · move %d of %d%s · %s",
		mUIReviewStart:     ", the start",
		mUIReviewTrue:      "the whole board",
		mUIReviewSide:      "what %s saw",
		mUIReviewFouls:     "Foul attempts in this position:",
		mUIReviewPOV:       "Point of view",
		mUIGIFSent:         "Game #%s as an animation: %d move(s), %d KB.",
		mUIWatchStarted:    "You are watching game #%s: I will DM you the whole board %d moves behind the game. `/shogi watch` again stops it.",
		mUIWatchStopped:    "You no longer watch game #%s.",
		mUIWatchNone:       "Watching game #%s is not allowed on this server.",
		mUIWatchPlayer:     "You play in game #%s: players cannot watch their own game.",
		mUIWatchRanked:     "Game #%s is ranked: this server does not allow watching ranked games.",
		mUIWatchOver:       "Game #%s is over: `/shogi review` shows it move by move.",
		mUIWatchBoard:      "Game #%s as it stood at move %d (the game is at move %d).",
		mUIWatchWaiting:    "Game #%s: the first board comes when the game is %d moves in.",
		mUIWatchEnded:      "Game #%s is over. The whole board:",
		mTapPiece:          "%s %s %s",
		mTapPieceJA:        "%s%s%s",
		mTapDrop:           "%s %s in hand",
		mTapDropJA:         "%s%s打",
		mTapTakes:          "takes the %s",
		mTapPromotes:       "promotes",
		mTapFiles:          "Files %d–%d",
		mTapPickPiece:      "Move a piece…",
		mTapPickHand:       "Drop a piece in hand…",
		mTapPickSquare:     "To which square?",
		mTapPickFiles:      "Which files?",
		mTapPickMask:       "Tap to choose your mask…",
		mTapBack:           "Back",
		mTapPromote:        "Promote",
		mTapNoPromote:      "Don't promote",
		mTapPicked:         "%s: where to?",
		mTapPromoteAsk:     "%s: promote?",
		mTapStale:          "This board is out of date; here is the current one.",
		mTapTranscript:     "[picks %s]",
		mSetInputMenus:     "menus under the board",
		mSetInputTyping:    "typing only",
		mSetInputSaved:     " Moves: %s.",
		mTapTried:          "You tried that move already at this move: it was a foul, and it would be again. Pick another.",
	}
})
