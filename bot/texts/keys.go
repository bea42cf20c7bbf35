package texts

// msg is a message id: a key of the word tables en and ja. Every constant below
// must be in both tables (the tests check it).
type msg string

// Tournaments (tournament.go).
const (
	mTnTitle           msg = "tn.title"             // tournament number
	mTnNamed           msg = "tn.named"             // name, tournament number
	mTnRanked          msg = "tn.ranked"            // on the card
	mTnCPUByes         msg = "tn.cpu_byes"          // on the card
	mTnSwiss           msg = "tn.swiss"             // rounds
	mTnRoundRobin      msg = "tn.round_robin"       // the format
	mTnDoubleRR        msg = "tn.double_rr"         // the format, two cycles
	mTnArena           msg = "tn.arena"             // minutes
	mTnSignup          msg = "tn.signup"            // players, limit
	mTnStartsAt        msg = "tn.starts_at"         // a Discord timestamp
	mTnStartsByHand    msg = "tn.starts_by_hand"    // the organiser
	mTnRoundOf         msg = "tn.round_of"          // round, rounds, players
	mTnArenaUntil      msg = "tn.arena_until"       // a Discord timestamp, players
	mTnPausedNote      msg = "tn.paused_note"       // after the round
	mTnFinished        msg = "tn.finished"          // the status
	mTnCancelled       msg = "tn.cancelled"         // the status
	mTnCancelledTooFew msg = "tn.cancelled_too_few" // the status
	mTnRoundHead       msg = "tn.round_head"        // round
	mTnPairing         msg = "tn.pairing"           // board, black, white, result
	mTnBye             msg = "tn.bye"               // board, player
	mTnNoResult        msg = "tn.no_result"         // a pairing's result
	mTnPlaying         msg = "tn.playing"           // game number
	mTnStandingsHead   msg = "tn.standings_head"    // heading
	mTnStanding        msg = "tn.standing"          // rank, player, points, wins, draws, losses
	mTnStandingOne     msg = "tn.standing_one"      // the same, with 1 point
	mTnOut             msg = "tn.out"               // after a withdrawn player
	mTnMore            msg = "tn.more"              // how many more lines
	mTnFinal           msg = "tn.final"             // title
	mTnCancelledPost   msg = "tn.cancelled_post"    // title, status
	mTnGameDM          msg = "tn.game_dm"           // round, title, game number, opponent
	mTnByeDM           msg = "tn.bye_dm"            // round, title
	mTnByeCPUDM        msg = "tn.bye_cpu_dm"        // round, title
	mTnButtonJoin      msg = "tn.button_join"       // label
	mTnWatch           msg = "tn.watch"             // game number
	mTnCreated         msg = "tn.created"           // title
	mTnKicked          msg = "tn.kicked"            // player, title
	mTnAdjudicated     msg = "tn.adjudicated"       // round, board, result
	mTnNoPairing       msg = "tn.no_pairing"        // round, board
	mTnKickNotIn       msg = "tn.kick_not_in"       // player, title
	mTnNoOne           msg = "tn.no_one"            // title
	mTnInGuild         msg = "tn.in_guild"
	mTnNone            msg = "tn.none"
	mTnCreateMods      msg = "tn.create_mods"
	mTnModsOnly        msg = "tn.mods_only"
	mTnOrganiserOnly   msg = "tn.organiser_only"
	mTnClosed          msg = "tn.closed"         // title
	mTnFull            msg = "tn.full"           // title
	mTnJoinedAlready   msg = "tn.joined_already" // title
	mTnNotJoined       msg = "tn.not_joined"     // title
	mTnKickedRefusal   msg = "tn.kicked_refusal" // title
	mTnTooFew          msg = "tn.too_few"        // title
	mTnNotRunning      msg = "tn.not_running"    // title
	mTnNotPaused       msg = "tn.not_paused"     // title
	mTnOver            msg = "tn.over"           // title
	mTnConfig          msg = "tn.config"
	mTnNeedRounds      msg = "tn.need_rounds"
	mTnNeedMinutes     msg = "tn.need_minutes"
	mTnJoined          msg = "tn.joined"           // title
	mTnLeft            msg = "tn.left"             // title
	mTnWithdrew        msg = "tn.withdrew"         // title
	mTnStarted         msg = "tn.started"          // title
	mTnPaused          msg = "tn.paused"           // title
	mTnResumed         msg = "tn.resumed"          // title
	mTnCancelledAnswer msg = "tn.cancelled_answer" // title
	mTnNotStarted      msg = "tn.not_started"      // title
	mTnBusy            msg = "tn.busy"
	mTnSettings        msg = "tn.settings" // who creates, whether watched
	mTnByMods          msg = "tn.by_mods"
	mTnByEveryone      msg = "tn.by_everyone"
	mTnYes             msg = "tn.yes"
	mTnNo              msg = "tn.no"
)

