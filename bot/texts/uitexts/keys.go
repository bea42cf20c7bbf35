package uitexts

// msg is a message id: a key of the word tables en and ja. Every constant below
// must be in both tables (the tests check it), and no other package of
// bot/texts declares the same id (bot/texts checks it).
type msg string

// Options, cards and static texts (static.go).
const (
	mOpt              msg = "punct.option_sep"    // joins options on a card
	mOptFouls         msg = "opt.fouls"           // limit
	mOptFoulsPublic   msg = "opt.fouls.public"    //
	mOptFoulsPrivate  msg = "opt.fouls.private"   //
	mOptMoveLimit     msg = "opt.move_limit"      // moves
	mOptNoMoveLimit   msg = "opt.move_limit.none" //
	mOptMaskAsKing    msg = "opt.mask_as_king"    //
	mOptKingVisible   msg = "opt.king_visible"    //
	mOptNoTurn        msg = "opt.turn.none"       //
	mOptAway          msg = "opt.away"            // minutes
	mOptAwaySec       msg = "opt.away_seconds"    // seconds
	mOptRanked        msg = "opt.ranked"          //
	mOptUnranked      msg = "opt.unranked"        //
	mCardGame         msg = "card.game"           // game number, variant
	mCardPlayer       msg = "card.player"         // symbol, colour word, name
	mCardOptions      msg = "card.options"        // options line
	mChallenge        msg = "challenge"           // challenge id, challenger, challenged, variant
	mChallengeOpen    msg = "challenge.open"      // challenge id, challenger, variant
	mChallengeColor   msg = "challenge.color"     // challenger, side
	mChallengeRandom  msg = "challenge.random"    //
	mChallengeExpires msg = "challenge.expires"   // unix time
	mChallengeAccept  msg = "challenge.accept"    //
	mChallengeExpired msg = "challenge.expired"   // challenger
	mWelcome          msg = "welcome"             // game number, variant, side, opponent
	mWelcomeFirst     msg = "welcome.first"       //
	mWelcomeSecond    msg = "welcome.second"      // opponent side
	mWelcomeMasked    msg = "welcome.masked"      //
	mWelcomeHowTo     msg = "welcome.how_to"      // game number
	mSeeStandard      msg = "see.standard"        //
	mSeeTsuitate      msg = "see.tsuitate"        //
	mSeeMasked        msg = "see.masked"          //
	mSeeDark          msg = "see.dark"            //
	mMaskPrompt       msg = "mask.prompt"         //
	mDMsClosed        msg = "dms_closed"          // mention
	mHelp             msg = "help"                //
	mRulesStandard    msg = "rules.standard"      //
	mRulesTsuitate    msg = "rules.tsuitate"      //
	mRulesMasked      msg = "rules.masked"        //
	mRulesDark        msg = "rules.dark"          //
	mRulesCommon      msg = "rules.common"        //
	mHello            msg = "hello"               // variant, side (the DM sent before the game starts)
	mGameLine         msg = "game_line"           // game number, variant, black, white
	mGameLineMasks    msg = "game_line.masks"     //
)

