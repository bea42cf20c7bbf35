package store

import (
	"errors"
	"fmt"
	"time"
	"unicode/utf8"

	"shinpan/referee/policy"
	"shinpan/tournament"
)

// Tournament is a tournament's record: where it is run, the settings of its
// games (as a challenge has them) and its state, which package tournament
// decides. Times are UTC.
type Tournament struct {
	ID        uint64 `json:"id"` // set by the store (sequential)
	GuildID   string `json:"guild_id"`
	ChannelID string `json:"channel_id"`
	// MessageID is the tournament's card, edited as it goes ("": not
	// posted yet).
	MessageID string `json:"message_id,omitempty"`
	Name      string `json:"name,omitempty"`

	Options        policy.Options `json:"options"`
	Ranked         bool           `json:"ranked"`
	GuildLocale    string         `json:"guild_locale,omitempty"`
	PublicNotation Notation       `json:"public_notation,omitempty"`

	State tournament.Tournament `json:"state"`

	// Version is the store's: 1 once created, one more at each write. A
	// write names the version it read (compare-and-set).
	Version   uint64    `json:"version"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

// MaxTournamentName bounds a tournament's name, in characters.
const MaxTournamentName = 100

// TournamentGame links a game to the pairing of a tournament it plays.
type TournamentGame struct {
	ID    uint64 `json:"id"`
	Round int    `json:"round"`
	Board int    `json:"board"`
}

// NewGame is a game SaveTournament creates, with its idempotency key (""
// none) and the messages it starts with (queued stamped with its id, as
// CreateGame's are).
type NewGame struct {
	Game   Game
	Key    string
	Outbox []OutMsg
}

// Validate checks the ids, the name, the notation and the state.
func (t *Tournament) Validate() error {
	for _, f := range []struct {
		what, v string
		req     bool
	}{{"guild id", t.GuildID, true}, {"channel id", t.ChannelID, true}, {"message id", t.MessageID, false}} {
		if err := CheckID(f.what, f.v, f.req); err != nil {
			return err
		}
	}
	if utf8.RuneCountInString(t.Name) > MaxTournamentName {
		return fmt.Errorf("%w: a tournament name over %d characters", ErrInvalid, MaxTournamentName)
	}
	if err := t.PublicNotation.Check(); err != nil {
		return fmt.Errorf("public %w", err)
	}
	if err := t.State.Validate(); err != nil {
		return fmt.Errorf("%w: tournament %d: %v", ErrInvalid, t.ID, err)
	}
	return nil
}

// Normalize drops monotonic clock readings and locations from the times.
func (t *Tournament) Normalize() {
	t.CreatedAt, t.UpdatedAt = NormTime(t.CreatedAt), NormTime(t.UpdatedAt)
	s := &t.State
	s.CreatedAt, s.StartedAt, s.EndsAt, s.EndedAt = NormTime(s.CreatedAt), NormTime(s.StartedAt), NormTime(s.EndsAt), NormTime(s.EndedAt)
	s.Config.StartAt = NormTime(s.Config.StartAt)
	s.Players = append([]tournament.Player(nil), s.Players...)
	for i := range s.Players {
		p := &s.Players[i]
		p.JoinedAt, p.LeftAt = NormTime(p.JoinedAt), NormTime(p.LeftAt)
	}
	s.Pairings = append([]tournament.Pairing(nil), s.Pairings...)
	for i := range s.Pairings {
		p := &s.Pairings[i]
		p.PairedAt, p.EndedAt = NormTime(p.PairedAt), NormTime(p.EndedAt)
	}
	if s.Players == nil {
		s.Players = []tournament.Player{}
	}
	if s.Pairings == nil {
		s.Pairings = []tournament.Pairing{}
	}
}

// Clone returns a copy of t that shares nothing with it.
func (t Tournament) Clone() Tournament {
	c := t
	c.State = t.State.Clone()
	return c
}

// Over reports whether the tournament has ended.
func (t *Tournament) Over() bool { return t.State.Status.Over() }

// PrepareNewTournament fills a new tournament's store-owned fields (not its
// ID) and validates it.
func PrepareNewTournament(t *Tournament, now time.Time) error {
	t.Normalize()
	t.Version, t.CreatedAt, t.UpdatedAt = 1, now, now
	return t.Validate()
}

// PrepareSave checks a SaveTournament of t over old, the stored record:
// the version read must be old's (else ErrConflict), the store-owned fields
// are restored, and each game must be a new live game of t's guild linked
// to one of its pairings. The version is raised; the games' pairings are
// linked once the games have their ids (LinkGame).
func PrepareSave(old, t *Tournament, games []NewGame, now time.Time) error {
	if t.Version != old.Version {
		return fmt.Errorf("tournament %d: read at version %d, stored at %d: %w", t.ID, t.Version, old.Version, ErrConflict)
	}
	if old.Over() && len(games) > 0 {
		return fmt.Errorf("%w: tournament %d is over: no games to start", ErrInvalid, t.ID)
	}
	t.Normalize()
	t.ID, t.GuildID, t.CreatedAt = old.ID, old.GuildID, old.CreatedAt
	t.Version, t.UpdatedAt = old.Version+1, now
	for i, ng := range games {
		g := ng.Game
		if g.Tournament == nil || g.Tournament.ID != t.ID {
			return fmt.Errorf("%w: game %d is not linked to tournament %d", ErrInvalid, i, t.ID)
		}
		if g.GuildID != t.GuildID {
			return fmt.Errorf("%w: game %d is in guild %q, the tournament in %q", ErrInvalid, i, g.GuildID, t.GuildID)
		}
		if g.Status != "" && !g.Status.Live() {
			return fmt.Errorf("%w: game %d starts %s", ErrInvalid, i, g.Status)
		}
		if g.Variant != t.State.Config.Variant {
			return fmt.Errorf("%w: game %d is %s, the tournament %s", ErrInvalid, i, g.Variant, t.State.Config.Variant)
		}
	}
	return nil
}

// LinkGame gives g's pairing in t its id (in SaveTournament's transaction,
// once the game is created). Each seat of g must be its pairing's player
// of that colour, or the CPU playing for them. Errors: ErrInvalid.
func LinkGame(t *Tournament, g Game) error {
	if err := t.State.Link(g.Tournament.Round, g.Tournament.Board, uint64(g.ID)); err != nil {
		return fmt.Errorf("%w: game #%d: %v", ErrInvalid, g.ID, err)
	}
	p, _ := t.State.PairingOf(uint64(g.ID))
	for c, want := range []string{p.Black, p.White} {
		if g.Players[c] != want && g.Players[c] != CPU {
			return fmt.Errorf("%w: game #%d seats %s where round %d board %d has %s", ErrInvalid, g.ID, g.Players[c], p.Round, p.Board, want)
		}
	}
	return nil
}

// ErrUnchanged, returned by an EditTournament function, writes nothing: the
// tournament needs no change (EditTournament then returns it as read, and
// no error).
var ErrUnchanged = errors.New("the tournament needs no change")

// editAttempts bounds EditTournament's reads and writes.
const editAttempts = 20

// EditTournament reads tournament id, applies fn to it and saves it with the
// games and messages fn returns (SaveTournament); when another write came
// first it reads and applies fn again, so fn must decide from its argument
// alone (it may run several times; only the last run's games are made).
// Errors: fn's (ErrUnchanged: none, nothing written), SaveTournament's;
// ErrConflict after many lost races.
func EditTournament(ts Tournaments, id uint64, fn func(*Tournament) ([]NewGame, []OutMsg, error)) (Tournament, []Game, error) {
	var err error
	for range editAttempts {
		var t Tournament
		if t, err = ts.GetTournament(id); err != nil {
			return Tournament{}, nil, err
		}
		edit := t.Clone()
		games, outbox, ferr := fn(&edit)
		if errors.Is(ferr, ErrUnchanged) {
			return t, nil, nil
		}
		if ferr != nil {
			return Tournament{}, nil, ferr
		}
		edit.Version = t.Version
		var saved Tournament
		var made []Game
		if saved, made, err = ts.SaveTournament(edit, games, outbox); !errors.Is(err, ErrConflict) {
			return saved, made, err
		}
	}
	return Tournament{}, nil, err
}