// Punctuation and joining.
const (
	mFullStop  msg = "punct.full_stop"  // ends a sentence
	mSep       msg = "punct.sep"        // joins the parts of one merged message
	mListSep   msg = "punct.list_sep"   // joins items of a list
	mOpt       msg = "punct.option_sep" // joins options on a card
	mTurnYours msg = "turn.yours"       // appended when it is the reader's turn
)

// Sides and names.
const (
	mBlack     msg = "side.black"
	mWhite     msg = "side.white"
	mSideNamed msg = "side.named" // symbol, name
	mYouWin    msg = "you.win"
	mYouLose   msg = "you.lose"
)

// Piece names, as a piece stood on the board.
const (
	mPawn      msg = "piece.pawn"
	mLance     msg = "piece.lance"
	mKnight    msg = "piece.knight"
	mSilver    msg = "piece.silver"
	mGold      msg = "piece.gold"
	mBishop    msg = "piece.bishop"
	mRook      msg = "piece.rook"
	mKing      msg = "piece.king"
	mTokin     msg = "piece.tokin"
	mProLance  msg = "piece.promoted_lance"
	mProKnight msg = "piece.promoted_knight"
	mProSilver msg = "piece.promoted_silver"
	mHorse     msg = "piece.horse"
	mDragon    msg = "piece.dragon"
	mPiece     msg = "piece.unknown"
)

// Variants.
const (
	mVarStandard msg = "variant.standard"
	mVarTsuitate msg = "variant.tsuitate"
	mVarMasked   msg = "variant.masked"
	mVarDark     msg = "variant.dark"
)

// Events.
const (
	mMovedSelf      msg = "moved.self"        // move text, number
	mMovedHidden    msg = "moved.hidden"      // side, number
	mMovedOpen      msg = "moved.open"        // move text, number
	mCaptureOther   msg = "capture.other"     // owner side, piece, square
	mCaptureYours   msg = "capture.yours"     // piece, square
	mCheck          msg = "check"             //
	mCheckMask      msg = "check.mask"        // Masked: to the mask's owner
	mFoulSelf       msg = "foul.self"         // count, limit
	mFoulSelfLast   msg = "foul.self.last"    // count, limit (the game ends)
	mFoulOther      msg = "foul.other"        // side, count, limit
	mBounce         msg = "bounce"            //
	mMaskSet        msg = "mask.set"          // piece, square
	mMaskSetFinal   msg = "mask.set.final"    // piece, square (both have chosen)
	mMasksSet       msg = "masks.set"         //
	mMasksCommit    msg = "masks.commitments" // black's and white's commitment, shortened
	mMasksVerify    msg = "masks.verify"      // game id
	mRefused        msg = "refused"           //
	mRevealStandard msg = "reveal.standard"   // moves
	mRevealTsuitate msg = "reveal.tsuitate"   // moves, fouls
	mRevealDark     msg = "reveal.dark"       // moves
	mRevealMasked   msg = "reveal.masked"     // black's mask, white's mask
	mMaskWherePiece msg = "mask.where.piece"  // side, piece, square
	mMaskWhereSq    msg = "mask.where.square" // side, square
	mMaskCaptured   msg = "mask.where.taken"  // side, square
	mMaskChosen     msg = "mask.chosen"       // square where it was chosen
	mRevealMoves    msg = "reveal.moves"      // moves count (header of the move list)
	mRevealFouls    msg = "reveal.fouls"      // header of the foul list
	mRevealNoFouls  msg = "reveal.fouls.none" //
	mRevealFoul     msg = "reveal.foul"       // number, side, typed, usi, reason
	mRevealFoulUSI  msg = "reveal.foul.usi"   // number, side, usi, reason (typed as USI)
	mRevealCommit   msg = "reveal.commitment" // side, square, salt, commitment
	mRevealCheck    msg = "reveal.check"      // the preimage to hash
)