// The bot's interface texts (ui.go): replies to commands and buttons, button
// labels, prompts and notices.
const (
	mUIChallengeInGuild    msg = "ui.challenge.in_guild"
	mUIChallengeSelf       msg = "ui.challenge.self"
	mUIChallengeBot        msg = "ui.challenge.bot"
	mUINotYourChallenge    msg = "ui.challenge.not_yours"
	mUINoChallenge         msg = "ui.challenge.none"
	mUINoChallengeAccept   msg = "ui.challenge.none.accept"
	mUINoChallengeDecline  msg = "ui.challenge.none.decline"
	mUINoChallengeCancel   msg = "ui.challenge.none.cancel"
	mUIChallengeTimedOut   msg = "ui.challenge.timed_out"
	mUINotStartedDMs       msg = "ui.challenge.dms_closed"
	mUIAlreadyStarted      msg = "ui.challenge.started"
	mUIAccepted            msg = "ui.challenge.accepted.reply" // game number
	mUIChallengeAccepted   msg = "ui.challenge.accepted.card"  // game number
	mUIChallengeDeclined   msg = "ui.challenge.declined"       // who
	mUIChallengeWithdrawn  msg = "ui.challenge.withdrawn"      // who
	mUIButtonAccept        msg = "ui.button.accept"
	mUIButtonDecline       msg = "ui.button.decline"
	mUIButtonMove          msg = "ui.button.move"
	mUIButtonResign        msg = "ui.button.resign"
	mUIButtonResignConfirm msg = "ui.button.resign_confirm"
	mUIResignConfirm       msg = "ui.resign.confirm" // game number
	mUIResigned            msg = "ui.resign.done"    // game number
	mUIModalTitle          msg = "ui.modal.title"
	mUIModalLabel          msg = "ui.modal.label"
	mUIModalPlaceholder    msg = "ui.modal.placeholder"
	mUIMoveSent            msg = "ui.move.sent"
	mUIRouted              msg = "ui.move.routed"
	mUIMaskMenu            msg = "ui.mask.menu"
	mUIMaskPlaceholder     msg = "ui.mask.placeholder"
	mUIAgainMove           msg = "ui.again.move"
	mUIAgainMask           msg = "ui.again.mask"
	mUIAgainResign         msg = "ui.again.resign"
	mUIAgainDeclare        msg = "ui.again.declare"
	mUIAgainAbort          msg = "ui.again.abort"
	mUIAgainDraw           msg = "ui.again.draw"
	mUIAgain               msg = "ui.again"
	mUIAborted             msg = "ui.abort.done"   // game number
	mUIDeclared            msg = "ui.declare.done" // game number
	mUIMaskChosen          msg = "ui.mask.chosen"  // piece, square
	mUIAdminEnded          msg = "ui.admin.ended"  // game number
	mUIDrawAgreed          msg = "ui.draw.agreed"  // game number
	mUIInternalError       msg = "ui.internal_error"
	mUIStoreDown           msg = "ui.store.down"
	mUIStoreUnsure         msg = "ui.store.unsure"
	mUIUnknownCommand      msg = "ui.unknown_command"
	mUINoGame              msg = "ui.game.none"
	mUINotInGame           msg = "ui.game.not_yours" // game number
	mUIGameElsewhere       msg = "ui.game.elsewhere" // game number
	mUINoActiveGame        msg = "ui.game.none_active"
	mUIWhichGame           msg = "ui.game.which"        // list of game numbers, one game number
	mUIInGame              msg = "ui.game.in"           // game number, a DM's text
	mUIWhichGameOption     msg = "ui.game.which_option" // list of game numbers, one game number
	mUIGameOver            msg = "ui.game.over"
	mUIBoardSent           msg = "ui.board.sent"
	mUINoGamesHere         msg = "ui.games.none"
	mUIDMHelp              msg = "ui.dm.help"
	mUIDMsClosedMidGame    msg = "ui.dms_closed.mid_game" // mention, game number
	mUIChannelLost         msg = "ui.channel_lost"        // game number
	mUINoteOn              msg = "ui.note.on"             // square
	mUINoteOff             msg = "ui.note.off"            // square
	mUINoteNoBoard         msg = "ui.note.no_board"       // (after NoteToggled) the board could not be queued
	mUIReachTitle          msg = "ui.reach.title"         // piece, square
	mUIReachNone           msg = "ui.reach.none"          // piece, square
	mUIReachOff            msg = "ui.reach.off"
	mUINoPieceThere        msg = "ui.reach.no_piece" // square
	mUIBadSquare           msg = "ui.square.bad"     // text
	mUINoSquare            msg = "ui.square.none"
	mUIButtonRematch       msg = "ui.button.rematch"
	mUIRematchNotYours     msg = "ui.rematch.not_yours" // game number
	mUIRematchSent         msg = "ui.rematch.sent"
	mUIRematchPending      msg = "ui.rematch.pending" // challenge number
	mUIRematchPlayed       msg = "ui.rematch.played"  // game number, its rematch's number, game number
	mUIWatchDMsClosed      msg = "ui.watch.dms_closed"
	mUIDMsClosedYou        msg = "ui.dms_closed_you"
	mUIRating              msg = "ui.rating.line"            // name, variant, rating, rd, games, wins, losses, draws
	mUIUnrated             msg = "ui.rating.none"            // name, variant
	mUILeaderboardTitle    msg = "ui.leaderboard.title"      // variant
	mUILeaderboardLine     msg = "ui.leaderboard.line"       // rank, name, rating, rd, games
	mUILeaderboardYou      msg = "ui.leaderboard.you"        // rank
	mUILeaderboardEmpty    msg = "ui.leaderboard.empty"      // variant
	mUISettings            msg = "ui.settings.shown"         // notation, language, orientation, board, pieces
	mUISettingsLook        msg = "ui.settings.saved_look"    // notation, language, orientation, board, pieces
	mBoardLight            msg = "board.light"               // the board themes, as settings name them
	mBoardWood             msg = "board.wood"                //
	mBoardContrast         msg = "board.contrast"            //
	mPiecesPrinted         msg = "pieces.printed"            // the piece sets
	mPiecesKoma            msg = "pieces.koma"               //
	mPiecesKoma2           msg = "pieces.koma2"              //
	mPiecesIntl            msg = "pieces.international"      //
	mOrientOwn             msg = "orientation.own"           // the orientations, as settings name them
	mOrientFlip            msg = "orientation.flip"          //
	mUIHistoryLine         msg = "ui.history.line"           // game number, variant, black, white, result
	mUINotRatedCPU         msg = "ui.rating.not_rated_cpu"   // the players the CPU moved for
	mUIRankedAway          msg = "ui.rating.ranked_away"     // the least away time, seconds
	mACGame                msg = "ac.game"                   // number, opponent, variant
	mACGamePlayers         msg = "ac.game.players"           // number, black, white, variant
	mACYourTurn            msg = "ac.turn.yours"             //
	mACTheirTurn           msg = "ac.turn.theirs"            //
	mACMasks               msg = "ac.masks"                  //
	mACOver                msg = "ac.over"                   //
	mACChallengeFrom       msg = "ac.challenge.from"         // number, challenger, variant
	mACChallengeTo         msg = "ac.challenge.to"           // number, challenged, variant
	mACChallengeOpen       msg = "ac.challenge.open"         // number, challenger, variant
	mUICPUOnly             msg = "ui.challenge.cpu_only"     // level: or think: against a person
	mUIThinkMax            msg = "ui.challenge.think_max"    // the server's most think time, ms
	mUIYouDeclined         msg = "ui.challenge.you_declined" // challenge number
	mUIDMGamePrefix        msg = "ui.dm.game_prefix"
	mUIDMResignHow         msg = "ui.dm.resign_how"
	mUIUnrankedCPU         msg = "ui.challenge.unranked_cpu"
	mUIYouWithdrew         msg = "ui.challenge.you_withdrew" // challenge number
	mUITooManyChallenges   msg = "ui.challenge.too_many"     // how many are open
	mUIHistoryEmpty        msg = "ui.history.empty"
	mUIRecordNotYet        msg = "ui.record.not_yet" // game number
	mUIRecordSent          msg = "ui.record.sent"    // game number
	mUIMoveBoxGame         msg = "ui.move.box_game"  // the box's game number, the number typed
	mUIDrawOffered         msg = "ui.draw.offered"   // who, game number
	mUIDrawOfferSent       msg = "ui.draw.sent"      // game number
	mUIDrawOfferStanding   msg = "ui.draw.standing"
	mUIDrawWithdrawn       msg = "ui.draw.withdrawn"
	mUIAwayCPU             msg = "ui.away.cpu"  // who, game number
	mUIAwayBack            msg = "ui.away.back" // who, game number
	mUIAwayYou             msg = "ui.away.you"  // game number
	mUICPUPlaysOn          msg = "ui.cpu.plays_on"
)

