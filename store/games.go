package store

import (
	"encoding/json"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"

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
	Player shogi.Color `json:"player"`        // side to move
	Seq    uint64      `json:"seq"`           // LastSeq when the turn began
	Turn   time.Time   `json:"turn,omitzero"` // turn time runs out (zero: no limit)
	Away   time.Time   `json:"away,omitzero"` // the CPU takes the seat (zero: none)
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

	Variant      view.Variant   `json:"variant"`
	Options      policy.Options `json:"options"`
	StartSFEN    string         `json:"start_sfen"`
	RulesVersion string         `json:"rules_version"` // the rules the log replays under
	Ranked       bool           `json:"ranked"`
	// GuildLocale is the server's locale when the game was challenged: the
	// language of its public posts ("": the challenger's language, as before).
	GuildLocale string `json:"guild_locale,omitempty"`
	// CPU is how the CPU plays its seat, as the challenger chose (nil: the
	// configured way).
	CPU *CPUChoice `json:"cpu,omitempty"`

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

func (g *Game) normalize() {
	g.CreatedAt = normTime(g.CreatedAt)
	g.UpdatedAt = normTime(g.UpdatedAt)
	g.FinishedAt = normTime(g.FinishedAt)
	for i := range g.Away {
		g.Away[i].Since = normTime(g.Away[i].Since)
	}
	if g.Deadline != nil {
		d := *g.Deadline
		d.Turn, d.Away = normTime(d.Turn), normTime(d.Away)
		g.Deadline = &d
	}
}

func (g *Game) validate() error {
	if err := checkID("guild id", g.GuildID, false); err != nil {
		return err
	}
	if err := checkID("channel id", g.ChannelID, true); err != nil {
		return err
	}
	if err := checkID("thread id", g.ThreadID, false); err != nil {
		return err
	}
	for c, p := range g.Players {
		if err := checkID(fmt.Sprintf("player %d", c), p, true); err != nil {
			return err
		}
	}
	if !g.Status.valid() {
		return fmt.Errorf("%w: game status %q", ErrInvalid, g.Status)
	}
	if d := g.DrawOffer; d != nil && (d.By > shogi.White || d.Moves < 0) {
		return fmt.Errorf("%w: draw offer %+v", ErrInvalid, *d)
	}
	return nil
}

// CreateGame stores a new game and returns it with its ID, times and (if
// empty) Status active. Variant and RulesVersion are required. key, when not empty, is the idempotency key of the
// interaction that created it: a second CreateGame with it returns a
// *DuplicateError naming the first game and writes nothing. outbox messages
// are queued in the same transaction. Errors: ErrInvalid, ErrDuplicate.
func (s *Store) CreateGame(g Game, key string, outbox []OutMsg) (Game, error) {
	var out Game
	err := s.update(func(tx *bolt.Tx) error {
		var err error
		out, err = s.createGame(tx, g, key, outbox)
		return err
	})
	if err != nil {
		return Game{}, wrapOp("create game", err)
	}
	s.signal(len(outbox))
	return out, nil
}

func (s *Store) createGame(tx *bolt.Tx, g Game, key string, outbox []OutMsg) (Game, error) {
	now := normTime(s.now())
	if key != "" {
		if err := checkIdem(tx, key); err != nil {
			return Game{}, err
		}
	}
	if g.Status == "" {
		g.Status = StatusActive
	}
	g.normalize()
	if g.CreatedAt.IsZero() {
		g.CreatedAt = now
	}
	g.UpdatedAt = g.CreatedAt
	g.LastSeq, g.Rated = 0, false
	if g.Variant == "" || g.RulesVersion == "" {
		return Game{}, fmt.Errorf("%w: a game needs its variant and rules version (to replay it later)", ErrInvalid)
	}
	if !g.Status.Live() && g.FinishedAt.IsZero() {
		g.FinishedAt = g.UpdatedAt
	}
	if err := g.validate(); err != nil {
		return Game{}, err
	}
	games := bkt(tx, bGames)
	id, err := games.NextSequence()
	if err != nil {
		return Game{}, err
	}
	g.ID = GameID(id)
	if err := writeGame(tx, nil, &g); err != nil {
		return Game{}, err
	}
	if key != "" {
		if err := putIdem(tx, key, g.ID, 0, now); err != nil {
			return Game{}, err
		}
	}
	if err := queueOutbox(tx, g.ID, 0, outbox, now); err != nil {
		return Game{}, err
	}
	return g, nil
}

// GetGame returns a game. Errors: ErrNotFound, ErrCorrupt.
func (s *Store) GetGame(id GameID) (Game, error) {
	var g Game
	err := s.view(func(tx *bolt.Tx) error {
		var err error
		g, err = readGame(tx, id)
		return err
	})
	return g, wrapOp("get game", err)
}

// UpdateGame changes a game's metadata without logging an action (thread id,
// deadline, away state, status set by the bot...). fn runs inside the write
// transaction on a copy of the record and must be pure (no I/O, no Store calls);
// returning an error aborts everything. ID, CreatedAt, LastSeq and Rated cannot
// be changed; UpdatedAt is set to now; FinishedAt is set when Status leaves the
// live states. outbox messages are queued in the same transaction. Returns the
// stored game. Errors: ErrNotFound, ErrInvalid, fn's error.
func (s *Store) UpdateGame(id GameID, outbox []OutMsg, fn func(*Game) error) (Game, error) {
	var out Game
	err := s.update(func(tx *bolt.Tx) error {
		old, err := readGame(tx, id)
		if err != nil {
			return err
		}
		now := normTime(s.now())
		g := old
		var ferr error
		callUser(func() { ferr = fn(&g) })
		if ferr != nil {
			return ferr
		}
		if err := finishUpdate(tx, &old, &g, now); err != nil {
			return err
		}
		out = g
		return queueOutbox(tx, id, old.LastSeq, outbox, now)
	})
	if err != nil {
		return Game{}, wrapOp(fmt.Sprintf("update game #%d", id), err)
	}
	s.signal(len(outbox))
	return out, nil
}

// finishUpdate restores the store-owned fields after a caller's edit, stamps
// the times, validates and writes the game with its indexes.
func finishUpdate(tx *bolt.Tx, old, g *Game, now time.Time) error {
	g.ID, g.CreatedAt, g.LastSeq, g.Rated = old.ID, old.CreatedAt, old.LastSeq, old.Rated
	g.normalize()
	g.UpdatedAt = now
	if !g.Status.Live() && g.FinishedAt.IsZero() {
		g.FinishedAt = now
	}
	if g.Status.Live() {
		g.FinishedAt = time.Time{}
	} else {
		g.DrawOffer = nil
	}
	if err := g.validate(); err != nil {
		return err
	}
	return writeGame(tx, old, g)
}

func readGame(tx *bolt.Tx, id GameID) (Game, error) {
	var g Game
	found, err := getJSON(bkt(tx, bGames), u64(uint64(id)), &g)
	if err != nil {
		return Game{}, err
	}
	if !found {
		return Game{}, fmt.Errorf("game #%d: %w", id, ErrNotFound)
	}
	return g, nil
}

// writeGame stores g and moves its index entries from old's (nil: new game).
func writeGame(tx *bolt.Tx, old, g *Game) error {
	if old != nil {
		for _, ik := range indexKeys(old) {
			if err := bkt(tx, ik.bucket).Delete(ik.key); err != nil {
				return err
			}
		}
	}
	for _, ik := range indexKeys(g) {
		if err := bkt(tx, ik.bucket).Put(ik.key, nil); err != nil {
			return err
		}
	}
	return putJSON(bkt(tx, bGames), u64(uint64(g.ID)), g)
}

type indexKey struct {
	bucket []byte
	key    []byte
}

// indexKeys lists the secondary index entries of a game.
func indexKeys(g *Game) []indexKey {
	id := u64(uint64(g.ID))
	var out []indexKey
	users := g.Players[:]
	if g.Players[0] == g.Players[1] {
		users = g.Players[:1]
	}
	switch {
	case g.Status.Live():
		out = append(out, indexKey{bIdxActive, id})
		for _, u := range users {
			out = append(out, indexKey{bIdxUserActive, cat(lp(u), id)})
		}
		out = append(out, indexKey{bIdxChanActive, cat(lp(g.ChannelID), id)})
		if g.ThreadID != "" && g.ThreadID != g.ChannelID {
			out = append(out, indexKey{bIdxChanActive, cat(lp(g.ThreadID), id)})
		}
	case g.Status == StatusFinished:
		t := tkey(g.FinishedAt)
		out = append(out, indexKey{bIdxFinished, cat(t, id)})
		for _, u := range users {
			out = append(out, indexKey{bIdxUserFinished, cat(lp(u), t, id)})
		}
	}
	return out
}

// wrapOp prefixes an error with the store and the operation, keeping the
// sentinel reachable with errors.Is. DuplicateErrors pass unchanged.
func wrapOp(op string, err error) error {
	if err == nil {
		return nil
	}
	if _, ok := err.(*DuplicateError); ok {
		return err
	}
	return fmt.Errorf("store: %s: %w", op, err)
}
