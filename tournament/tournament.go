package tournament

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"time"

	"shinpan/referee/view"
)

// Format is how a tournament pairs its players.
type Format string

const (
	Swiss      Format = "swiss"      // rounds paired by score (Dutch-like)
	RoundRobin Format = "roundrobin" // everyone plays everyone (Berger tables)
	Arena      Format = "arena"      // free players paired at once until the time is up
)

// Status is where a tournament is in its life.
type Status string

const (
	StatusSignup    Status = "signup"
	StatusRunning   Status = "running"
	StatusPaused    Status = "paused" // no new pairings; games going on still count
	StatusFinished  Status = "finished"
	StatusCancelled Status = "cancelled"
)

// Over reports whether the tournament has ended (finished or cancelled).
func (s Status) Over() bool { return s == StatusFinished || s == StatusCancelled }

// Why a tournament was cancelled (Tournament.Ended).
const (
	EndCancelled = "cancelled" // by its organiser or a moderator
	EndTooFew    = "too_few"   // too few players at the start time
)

// Limits of the settings.
const (
	MaxPlayers           = 2000
	MaxRoundRobinPlayers = 40
	MaxSwissRounds       = 30
	MinArena             = time.Minute
	MaxArena             = 7 * 24 * time.Hour
	MaxBreak             = 24 * time.Hour
)

// Config is what the organiser chose.
type Config struct {
	Format  Format       `json:"format"`
	Variant view.Variant `json:"variant"`
	// Rounds is a Swiss tournament's number of rounds (1..MaxSwissRounds).
	Rounds int `json:"rounds,omitempty"`
	// Cycles is how many times a round robin's players meet (1 or 2; 0 is
	// 1). The second cycle swaps the colours of the first.
	Cycles int `json:"cycles,omitempty"`
	// Duration is an arena's length, from its start.
	Duration time.Duration `json:"duration,omitempty"`
	// StartAt starts the tournament by itself (zero: when the organiser
	// starts it).
	StartAt time.Time `json:"start_at,omitzero"`
	// MaxPlayers limits the sign-up (0: MaxPlayers, MaxRoundRobinPlayers
	// in a round robin).
	MaxPlayers int `json:"max_players,omitempty"`
	// Break is the wait between the end of a round and the next pairing
	// (Swiss, round robin).
	Break time.Duration `json:"break,omitempty"`
	// CPUByes lets the CPU fill a bye: the player given a bye also plays
	// an unranked game against the CPU, which counts for nothing (the bye
	// is scored as always). The caller starts that game.
	CPUByes bool `json:"cpu_byes,omitempty"`
}

// Limit is the most players the tournament takes.
func (c Config) Limit() int {
	hard := MaxPlayers
	if c.Format == RoundRobin {
		hard = MaxRoundRobinPlayers
	}
	if c.MaxPlayers > 0 && c.MaxPlayers < hard {
		return c.MaxPlayers
	}
	return hard
}

// Validate checks the settings.
func (c Config) Validate() error {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("%w: "+format, append([]any{ErrConfig}, a...)...)
	}
	switch c.Variant {
	case view.Standard, view.Tsuitate, view.Masked, view.Dark:
	default:
		return bad("variant %q", c.Variant)
	}
	switch c.Format {
	case Swiss:
		if c.Rounds < 1 || c.Rounds > MaxSwissRounds {
			return bad("a Swiss tournament has 1 to %d rounds, not %d", MaxSwissRounds, c.Rounds)
		}
	case RoundRobin:
		if c.Cycles < 0 || c.Cycles > 2 {
			return bad("a round robin has 1 or 2 cycles, not %d", c.Cycles)
		}
	case Arena:
		if c.Duration < MinArena || c.Duration > MaxArena {
			return bad("an arena lasts %v to %v, not %v", MinArena, MaxArena, c.Duration)
		}
	default:
		return bad("format %q: want swiss, roundrobin or arena", c.Format)
	}
	if c.Format != Swiss && c.Rounds != 0 || c.Format != RoundRobin && c.Cycles != 0 || c.Format != Arena && c.Duration != 0 {
		return bad("rounds are for Swiss, cycles for round robin, a duration for arena")
	}
	if c.MaxPlayers != 0 && (c.MaxPlayers < 2 || c.MaxPlayers > c.Limit()) {
		return bad("a player limit of 2 to %d, not %d", c.Limit(), c.MaxPlayers)
	}
	if c.Break < 0 || c.Break > MaxBreak || c.Format == Arena && c.Break != 0 {
		return bad("a break between rounds of 0 to %v (none in an arena), not %v", MaxBreak, c.Break)
	}
	if c.CPUByes && c.Format != Swiss {
		return bad("only a Swiss tournament has byes the CPU may fill")
	}
	return nil
}