// Spectators and review (spectate.go holds their words).
const (
	mUIButtonReview    msg = "ui.button.review"
	mUIReviewNotYet    msg = "ui.review.not_yet" // game number
	mUIReviewHead      msg = "ui.review.head"    // game number, move number, moves, the move, point of view
	mUIReviewStart     msg = "ui.review.start"
	mUIReviewTrue      msg = "ui.review.true"
	mUIReviewSide      msg = "ui.review.side" // side symbol and name
	mUIReviewFouls     msg = "ui.review.fouls"
	mUIReviewPOV       msg = "ui.review.pov"
	mUIGIFSent         msg = "ui.gif.sent"         // game number, moves, size in KB
	mUIWatchStarted    msg = "ui.watch.started"    // game number, delay in moves
	mUIWatchStopped    msg = "ui.watch.stopped"    // game number
	mUIWatchNone       msg = "ui.watch.none"       // game number
	mUIWatchPlayer     msg = "ui.watch.player"     // game number
	mUIWatchRanked     msg = "ui.watch.ranked"     // game number
	mUIWatchOver       msg = "ui.watch.over"       // game number
	mUIWatchBoard      msg = "ui.watch.board"      // game number, move number shown, move number now
	mUIWatchWaiting    msg = "ui.watch.waiting"    // game number, delay in moves
	mUIWatchEnded      msg = "ui.watch.ended"      // game number
	mUIWatchTournament msg = "ui.watch.tournament" // game number
)

