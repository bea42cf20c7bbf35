// Package arena plays CPU players (package player) against each other through
// the real referee: each side gets only its own view and the events addressed
// to it after every action, a refusal is told to the actor alone. It is what
// `shinpan arena` and the player tests run.
package arena

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"shinpan/player"
	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// Options describe a match between levels A and B.
type Options struct {
	Variant  view.Variant
	A, B     player.Level
	Games    int
	Seed     int64
	MoveTime time.Duration // think time per move (player.DefaultMoveTime when 0)
	// MoveTimeA and MoveTimeB, when set, are seat A's and seat B's own think
	// times instead of MoveTime.
	MoveTimeA, MoveTimeB time.Duration
	// Rules are the game's options; nil means DefaultRules(Variant).
	Rules *referee.Options
	// Parallel is how many games run at once (1 when 0).
	Parallel int
	// Threads is each player's search goroutines (0: the player's default).
	Threads int
	// Check verifies every game: each move a player sends is among the moves
	// the referee lets that player try (never a refusal), and the action log
	// replays to the same end.
	Check bool
	// Progress, when set, is called after each game (from one goroutine at a
	// time).
	Progress func(r *GameResult)
}

// SeatMoveTime is the think time of seat A or B.
func (o *Options) SeatMoveTime(seat int) time.Duration {
	d := o.MoveTime
	if seat == SeatA && o.MoveTimeA > 0 {
		d = o.MoveTimeA
	}
	if seat == SeatB && o.MoveTimeB > 0 {
		d = o.MoveTimeB
	}
	if d <= 0 {
		d = player.DefaultMoveTime
	}
	return d
}

// DefaultRules are the arena's game options: the referee's defaults, with a
// move limit of 300 in Masked and Standard so that every game ends.
func DefaultRules(v view.Variant) referee.Options {
	o := referee.DefaultOptions(v)
	if o.MoveLimit == 0 {
		o.MoveLimit = 300
	}
	return o
}

// Seat indexes: A and B.
const (
	SeatA = 0
	SeatB = 1
)

// GameResult is one game, seen from the seats.
type GameResult struct {
	Index    int
	AColor   shogi.Color
	Winner   int // SeatA, SeatB, or -1 for a draw
	Reason   view.Reason
	Plies    int // accepted moves
	Fouls    [2]int
	Bounces  [2]int
	Refusals [2]int
	Think    [2][]time.Duration // each Act call's wall time
	Err      error              // a broken invariant (Check) or a stuck game
}

// seatOf returns the seat playing colour c.
func (r *GameResult) seatOf(c shogi.Color) int {
	if c == r.AColor {
		return SeatA
	}
	return SeatB
}

// ErrIllegal marks a player sending a move its own view does not allow.
var ErrIllegal = errors.New("a player sent a move its own view does not allow")

// maxActions bounds the actions of one game (a player stuck in a loop).
const maxActions = 20000

