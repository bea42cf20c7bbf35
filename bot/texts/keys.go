package texts

// msg is a message id: a key of the word tables en and ja. Every constant below
// must be in both tables (the tests check it).
type msg string

// Punctuation and joining.
const (
	mFullStop  msg = "punct.full_stop" // ends a sentence
	mSep       msg = "punct.sep"       // joins the parts of one merged message
	mListSep   msg = "punct.list_sep"  // joins items of a list
	mTurnYours msg = "turn.yours"      // appended when it is the reader's turn
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
	mRefNotThatPiece    msg = "ref.not_that_piece" // square, piece
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

// A position named by the moves played before it (PositionName): a board's
// header and alt text, the status line, the card (RULES.md §3, move
// numbers). Drawn on board images too: keep them within the font.
const (
	mPosAfter msg = "position.after" // the number of moves played
	mPosStart msg = "position.start" // no move played yet
)

// A game's status line (Status, card.go).
const (
	mStatus      msg = "status"       // game number, the position (position.*), side to move
	mStatusMasks msg = "status.masks" // game number
	mStatusOver  msg = "status.over"  // game number, how it ended
)

// The hint after a refusal of text that is no move (RefusalWithMoveHint).
const mUIDMHint msg = "ui.dm.hint"

// The clocks: the time control in the options line, the clocks under a
// player's board, the refusals of clock options (clock.go).
const (
	mOptTurn          msg = "opt.turn"               // seconds
	mTCByoyomi        msg = "time.byoyomi"           // main minutes, byoyomi seconds
	mTCSudden         msg = "time.sudden"            // main minutes
	mTCFischer        msg = "time.fischer"           // main minutes, increment seconds
	mTCDays           msg = "time.days"              // days
	mClkLine          msg = "clock.line"             // Black's clock, White's clock, what follows
	mClkInByoyomi     msg = "clock.in_byoyomi"       //
	mClkThenByoyomi   msg = "clock.then_byoyomi"     // seconds
	mClkIncrement     msg = "clock.increment"        // seconds
	mClkSudden        msg = "clock.sudden"           //
	mOptPreset        msg = "option.time_preset"     // typed text, presets
	mOptConflict      msg = "option.time_clash"      // option, other option
	mOptNotForVariant msg = "option.not_for_variant" // option, its variant, the variant chosen
	mOptNeeds         msg = "option.time_needs"      // option, needed option
	mOptDaysAway      msg = "option.days_no_away"    //
)

// The live game card's state (card.go).
const (
	mCardTurn     msg = "card.turn"     // the position (position.*), side to move
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

// The alt text of a board image (BoardAlt).
const (
	mAltSep      msg = "alt.sep"       // between the parts
	mAltRevealed msg = "alt.revealed"  // variant
	mAltPublic   msg = "alt.public"    // variant
	mAltYours    msg = "alt.yours"     // side, variant
	mAltSideView msg = "alt.side_view" // side, variant (a side's view shown to anyone)
	mAltToMove   msg = "alt.to_move"   // side
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