// /shogiadmin: a server's moderators (admin.go).
const (
	mAdminOnly        msg = "admin.only"          // /shogiadmin without Manage Server
	mAdminEndMoved    msg = "admin.end_moved"     // the old /shogi end
	mAdminSettings    msg = "admin.settings"      // language, notation, threads, channel, defaults
	mAdminLangServer  msg = "admin.lang.server"   // the language follows the server's locale (its language)
	mAdminLangChosen  msg = "admin.lang.chosen"   // a language chosen
	mAdminNotaLang    msg = "admin.notation.lang" // the notation follows the language of public posts (its notation)
	mAdminNotaW       msg = "admin.notation.western"
	mAdminNotaJ       msg = "admin.notation.japanese"
	mAdminNotaU       msg = "admin.notation.usi"
	mAdminThreadsOn   msg = "admin.threads.on"    // threads chosen on
	mAdminThreadsOff  msg = "admin.threads.off"   // threads chosen off
	mAdminThreadsConf msg = "admin.threads.conf"  // the configuration's (on or off)
	mAdminChannelAny  msg = "admin.channel.any"   // games announced where challenged
	mAdminChannel     msg = "admin.channel"       // games announced in a channel
	mAdminNoDefaults  msg = "admin.defaults.none" // no variant has defaults of its own
	mAdminDefaults    msg = "admin.defaults"      // a variant, its defaults
	mAdminSaved       msg = "admin.saved"         // settings changed (the summary follows)
	mAdminBadNota     msg = "admin.notation.bad"  // a notation the bot does not know (typed)
	mAdminBadChannel  msg = "admin.channel.bad"   // a channel that is not a text channel of this server
	mAnnouncedIn      msg = "game.announced_in"   // the accepted challenge: the game's card is in another channel
	mAdminWatchMoves  msg = "admin.watch.moves"   // watchers this many moves behind
	mAdminWatchLive   msg = "admin.watch.live"    // watchers 0 moves behind (unranked games only)
	mAdminWatchOff    msg = "admin.watch.off"     // no watching
	mAdminBadDelay    msg = "admin.watch.bad"     // a watch delay out of range (given, maximum)
	mAdminBadSwitch   msg = "admin.switch.bad"    // an on/off setting given another value (setting, value)
)

// Moving by tapping: the menus under a player's board (TapPiece and the rest).
const (
	mTapPiece       msg = "tap.piece"             // symbol, piece name, square: a piece on the board
	mTapPieceJA     msg = "tap.piece.kanji"       // symbol, square, kanji piece (Japanese notation)
	mTapDrop        msg = "tap.drop"              // symbol, piece name: a piece in hand
	mTapDropJA      msg = "tap.drop.kanji"        // symbol, kanji piece
	mTapTakes       msg = "tap.takes"             // piece name: a destination holding a known enemy piece
	mTapPromotes    msg = "tap.promotes"          // a destination where the piece must promote
	mTapFiles       msg = "tap.files"             // first file, last file: a group of squares or pieces
	mTapPickPiece   msg = "tap.pick.piece"        // placeholder: the pieces on the board
	mTapPickHand    msg = "tap.pick.hand"         // placeholder: the pieces in hand
	mTapPickSquare  msg = "tap.pick.square"       // placeholder: the destinations
	mTapPickFiles   msg = "tap.pick.files"        // placeholder: the groups of files
	mTapPickMask    msg = "tap.pick.mask"         // placeholder: the mask
	mTapBack        msg = "tap.back"              // button
	mTapPromote     msg = "tap.promote"           // button
	mTapNoPromote   msg = "tap.no_promote"        // button
	mTapPicked      msg = "tap.picked"            // the picked piece's label: the message above the squares
	mTapPromoteAsk  msg = "tap.promote_ask"       // the move so far: the promotion question
	mTapStale       msg = "tap.stale"             // a pick on an old board
	mTapTranscript  msg = "tap.transcript"        // the demo's line for a pick: the option's label
	mSetInputMenus  msg = "settings.input.menus"  // /shogi settings input: menus
	mSetInputTyping msg = "settings.input.typing" // /shogi settings input: typing
	mSetInputSaved  msg = "settings.input.saved"  // mSetInputMenus or mSetInputTyping: after the settings
	mTapTried       msg = "tap.tried"             // a picked move that was a foul at this move already
)