// PlayerState is whether a player still takes part.
type PlayerState string

const (
	Active    PlayerState = ""
	Withdrawn PlayerState = "withdrawn" // left after the start (an arena's may come back)
	Kicked    PlayerState = "kicked"    // removed by a moderator; cannot join again
)

// Player is one entrant.
type Player struct {
	ID string `json:"id"`
	// Name is the player's display name when they joined, for the games'
	// records ("": unknown).
	Name string `json:"name,omitempty"`
	// Rating is the player's rating when they joined: it seeds them and
	// pairs an arena, and gives an arena's performance.
	Rating   float64   `json:"rating"`
	JoinedAt time.Time `json:"joined_at"`
	// Seed is the player's starting rank (1: top), set at the start (an
	// arena's late joiner takes the next).
	Seed   int         `json:"seed,omitempty"`
	State  PlayerState `json:"state,omitempty"`
	LeftAt time.Time   `json:"left_at,omitzero"`
}

// Tournament is the whole state of one tournament.
type Tournament struct {
	Config    Config `json:"config"`
	Organiser string `json:"organiser"` // user id
	Status    Status `json:"status"`
	// Players are in the order they joined.
	Players []Player `json:"players"`
	// Pairings are every game and bye, in the order paired (round, board).
	Pairings []Pairing `json:"pairings"`
	// Round is the last round paired (an arena's: the last batch of
	// pairings made together).
	Round     int       `json:"round"`
	CreatedAt time.Time `json:"created_at"`
	StartedAt time.Time `json:"started_at,omitzero"`
	EndsAt    time.Time `json:"ends_at,omitzero"` // an arena's end, set at the start
	EndedAt   time.Time `json:"ended_at,omitzero"`
	Ended     string    `json:"ended,omitempty"` // why it was cancelled
}

// Errors the methods return; the caller words them for the user.
var (
	ErrConfig     = errors.New("invalid tournament settings")
	ErrClosed     = errors.New("the sign-up is closed")
	ErrFull       = errors.New("the tournament is full")
	ErrJoined     = errors.New("already in the tournament")
	ErrNotJoined  = errors.New("not in the tournament")
	ErrKicked     = errors.New("removed from the tournament by a moderator")
	ErrTooFew     = errors.New("too few players to start")
	ErrNotRunning = errors.New("the tournament is not running")
	ErrNotPaused  = errors.New("the tournament is not paused")
	ErrOver       = errors.New("the tournament is over")
	ErrNotDue     = errors.New("nothing to pair now")
	ErrNoPairing  = errors.New("no such pairing")
	ErrResult     = errors.New("not a result for a game")
	ErrInvalid    = errors.New("inconsistent tournament record")
)

// New is a tournament open for sign-up.
func New(c Config, organiser string, now time.Time) (Tournament, error) {
	if err := c.Validate(); err != nil {
		return Tournament{}, err
	}
	if organiser == "" {
		return Tournament{}, fmt.Errorf("%w: no organiser", ErrConfig)
	}
	c.StartAt = c.StartAt.UTC()
	return Tournament{Config: c, Organiser: organiser, Status: StatusSignup, Players: []Player{}, Pairings: []Pairing{}, CreatedAt: now.UTC()}, nil
}

// player returns the index of a player (-1: none).
func (t *Tournament) player(id string) int {
	return slices.IndexFunc(t.Players, func(p Player) bool { return p.ID == id })
}

// Player returns a player's entry.
func (t *Tournament) Player(id string) (Player, bool) {
	if i := t.player(id); i >= 0 {
		return t.Players[i], true
	}
	return Player{}, false
}

// ActivePlayers counts the players taking part (not withdrawn or kicked).
func (t *Tournament) ActivePlayers() int {
	n := 0
	for _, p := range t.Players {
		if p.State == Active {
			n++
		}
	}
	return n
}

// Clone returns a copy that shares nothing with t.
func (t Tournament) Clone() Tournament {
	c := t
	c.Players = slices.Clone(t.Players)
	c.Pairings = slices.Clone(t.Pairings)
	return c
}

// bySeed orders players by seed, then by id (players without a seed last).
func bySeed(a, b Player) int {
	if c := cmp.Compare(seedKey(a), seedKey(b)); c != 0 {
		return c
	}
	return cmp.Compare(a.ID, b.ID)
}

func seedKey(p Player) int {
	if p.Seed == 0 {
		return MaxPlayers + 1
	}
	return p.Seed
}