// Ends. Win texts take (loser, winner) unless noted.
const (
	mEndCheckmate      msg = "end.checkmate"          // winner
	mEndFoulLimit      msg = "end.foul_limit"         // loser, count, limit, winner
	mEndFoulLimitPlain msg = "end.foul_limit.plain"   // loser, winner
	mEndMaskCaptured   msg = "end.mask_captured"      //
	mEndMaskCheckmated msg = "end.mask_checkmated"    //
	mEndKingCaptured   msg = "end.king_captured"      //
	mEndNoLegalMove    msg = "end.no_legal_move"      //
	mEndPerpetual      msg = "end.perpetual_check"    //
	mEndPerpetualMask  msg = "end.perpetual_mask"     // Masked: the mask attacked every move
	mEndImpasse        msg = "end.impasse"            // winner
	mEndResignation    msg = "end.resignation"        //
	mEndTimeout        msg = "end.timeout"            //
	mEndModeratorWin   msg = "end.moderator.win"      // winner
	mEndWin            msg = "end.win"                // winner (any other reason)
	mEndSennichite     msg = "end.sennichite"         // draw
	mEndMoveLimit      msg = "end.move_limit"         // limit; draw
	mEndAbort          msg = "end.abort"              //
	mEndDrawAgreed     msg = "end.draw_agreed"        //
	mEndModerator      msg = "end.moderator"          // no result
	mEndDraw           msg = "end.draw"               // any other reason without a winner
	mEndTimeoutDraw    msg = "end.timeout.draw"       //
	mEndImpasseDraw    msg = "end.impasse.draw"       //
	mEndNoMoveDraw     msg = "end.no_legal_move.draw" //
)

// Why a move is illegal (shogi.Reason texts and codes, also the reasons of the
// fouls listed at the reveal).
const (
	mWhyNotYourPiece  msg = "why.not_your_piece"
	mWhyNotInHand     msg = "why.not_in_hand"
	mWhyOwnPiece      msg = "why.own_piece_on_target"
	mWhyOccupied      msg = "why.square_occupied"
	mWhyCannotMove    msg = "why.cannot_move_there"
	mWhyPathBlocked   msg = "why.path_blocked"
	mWhyCannotPromote msg = "why.cannot_promote"
	mWhyMustPromote   msg = "why.must_promote"
	mWhyDeadDrop      msg = "why.dead_drop"
	mWhyNifu          msg = "why.nifu"
	mWhyKingInCheck   msg = "why.king_in_check"
	mWhyUchifuzume    msg = "why.uchifuzume"
	mWhyMaskAttacked  msg = "why.mask_attacked"
	mWhyKingOnTarget  msg = "why.king_on_target"
)

// Referee refusals (referee.Refusal, shogi.ImpasseError). The English
// templates are the referee's own texts (TestRefusalEnglishIsTheReferees).
const (
	mRefUnknownPlayer   msg = "ref.unknown_player"
	mRefGameOver        msg = "ref.game_over"
	mRefMaskTime        msg = "ref.mask_time"
	mRefTimeoutMover    msg = "ref.timeout_mover"
	mRefAbortTooLate    msg = "ref.abort_too_late"
	mRefMasksFirst      msg = "ref.masks_first"
	mRefNotYourTurn     msg = "ref.not_your_turn"
	mRefImpasseStandard msg = "ref.impasse_standard_only"
	mRefDeclareOnTurn   msg = "ref.declare_on_turn"
	mRefMasksOnly       msg = "ref.masks_masked_only"
	mRefMasksLocked     msg = "ref.masks_locked"
	mRefKingNotMask     msg = "ref.king_not_mask"
	mRefNotSquare       msg = "ref.not_a_square"   // typed text
	mRefNoPieceOn       msg = "ref.no_piece_on"    // square
	mRefUnknownAction   msg = "ref.unknown_action" // action kind
	mRefImpasse         msg = "ref.impasse"        // why
	mRefMove            msg = "ref.move"           // typed text, why
	mImpNotInCamp       msg = "impasse.not_in_camp"
	mImpInCheck         msg = "impasse.in_check"
	mImpFewPieces       msg = "impasse.few_pieces" // count
	mImpPoints          msg = "impasse.points"     // points, needed
)