// PlayGame plays one game between the players seated by colour and returns
// its record with seat A on aColor.
func PlayGame(ctx context.Context, id string, v view.Variant, rules referee.Options, players [2]player.Player, aColor shogi.Color, check bool) *GameResult {
	r := &GameResult{AColor: aColor, Winner: -1}
	g, err := referee.New(id, v, "", rules)
	if err != nil {
		r.Err = err
		return r
	}
	for c := shogi.Black; c <= shogi.White; c++ {
		players[c].Observe(g.View(view.ViewerOf(c)), nil)
	}
	var log []referee.Action
	refusedInRow := 0
	for n := 0; !g.Over(); n++ {
		if n >= maxActions {
			r.Err = fmt.Errorf("game %s: no end after %d actions", id, n)
			return r
		}
		c := g.Turn()
		if g.NeedsMasks() {
			c = shogi.Black
			if g.MaskChosen(shogi.Black) {
				c = shogi.White
			}
		}
		seat := r.seatOf(c)
		t0 := time.Now()
		a := players[c].Act(ctx)
		r.Think[seat] = append(r.Think[seat], time.Since(t0))
		ra := referee.Action{Kind: referee.ActionKind(a.Kind), Player: c, Text: a.Text}
		if a.Kind == player.ActMask {
			ra.Salt = fmt.Sprintf("%s-%d", id, c)
		}
		if check && a.Kind == player.ActMove {
			if err := ownViewAllows(g, c, a.Text); err != nil {
				r.Err = fmt.Errorf("game %s, %s at move %d: %w", id, c, g.MoveNumber(), err)
				return r
			}
		}
		evs, err := g.Apply(ra)
		if err != nil {
			var ref *referee.Refusal
			if !errors.As(err, &ref) {
				r.Err = err
				return r
			}
			r.Refusals[seat]++
			if check && a.Kind == player.ActMove {
				r.Err = fmt.Errorf("game %s, %s at move %d: %q refused: %v: %w", id, c, g.MoveNumber(), a.Text, err, ErrIllegal)
				return r
			}
			refusedInRow++
			if refusedInRow > 50 {
				r.Err = fmt.Errorf("game %s: %s refused 50 times in a row (last %q: %v)", id, c, a.Text, err)
				return r
			}
			players[c].Refused(ref.Error())
			continue
		}
		refusedInRow = 0
		log = append(log, ra)
		switch g.LastOutcome() {
		case referee.Foul:
			r.Fouls[seat]++
		case referee.Bounce:
			r.Bounces[seat]++
		}
		for pc := shogi.Black; pc <= shogi.White; pc++ {
			players[pc].Observe(g.View(view.ViewerOf(pc)), view.For(evs, view.AudienceOf(pc)))
		}
	}
	res := g.Result()
	r.Reason = res.Reason
	if res.Winner != nil {
		r.Winner = r.seatOf(*res.Winner)
	}
	r.Plies = len(g.Moves())
	if check {
		if err := replayMatches(id, v, rules, log, g); err != nil {
			r.Err = err
		} else if f := g.Fouls(); f[aColor] != r.Fouls[SeatA] || f[aColor.Opp()] != r.Fouls[SeatB] {
			r.Err = fmt.Errorf("game %s: foul counts %v, counted %v", id, f, r.Fouls)
		}
	}
	return r
}

// ownViewAllows checks that text names one of the moves the referee lets c try
// on c's own board.
func ownViewAllows(g *referee.Game, c shogi.Color, text string) error {
	m, err := shogi.ParseUSI(text)
	if err != nil {
		return fmt.Errorf("%q: %v: %w", text, err, ErrIllegal)
	}
	_, cands := g.PlayerBoard(c)
	if !slices.Contains(cands, m) {
		return fmt.Errorf("%q is not among the %d moves %s may try: %w", text, len(cands), c, ErrIllegal)
	}
	return nil
}

// replayMatches replays the action log through a fresh referee and checks that
// it ends the same way on the same position.
func replayMatches(id string, v view.Variant, rules referee.Options, log []referee.Action, g *referee.Game) error {
	h, err := referee.New(id, v, "", rules)
	if err != nil {
		return err
	}
	for i, a := range log {
		if _, err := h.Apply(a); err != nil {
			return fmt.Errorf("game %s: replay of action %d (%s %q) refused: %v", id, i, a.Kind, a.Text, err)
		}
	}
	if !h.Over() || h.Result().Reason != g.Result().Reason || !sameWinner(h.Result().Winner, g.Result().Winner) {
		return fmt.Errorf("game %s: replay ended %+v, game %+v", id, h.Result(), g.Result())
	}
	if a, b := h.TruePosition().SFEN(), g.TruePosition().SFEN(); a != b {
		return fmt.Errorf("game %s: replay reached %s, game %s", id, a, b)
	}
	return nil
}

func sameWinner(a, b *shogi.Color) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

