package tntexts

import (
	"shinpan/bot/texts"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"shinpan/referee/view"
)

// The texts of tournaments (/shogi tournament): the card in the channel,
// the final standings, the players' DMs and the answers. Their words are in
// en.go and ja.go.

// TnCard is what a tournament's card shows; names are mentions or escaped
// display names already.
type TnCard struct {
	ID        uint64
	Name      string
	Format    string // swiss, roundrobin, arena
	Rounds    int    // Swiss: the rounds; round robin: all rounds (0 before the start)
	Cycles    int
	Minutes   int // arena
	Variant   view.Variant
	Ranked    bool
	CPUByes   bool
	Status    string // signup, running, paused, finished, cancelled
	TooFew    bool   // cancelled at its start time for too few players
	Players   int
	Limit     int
	Round     int
	StartAt   time.Time // zero: started by hand
	EndsAt    time.Time // arena, once started
	Organiser string
	Pairings  []TnPairing  // the current round's
	Standings []TnStanding // best first
}

// TnPairing is one pairing on the card.
type TnPairing struct {
	Board        int
	Black, White string // White "" for a bye
	Result       string // tournament.Result: "", black, white, draw, none, bye, void
	Game         uint64
}

// TnStanding is one line of the standings.
type TnStanding struct {
	Rank     int
	Player   string
	Points   float64
	W, D, L  int
	Tiebreak string // already written ("Bh 7 · SB 5.5")
	Fire     bool
	Out      bool // withdrawn or kicked
}

// tnLines bounds the pairings and standings lines a card shows.
const tnLines = 16

// TournamentTitle names a tournament: its name and number.
func TournamentTitle(l texts.Lang, id uint64, name string) string {
	if name == "" {
		return tr(l, mTnTitle, id)
	}
	return tr(l, mTnNamed, texts.Escape(name), id)
}

// Points writes a score: 2, 2.5.
func Points(p float64) string { return strconv.FormatFloat(p, 'f', -1, 64) }

// TournamentCard is the card's text: the settings, where it is, the current
// round's pairings and the standings.
func TournamentCard(l texts.Lang, c TnCard) string {
	head := "🏆 **" + TournamentTitle(l, c.ID, c.Name) + "** · " + texts.VariantName(l, c.Variant) + " · " + tnFormat(l, c)
	if c.Ranked {
		head += " · " + tr(l, mTnRanked)
	}
	if c.CPUByes {
		head += " · " + tr(l, mTnCPUByes)
	}
	lines := []string{head, tnStatus(l, c)}
	if len(c.Pairings) > 0 {
		lines = append(lines, "", tr(l, mTnRoundHead, c.Round))
		for i, p := range c.Pairings {
			if i == tnLines {
				lines = append(lines, tr(l, mTnMore, len(c.Pairings)-i))
				break
			}
			lines = append(lines, TournamentPairing(l, p))
		}
	}
	if len(c.Standings) > 0 {
		lines = append(lines, "", tr(l, mTnStandingsHead))
		lines = append(lines, StandingLines(l, c.Standings, tnLines)...)
	}
	return clipLines(lines)
}

// clipLines joins lines, leaving out whole lines at the end to fit a message.
func clipLines(lines []string) string {
	s := strings.Join(lines, "\n")
	for utf8.RuneCountInString(s) > texts.MaxLen && len(lines) > 1 {
		lines = lines[:len(lines)-1]
		s = strings.Join(lines, "\n") + "\n…"
	}
	return texts.Clip(s)
}

func tnFormat(l texts.Lang, c TnCard) string {
	switch c.Format {
	case "swiss":
		return tr(l, mTnSwiss, c.Rounds)
	case "roundrobin":
		if c.Cycles == 2 {
			return tr(l, mTnDoubleRR)
		}
		return tr(l, mTnRoundRobin)
	}
	return tr(l, mTnArena, c.Minutes)
}

func stamp(t time.Time) string { return "<t:" + strconv.FormatInt(t.Unix(), 10) + ":R>" }

func tnStatus(l texts.Lang, c TnCard) string {
	switch c.Status {
	case "signup":
		s := tr(l, mTnSignup, c.Players, c.Limit)
		if !c.StartAt.IsZero() {
			return s + " · " + tr(l, mTnStartsAt, stamp(c.StartAt))
		}
		return s + " · " + tr(l, mTnStartsByHand, c.Organiser)
	case "running", "paused":
		var s string
		if c.Format == "arena" {
			s = tr(l, mTnArenaUntil, stamp(c.EndsAt), c.Players)
		} else {
			s = tr(l, mTnRoundOf, c.Round, c.Rounds, c.Players)
		}
		if c.Status == "paused" {
			s += " · " + tr(l, mTnPausedNote)
		}
		return s
	case "finished":
		return tr(l, mTnFinished)
	}
	if c.TooFew {
		return tr(l, mTnCancelledTooFew)
	}
	return tr(l, mTnCancelled)
}

// TournamentPairing is one pairing's line: board, players, result or game.
func TournamentPairing(l texts.Lang, p TnPairing) string {
	if p.White == "" {
		return tr(l, mTnBye, p.Board, p.Black)
	}
	var res string
	switch p.Result {
	case "black":
		res = "1–0"
	case "white":
		res = "0–1"
	case "draw":
		res = "½–½"
	case "none", "void":
		res = tr(l, mTnNoResult)
	default:
		res = tr(l, mTnPlaying, texts.GameNo(p.Game))
	}
	return tr(l, mTnPairing, p.Board, p.Black, p.White, res)
}