// A challenge's options refused (referee.OptionError, referee.VariantError).
const (
	mOptRange          msg = "option.range"           // option name, min, max, value given
	mOptRangeOrNone    msg = "option.range_or_none"   // option name, min, max, value given
	mOptAtLeast        msg = "option.at_least"        // option name, min, value given
	mOptUnknownVariant msg = "option.unknown_variant" // typed text
)

// Notation errors (notation.ResolveError.Error).
const (
	mNtUnreadable       msg = "notation.unreadable"        // typed text
	mNtUnreadableDetail msg = "notation.unreadable.detail" // typed text, detail
	mNtAmbiguous        msg = "notation.ambiguous"         // typed text, list
	mNtPromo            msg = "notation.promotion"         // typed text
	mNtPromoList        msg = "notation.promotion.list"    // typed text, list
	mNtNoSuch           msg = "notation.no_such"           // typed text
	mNtNoSuchDetail     msg = "notation.no_such.detail"    // typed text, detail
	mNtNoSuchList       msg = "notation.no_such.list"      // typed text, list
	mNtNoSuchBoth       msg = "notation.no_such.both"      // typed text, detail, list
	mListMore           msg = "notation.list.more"         // how many more
	mDtTooLong          msg = "detail.too_long"
	mDtNoPrevious       msg = "detail.no_previous"
	mDtNothingTo        msg = "detail.nothing_to"    // square
	mDtNoneFrom         msg = "detail.none_from"     // square
	mDtNoKind           msg = "detail.no_kind"       // piece
	mDtBecomes          msg = "detail.becomes"       // piece
	mDtNoDrop           msg = "detail.no_drop"       //
	mDtNoBoard          msg = "detail.no_board"      //
	mDtMustPromote      msg = "detail.must_promote"  //
	mDtUp               msg = "detail.motion.up"     //
	mDtSideways         msg = "detail.motion.side"   //
	mDtBack             msg = "detail.motion.back"   //
	mDtLeft             msg = "detail.side.left"     //
	mDtRight            msg = "detail.side.right"    //
	mDtStraight         msg = "detail.side.straight" //
	mDtOtherSide        msg = "detail.other_side"
)

// Options, cards and static texts.
const (
	mOptFouls         msg = "opt.fouls"           // limit
	mOptFoulsPublic   msg = "opt.fouls.public"    //
	mOptFoulsPrivate  msg = "opt.fouls.private"   //
	mOptMoveLimit     msg = "opt.move_limit"      // moves
	mOptNoMoveLimit   msg = "opt.move_limit.none" //
	mOptMaskAsKing    msg = "opt.mask_as_king"    //
	mOptKingVisible   msg = "opt.king_visible"    //
	mOptTurn          msg = "opt.turn"            // seconds
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
	mWelcomeHowTo     msg = "welcome.how_to"      //
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
	mStatus           msg = "status"              // game number, move number, side to move
	mStatusMasks      msg = "status.masks"        // game number
	mStatusOver       msg = "status.over"         // game number, how it ended
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
	mUIResignConfirm       msg = "ui.resign.confirm"
	mUIResigned            msg = "ui.resign.done"
	mUIModalTitle          msg = "ui.modal.title"
	mUIModalLabel          msg = "ui.modal.label"
	mUIModalPlaceholder    msg = "ui.modal.placeholder"
	mUIMoveSent            msg = "ui.move.sent"
	mUIRouted              msg = "ui.move.routed"
	mUIMaskMenu            msg = "ui.mask.menu"
	mUIMaskPlaceholder     msg = "ui.mask.placeholder"
	mUIDone                msg = "ui.done"
	mUIInternalError       msg = "ui.internal_error"
	mUIStoreDown           msg = "ui.store.down"
	mUIStoreUnsure         msg = "ui.store.unsure"
	mUIUnknownCommand      msg = "ui.unknown_command"
	mUINoGame              msg = "ui.game.none"
	mUINotInGame           msg = "ui.game.not_yours" // game number
	mUIGameElsewhere       msg = "ui.game.elsewhere" // game number
	mUINoActiveGame        msg = "ui.game.none_active"
	mUIWhichGame           msg = "ui.game.which" // list of game numbers, one game number
	mUIGameOver            msg = "ui.game.over"
	mUIBoardSent           msg = "ui.board.sent"
	mUINoGamesHere         msg = "ui.games.none"
	mUIDMHelp              msg = "ui.dm.help"
	mUIDMHint              msg = "ui.dm.hint"
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
	mUIButtonRematch       msg = "ui.button.rematch"
	mUIRematchNotYours     msg = "ui.rematch.not_yours" // game number
	mUIRematchSent         msg = "ui.rematch.sent"
	mUIRematchPending      msg = "ui.rematch.pending" // challenge number
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
	mUIYouWithdrew         msg = "ui.challenge.you_withdrew" // challenge number
	mUITooManyChallenges   msg = "ui.challenge.too_many"     // how many are open
	mUIHistoryEmpty        msg = "ui.history.empty"
	mUIRecordNotYet        msg = "ui.record.not_yet" // game number
	mUIRecordSent          msg = "ui.record.sent"    // game number
	mUIDrawOffered         msg = "ui.draw.offered"   // who, game number
	mUIDrawOfferSent       msg = "ui.draw.sent"
	mUIDrawWithdrawn       msg = "ui.draw.withdrawn"
	mUIAwayCPU             msg = "ui.away.cpu"  // who, game number
	mUIAwayBack            msg = "ui.away.back" // who, game number
	mUICPUPlaysOn          msg = "ui.cpu.plays_on"
)