// Run plays the match and returns every game's record, in game order.
func Run(ctx context.Context, o Options) ([]*GameResult, error) {
	if o.Games <= 0 {
		return nil, fmt.Errorf("arena: games must be positive")
	}
	rules := DefaultRules(o.Variant)
	if o.Rules != nil {
		rules = *o.Rules
	}
	if err := rules.Validate(o.Variant); err != nil {
		return nil, err
	}
	par := max(o.Parallel, 1)
	results := make([]*GameResult, o.Games)
	next := make(chan int)
	var mu sync.Mutex
	var wg sync.WaitGroup
	var firstErr error
	for w := 0; w < par; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				aColor := shogi.Color(i % 2)
				var ps [2]player.Player
				for seat, lv := range []player.Level{o.A, o.B} {
					c := aColor
					if seat == SeatB {
						c = aColor.Opp()
					}
					p, err := player.New(player.Config{Level: lv, Variant: o.Variant, Color: c,
						MaskAsKing: rules.MaskAsKing, KingVisible: rules.KingVisible, MoveTime: o.SeatMoveTime(seat), Threads: o.Threads,
						Seed: o.Seed*1_000_003 + int64(i)*2 + int64(seat)})
					if err != nil {
						mu.Lock()
						firstErr = err
						mu.Unlock()
						return
					}
					ps[c] = p
				}
				r := PlayGame(ctx, fmt.Sprintf("arena-%d-%d", o.Seed, i), o.Variant, rules, ps, aColor, o.Check)
				r.Index = i
				mu.Lock()
				results[i] = r
				if o.Progress != nil {
					o.Progress(r)
				}
				mu.Unlock()
			}
		}()
	}
	for i := 0; i < o.Games; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
	if firstErr != nil {
		return results, firstErr
	}
	return results, nil
}

// Summary is a match's figures, from seat A's side.
type Summary struct {
	Games                 int
	Wins, Losses, Draws   int
	Score, Interval       float64 // A's score and the half-width of its 95% interval, in percent
	FoulsPerGame          [2]float64
	BouncesPerGame        [2]float64
	Endings               map[view.Reason]int
	AWinsBy               map[view.Reason]int
	MeanPlies             float64
	ThinkMedian, ThinkP99 [2]time.Duration
	ThinkMax              [2]time.Duration
	Errors                int
}

// Summarize computes a match's figures.
func Summarize(rs []*GameResult) *Summary {
	s := &Summary{Endings: map[view.Reason]int{}, AWinsBy: map[view.Reason]int{}}
	var points []float64
	var think [2][]time.Duration
	plies := 0
	for _, r := range rs {
		if r == nil {
			continue
		}
		if r.Err != nil {
			s.Errors++
			continue
		}
		s.Games++
		switch r.Winner {
		case SeatA:
			s.Wins++
			points = append(points, 1)
			s.AWinsBy[r.Reason]++
		case SeatB:
			s.Losses++
			points = append(points, 0)
		default:
			s.Draws++
			points = append(points, 0.5)
		}
		s.Endings[r.Reason]++
		for seat := 0; seat < 2; seat++ {
			s.FoulsPerGame[seat] += float64(r.Fouls[seat])
			s.BouncesPerGame[seat] += float64(r.Bounces[seat])
			think[seat] = append(think[seat], r.Think[seat]...)
		}
		plies += r.Plies
	}
	if s.Games == 0 {
		return s
	}
	n := float64(s.Games)
	for seat := 0; seat < 2; seat++ {
		s.FoulsPerGame[seat] /= n
		s.BouncesPerGame[seat] /= n
		s.ThinkMedian[seat], s.ThinkP99[seat], s.ThinkMax[seat] = quantiles(think[seat])
	}
	s.MeanPlies = float64(plies) / n
	mean := 0.0
	for _, x := range points {
		mean += x
	}
	mean /= n
	v := 0.0
	for _, x := range points {
		v += (x - mean) * (x - mean)
	}
	if s.Games > 1 {
		v /= n - 1
	}
	s.Score = 100 * mean
	s.Interval = 100 * 1.96 * math.Sqrt(v/n)
	return s
}

// Elo returns the rating difference (A less B) a score in percent implies:
// −400·log10(100/score − 1), ±Inf at 0% and 100%.
func Elo(score float64) float64 {
	switch {
	case score <= 0:
		return math.Inf(-1)
	case score >= 100:
		return math.Inf(1)
	}
	return -400 * math.Log10(100/score-1)
}

// EloRange is the Elo difference the summary's score implies, with the ends
// of its 95% interval.
func (s *Summary) EloRange() (elo, lo, hi float64) {
	return Elo(s.Score), Elo(s.Score - s.Interval), Elo(s.Score + s.Interval)
}

