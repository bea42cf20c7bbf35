package store

import (
	"encoding/json"
	"fmt"
	"time"

	"shinpan/referee/policy"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// GameID numbers games per store from 1 (players type "#12").
type GameID uint64

// CPU is the player id of a seat played by the bot's CPU.
const CPU = "cpu"

// Status is where a game is in its life.
type Status string

const (
	StatusPendingMasks Status = "pending_masks" // Masked: waiting for both masks
	StatusActive       Status = "active"
	StatusFinished     Status = "finished" // ended with a Result
	StatusAborted      Status = "aborted"  // ended with no result (abort before both moved)
)

// Live reports whether a game in this status is still being played.
func (s Status) Live() bool { return s == StatusPendingMasks || s == StatusActive }

func (s Status) valid() bool {
	return s.Live() || s == StatusFinished || s == StatusAborted
}

// Deadline is the timer state of a game's turn, kept so timers survive a
// restart. Seq is the log seq after which the turn started: a timer that fires
// for an older seq is stale and must be ignored.
type Deadline struct {
	Player shogi.Color `json:"player"`         // side to move
	Seq    uint64      `json:"seq"`            // LastSeq when the turn began
	Start  time.Time   `json:"start,omitzero"` // when the turn began (zero in records from before the clocks)
	Turn   time.Time   `json:"turn,omitzero"`  // turn time runs out (zero: no limit)
	Away   time.Time   `json:"away,omitzero"`  // the CPU takes the seat (zero: none)
}

// Away is one seat's away state: Since is when the player was last active
// before going away (zero: present); CPU is true while the CPU plays the seat.
type Away struct {
	Since time.Time `json:"since,omitzero"`
	CPU   bool      `json:"cpu,omitempty"`
}

// DrawOffer is a player's standing draw offer (policy.DrawOffer), kept so it
// survives a restart.
type DrawOffer = policy.DrawOffer

// Game is a game's metadata record. Players, MaskSalts and Away are indexed by
// shogi.Color (0 = Black, 1 = White). Times are UTC.
type Game struct {
	ID        GameID `json:"id"`
	GuildID   string `json:"guild_id"`
	ChannelID string `json:"channel_id"`
	ThreadID  string `json:"thread_id,omitempty"`
	// ChannelGone is set when the bot can no longer post in the channel
	// (missing permissions, deleted): the game goes on by DM.
	ChannelGone bool      `json:"channel_gone,omitempty"`
	Players     [2]string `json:"players"` // Discord user ids, or CPU
	// Names are the players' display names when the game started, as the
	// challenge and the Accept carried them ("": not known, the CPU's seat,
	// a game from before): the result's record names the players without
	// asking Discord at the game's end.
	Names [2]string `json:"names,omitzero"`

	Variant      view.Variant   `json:"variant"`
	Options      policy.Options `json:"options"`
	StartSFEN    string         `json:"start_sfen"`
	RulesVersion string         `json:"rules_version"` // the rules the log replays under
	Ranked       bool           `json:"ranked"`
	// GuildLocale is the server's locale when the game was challenged: the
	// language of its public posts ("": the challenger's language, as before).
	GuildLocale string `json:"guild_locale,omitempty"`
	// PublicNotation is how its public posts write moves, as the server
	// chose when the game was challenged ("": their language's).
	PublicNotation Notation `json:"public_notation,omitempty"`
	// CPU is how the CPU plays its seat, as the challenger chose (nil: the
	// configured way).
	CPU *CPUChoice `json:"cpu,omitempty"`
	// Tournament is the tournament pairing the game plays (nil: none).
	Tournament *TournamentGame `json:"tournament,omitempty"`

	Status Status       `json:"status"`
	Result *view.Result `json:"-"` // encoded as "result" by MarshalJSON
	// MaskSalts are the secrets of the Masked commitments (hidden information).
	MaskSalts [2]string `json:"mask_salts,omitzero"`

	CreatedAt  time.Time `json:"created_at"`
	UpdatedAt  time.Time `json:"updated_at"`
	FinishedAt time.Time `json:"finished_at,omitzero"` // set when Status becomes finished or aborted

	// LastSeq is the seq of the last logged action (0: none). The store owns it.
	LastSeq  uint64    `json:"last_seq"`
	Deadline *Deadline `json:"deadline,omitempty"`
	Away     [2]Away   `json:"away,omitzero"`
	// Clocks are both sides' main time left as of the last move (nil: no
	// main time, or a record from before the clocks).
	Clocks *policy.Clocks `json:"clocks,omitempty"`
	// CPUMoved marks the seats of people the CPU has acted for (away
	// takeovers): a ranked game's ratings depend on it (RULES.md §3).
	CPUMoved [2]bool `json:"cpu_moved,omitzero"`
	// DrawOffer is the standing draw offer (nil: none; always nil once the
	// game is over). Files from before it have none, as offers were not kept.
	DrawOffer *DrawOffer `json:"draw_offer,omitempty"`
	// Rated is set by ApplyRatings; the store owns it.
	Rated bool `json:"rated,omitempty"`
}

// CPUChoice is a challenger's choice of how the CPU plays: a level (random,
// greedy or strong; "": the configured one) and a think time per move in ms
// (0: the configured one).
type CPUChoice struct {
	Level      string `json:"level,omitempty"`
	MoveMillis int    `json:"move_ms,omitempty"`
}

// resultJSON is view.Result with stable JSON names (view.Result has no tags).
type resultJSON struct {
	Winner *shogi.Color `json:"winner"` // null: draw or no winner
	Reason view.Reason  `json:"reason"`
}

type gameAlias Game

type gameJSON struct {
	gameAlias
	Result *resultJSON `json:"result,omitempty"`
}

// MarshalJSON encodes the game with "result": {"winner": 0|1|null, "reason": ...}.
func (g Game) MarshalJSON() ([]byte, error) {
	w := gameJSON{gameAlias: gameAlias(g)}
	if g.Result != nil {
		w.Result = &resultJSON{Winner: g.Result.Winner, Reason: g.Result.Reason}
	}
	return json.Marshal(w)
}

// UnmarshalJSON is the inverse of MarshalJSON.
func (g *Game) UnmarshalJSON(b []byte) error {
	var w gameJSON
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*g = Game(w.gameAlias)
	if w.Result != nil {
		g.Result = &view.Result{Winner: w.Result.Winner, Reason: w.Result.Reason}
	}
	return nil
}

// Normalize drops monotonic clock readings and locations from the game's times.
func (g *Game) Normalize() {
	g.CreatedAt = NormTime(g.CreatedAt)
	g.UpdatedAt = NormTime(g.UpdatedAt)
	g.FinishedAt = NormTime(g.FinishedAt)
	for i := range g.Away {
		g.Away[i].Since = NormTime(g.Away[i].Since)
	}
	if g.Deadline != nil {
		d := *g.Deadline
		d.Turn, d.Away, d.Start = NormTime(d.Turn), NormTime(d.Away), NormTime(d.Start)
		g.Deadline = &d
	}
}

// Validate checks the ids, public notation, status, draw offer and
// tournament link.
func (g *Game) Validate() error {
	if err := CheckID("guild id", g.GuildID, false); err != nil {
		return err
	}
	if err := CheckID("channel id", g.ChannelID, true); err != nil {
		return err
	}
	if err := CheckID("thread id", g.ThreadID, false); err != nil {
		return err
	}
	for c, p := range g.Players {
		if err := CheckID(fmt.Sprintf("player %d", c), p, true); err != nil {
			return err
		}
	}
	if err := g.PublicNotation.Check(); err != nil {
		return fmt.Errorf("public %w", err)
	}
	if !g.Status.valid() {
		return fmt.Errorf("%w: game status %q", ErrInvalid, g.Status)
	}
	if d := g.DrawOffer; d != nil && (d.By > shogi.White || d.Moves < 0) {
		return fmt.Errorf("%w: draw offer %+v", ErrInvalid, *d)
	}
	if tg := g.Tournament; tg != nil && (tg.ID == 0 || tg.Round < 1 || tg.Board < 1) {
		return fmt.Errorf("%w: tournament link %+v", ErrInvalid, *tg)
	}
	return nil
}