// Spectators and review (spectate.go holds their words).
const (
	mUIButtonReview msg = "ui.button.review"
	mUIReviewNotYet msg = "ui.review.not_yet" // game number
	mUIReviewHead   msg = "ui.review.head"    // game number, move number, moves, the move, point of view
	mUIReviewStart  msg = "ui.review.start"
	mUIReviewTrue   msg = "ui.review.true"
	mUIReviewSide   msg = "ui.review.side" // side symbol and name
	mUIReviewFouls  msg = "ui.review.fouls"
	mUIReviewPOV    msg = "ui.review.pov"
	mUIGIFSent      msg = "ui.gif.sent"      // game number, moves, size in KB
	mUIWatchStarted msg = "ui.watch.started" // game number, delay in moves
	mUIWatchStopped msg = "ui.watch.stopped" // game number
	mUIWatchNone    msg = "ui.watch.none"    // game number
	mUIWatchPlayer  msg = "ui.watch.player"  // game number
	mUIWatchRanked  msg = "ui.watch.ranked"  // game number
	mUIWatchOver    msg = "ui.watch.over"    // game number
	mUIWatchBoard   msg = "ui.watch.board"   // game number, move number shown, move number now
	mUIWatchWaiting msg = "ui.watch.waiting" // game number, delay in moves
	mUIWatchEnded   msg = "ui.watch.ended"   // game number
)