// StandingLines are the standings' lines, at most n (then "and k more").
func StandingLines(l texts.Lang, ss []TnStanding, n int) []string {
	var lines []string
	for i, s := range ss {
		if i == n {
			lines = append(lines, tr(l, mTnMore, len(ss)-i))
			break
		}
		k := mTnStanding
		if s.Points == 1 {
			k = mTnStandingOne
		}
		line := tr(l, k, s.Rank, s.Player, Points(s.Points), s.W, s.D, s.L)
		if s.Tiebreak != "" {
			line += " · " + s.Tiebreak
		}
		if s.Fire {
			line += " 🔥"
		}
		if s.Out {
			line += " " + tr(l, mTnOut)
		}
		lines = append(lines, line)
	}
	return lines
}

// TournamentFinal is the post with the final standings.
func TournamentFinal(l texts.Lang, id uint64, name string, ss []TnStanding) string {
	lines := append([]string{tr(l, mTnFinal, TournamentTitle(l, id, name))}, StandingLines(l, ss, 3*tnLines)...)
	return clipLines(lines)
}

// TournamentCancelled is the post saying a tournament was cancelled.
func TournamentCancelled(l texts.Lang, id uint64, name string, tooFew bool) string {
	if tooFew {
		return tr(l, mTnCancelledPost, TournamentTitle(l, id, name), tr(l, mTnCancelledTooFew))
	}
	return tr(l, mTnCancelledPost, TournamentTitle(l, id, name), tr(l, mTnCancelled))
}

// TournamentGameDM tells a player their tournament game started: round,
// tournament, game, opponent.
func TournamentGameDM(l texts.Lang, round int, title string, game uint64, opponent string) string {
	return tr(l, mTnGameDM, round, title, texts.GameNo(game), opponent)
}

// TournamentByeDM tells a player they have a bye (and, cpu, a game against
// the CPU that counts for nothing).
func TournamentByeDM(l texts.Lang, round int, title string, cpu bool) string {
	if cpu {
		return tr(l, mTnByeCPUDM, round, title)
	}
	return tr(l, mTnByeDM, round, title)
}

// TournamentButton is the Join button's label.
func TournamentButton(l texts.Lang) string { return tr(l, mTnButtonJoin) }

// Tournament answers: kind names the answer, title the tournament.
func Tournament(l texts.Lang, kind, title string) string {
	k, ok := tnAnswers[kind]
	if !ok {
		k = mTnNone
	}
	if strings.Count(tr(texts.EN, k), "%s") == 0 {
		return tr(l, k)
	}
	return tr(l, k, title)
}

// TournamentCreated answers its organiser.
func TournamentCreated(l texts.Lang, title string) string { return tr(l, mTnCreated, title) }

// TournamentKicked answers the moderator who removed player.
func TournamentKicked(l texts.Lang, player, title string) string {
	return tr(l, mTnKicked, player, title)
}

// TournamentAdjudicated answers the moderator who set a result.
// result is a tournament.Result (black, white, draw or none), written as
// the pairing lines write it.
func TournamentAdjudicated(l texts.Lang, round, board int, result string) string {
	res := tr(l, mTnNoResult)
	switch result {
	case "black":
		res = "1–0"
	case "white":
		res = "0–1"
	case "draw":
		res = "½–½"
	}
	return tr(l, mTnAdjudicated, round, board, res)
}

// TournamentKickNotIn refuses to kick a player who is not playing in the
// tournament (never joined, left or withdrew already).
func TournamentKickNotIn(l texts.Lang, player, title string) string {
	return tr(l, mTnKickNotIn, player, title)
}

// TournamentNoPairing refuses a result for a pairing there is not.
func TournamentNoPairing(l texts.Lang, round, board int) string {
	return tr(l, mTnNoPairing, round, board)
}

// TournamentNoOne says nobody has played yet.
func TournamentNoOne(l texts.Lang, title string) string { return tr(l, mTnNoOne, title) }

var tnAnswers = map[string]msg{
	"in_guild": mTnInGuild, "none": mTnNone, "create_mods": mTnCreateMods, "mods": mTnModsOnly,
	"organiser": mTnOrganiserOnly, "closed": mTnClosed, "full": mTnFull, "joined_already": mTnJoinedAlready,
	"not_joined": mTnNotJoined, "kicked": mTnKickedRefusal, "too_few": mTnTooFew, "not_running": mTnNotRunning,
	"not_paused": mTnNotPaused, "over": mTnOver, "config": mTnConfig, "rounds": mTnNeedRounds, "minutes": mTnNeedMinutes,
	"joined": mTnJoined, "left": mTnLeft, "withdrew": mTnWithdrew, "started": mTnStarted, "paused": mTnPaused,
	"resumed": mTnResumed, "cancelled": mTnCancelledAnswer, "not_started": mTnNotStarted, "busy": mTnBusy,
}

// TournamentSettings is the server settings' line about tournaments: who
// creates them, whether their games are watched while they go on.
func TournamentSettings(l texts.Lang, everyone, watch bool) string {
	who, w := tr(l, mTnByMods), tr(l, mTnNo)
	if everyone {
		who = tr(l, mTnByEveryone)
	}
	if watch {
		w = tr(l, mTnYes)
	}
	return tr(l, mTnSettings, who, w)
}
