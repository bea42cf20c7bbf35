package tntexts

// msg is a message id: a key of the word tables en and ja. Every constant below
// must be in both tables (the tests check it), and no other package of
// bot/texts declares the same id (bot/texts checks it).
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