// The clocks: the time control in the options line, the clocks under a
// player's board, the refusals of clock options (clock.go).
const (
	mTCByoyomi      msg = "time.byoyomi"        // main minutes, byoyomi seconds
	mTCSudden       msg = "time.sudden"         // main minutes
	mTCFischer      msg = "time.fischer"        // main minutes, increment seconds
	mTCDays         msg = "time.days"           // days
	mClkLine        msg = "clock.line"          // Black's clock, White's clock, what follows
	mClkInByoyomi   msg = "clock.in_byoyomi"    //
	mClkThenByoyomi msg = "clock.then_byoyomi"  // seconds
	mClkIncrement   msg = "clock.increment"     // seconds
	mClkSudden      msg = "clock.sudden"        //
	mOptPreset      msg = "option.time_preset"  // typed text, presets
	mOptConflict    msg = "option.time_clash"   // option, other option
	mOptNeeds       msg = "option.time_needs"   // option, needed option
	mOptDaysAway    msg = "option.days_no_away" //
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

// The live game card's state (card.go).
const (
	mCardTurn     msg = "card.turn"     // move number, side to move
	mCardMasks    msg = "card.masks"    // Masked: the masks are being chosen
	mCardLast     msg = "card.last"     // the last thing the channel was told
	mCardFouls    msg = "card.fouls"    // ☗ count/limit, ☖ count/limit
	mCardCaptured msg = "card.captured" // symbol, pieces
	mCardNone     msg = "card.none"     // no piece captured
	mCardTimes    msg = "card.times"    // a piece name ×n
)

// Words drawn on a board image (BoardLabels). The picture's font holds ASCII
// and render's drawnText only: keep these within them (TestBoardLabelsDrawable).
const (
	mBoardToMove   msg = "board.to_move"   // side with its symbol
	mBoardCheck    msg = "board.check"     // after board.to_move
	mBoardMove     msg = "board.move"      // move number
	mBoardFouls    msg = "board.fouls"     // count, limit
	mBoardHand     msg = "board.hand"      // before a hand
	mBoardTook     msg = "board.took"      // before the pieces a side took (the channel's board)
	mBoardNone     msg = "board.none"      // an empty hand
	mBoardTurn     msg = "board.turn"      // the pill of the side to move
	mBoardCheckTag msg = "board.check_tag" // the tag on a square in check (short)
	mBoardRanks    msg = "board.ranks"     // the nine rank labels, 1 to 9
	mBoardWon      msg = "board.won"       // side with its symbol, how (board.win.*)
	mBoardWonPlain msg = "board.won.plain" // side with its symbol
	mBoardDraw     msg = "board.draw"      // a result without a winner and a reason of its own

	mBoardWinCheckmate      msg = "board.win.checkmate"
	mBoardWinFoulLimit      msg = "board.win.foul_limit"
	mBoardWinMaskCaptured   msg = "board.win.mask_captured"
	mBoardWinMaskCheckmated msg = "board.win.mask_checkmated"
	mBoardWinKingCaptured   msg = "board.win.king_captured"
	mBoardWinNoLegalMove    msg = "board.win.no_legal_move"
	mBoardWinSennichite     msg = "board.win.sennichite"
	mBoardWinPerpetual      msg = "board.win.perpetual_check"
	mBoardWinImpasse        msg = "board.win.impasse"
	mBoardWinMoveLimit      msg = "board.win.move_limit"
	mBoardWinResignation    msg = "board.win.resignation"
	mBoardWinTimeout        msg = "board.win.timeout"
	mBoardWinModerator      msg = "board.win.moderator"

	mBoardDrawSennichite  msg = "board.draw.sennichite"
	mBoardDrawMoveLimit   msg = "board.draw.move_limit"
	mBoardDrawImpasse     msg = "board.draw.impasse"
	mBoardDrawAgreed      msg = "board.draw.draw_agreed"
	mBoardDrawAbort       msg = "board.draw.abort"
	mBoardDrawModerator   msg = "board.draw.moderator"
	mBoardDrawTimeout     msg = "board.draw.timeout"
	mBoardDrawNoLegalMove msg = "board.draw.no_legal_move"
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

// The alt text of a board image (BoardAlt).
const (
	mAltSep      msg = "alt.sep"       // between the parts
	mAltRevealed msg = "alt.revealed"  // variant
	mAltPublic   msg = "alt.public"    // variant
	mAltYours    msg = "alt.yours"     // side, variant
	mAltSideView msg = "alt.side_view" // side, variant (a side's view shown to anyone)
	mAltToMove   msg = "alt.to_move"   // side
	mAltMove     msg = "alt.move"      // move number
	mAltMyFouls  msg = "alt.fouls.own" // count, limit
	mAltFouls    msg = "alt.fouls"     // side, count, limit
	mAltCheck    msg = "alt.check"     //
	mAltLastMove msg = "alt.last_move" // the move in the reader's notation
	mAltLostAt   msg = "alt.lost_at"   // square
	mAltKingSeen msg = "alt.king_seen" // side, square (Tsuitate king_visible)

	mAltVarStandard msg = "alt.variant.standard" // the variants, short
	mAltVarTsuitate msg = "alt.variant.tsuitate"
	mAltVarMasked   msg = "alt.variant.masked"
	mAltVarDark     msg = "alt.variant.dark"
)