func quantiles(d []time.Duration) (median, p99, maxd time.Duration) {
	if len(d) == 0 {
		return 0, 0, 0
	}
	x := append([]time.Duration(nil), d...)
	sort.Slice(x, func(i, j int) bool { return x[i] < x[j] })
	at := func(q float64) time.Duration {
		i := int(math.Ceil(q*float64(len(x)))) - 1
		return x[min(max(i, 0), len(x)-1)]
	}
	return at(0.5), at(0.99), x[len(x)-1]
}

// Print writes the summary as the arena command shows it.
func (s *Summary) Print(w io.Writer, o Options) {
	ma, mb := o.SeatMoveTime(SeatA), o.SeatMoveTime(SeatB)
	if ma == mb {
		fmt.Fprintf(w, "%s: A=%s vs B=%s, %d games, seed %d, movetime %v\n", o.Variant, o.A, o.B, s.Games, o.Seed, ma)
	} else {
		fmt.Fprintf(w, "%s: A=%s (%v) vs B=%s (%v), %d games, seed %d\n", o.Variant, o.A, ma, o.B, mb, s.Games, o.Seed)
	}
	fmt.Fprintf(w, "A wins %d, losses %d, draws %d\n", s.Wins, s.Losses, s.Draws)
	fmt.Fprintf(w, "score %.1f%% ±%.1f (95%% interval)\n", s.Score, s.Interval)
	elo, lo, hi := s.EloRange()
	fmt.Fprintf(w, "Elo difference A−B %s (95%%: %s to %s)\n", eloText(elo), eloText(lo), eloText(hi))
	fmt.Fprintf(w, "fouls per game: A %.2f, B %.2f\n", s.FoulsPerGame[SeatA], s.FoulsPerGame[SeatB])
	if s.BouncesPerGame[0]+s.BouncesPerGame[1] > 0 {
		fmt.Fprintf(w, "bounces per game: A %.2f, B %.2f\n", s.BouncesPerGame[SeatA], s.BouncesPerGame[SeatB])
	}
	fmt.Fprintf(w, "endings: %s\n", reasonList(s.Endings))
	if s.Wins > 0 {
		fmt.Fprintf(w, "A's wins by: %s\n", reasonListPct(s.AWinsBy, s.Wins))
	}
	fmt.Fprintf(w, "mean length %.1f moves\n", s.MeanPlies)
	for seat, name := range []string{"A", "B"} {
		mt := o.SeatMoveTime(seat)
		fmt.Fprintf(w, "think time %s (%s): median %v, p99 %v (%.2f× the budget), max %v\n", name, []player.Level{o.A, o.B}[seat],
			roundDur(s.ThinkMedian[seat]), roundDur(s.ThinkP99[seat]), float64(s.ThinkP99[seat])/float64(mt), roundDur(s.ThinkMax[seat]))
	}
	if s.Errors > 0 {
		fmt.Fprintf(w, "errors: %d games broke an invariant\n", s.Errors)
	}
}

func eloText(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "+inf"
	case math.IsInf(x, -1):
		return "-inf"
	case math.Abs(x) < 0.5:
		return "+0"
	}
	return fmt.Sprintf("%+.0f", x)
}

func roundDur(d time.Duration) time.Duration {
	switch {
	case d >= 100*time.Millisecond:
		return d.Round(time.Millisecond)
	case d >= time.Millisecond:
		return d.Round(10 * time.Microsecond)
	}
	return d.Round(time.Microsecond)
}

func reasonList(m map[view.Reason]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, string(k))
	}
	sort.Slice(keys, func(i, j int) bool {
		if m[view.Reason(keys[i])] != m[view.Reason(keys[j])] {
			return m[view.Reason(keys[i])] > m[view.Reason(keys[j])]
		}
		return keys[i] < keys[j]
	})
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s %d", k, m[view.Reason(k)]))
	}
	return strings.Join(parts, ", ")
}

func reasonListPct(m map[view.Reason]int, total int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, string(k))
	}
	sort.Slice(keys, func(i, j int) bool { return m[view.Reason(keys[i])] > m[view.Reason(keys[j])] })
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s %d (%.0f%%)", k, m[view.Reason(k)], 100*float64(m[view.Reason(k)])/float64(total)))
	}
	return strings.Join(parts, ", ")
}
