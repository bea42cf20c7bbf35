package loadtest

import (
	"context"
	"errors"
	"fmt"
	"math"
	mrand "math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"shinpan/bot/discordtest"
)

// Realism is what a run measured of the bot within Discord's limits.
type Realism struct {
	// Limits says which limits the stand-in enforced: "discord", or
	// "none (not Discord)".
	Limits     string
	PerChannel int
	Think      time.Duration // the median thinking time (0: Rate mode)
	// Budgeted are the requests bound by the global limit (every route but
	// the interaction callbacks and the webhooks used with their token);
	// PerMove is Budgeted over the moves done.
	Budgeted int
	PerMove  float64
	// SteadyPerMove is the budgeted requests made after the warm-up over
	// the moves due after it: the start's catch-up reads and each game's
	// first (typed) move left out.
	SteadyPerMove float64
	// SteadyMoves are the moves due after the warm-up; SteadyRoutes the
	// requests made after it by route and status (budgeted or not).
	SteadyMoves  int
	SteadyRoutes map[string]int
	// TooMany are the 429s by scope (user, global, shared); Invalid the
	// invalid requests the stand-in counted over its last 10 minutes.
	TooMany map[string]int
	Invalid int
	// MovesPerSec is the moves done over the run's wall time.
	MovesPerSec float64
	// From a move to its opponent's DM, and to the card showing it (after
	// the warm-up).
	OppP50, OppP99, CardP50, CardP99 time.Duration
	CardsShown                       int // moves whose card edit arrived
	// With --taps or --tap-share: the share of the players who tap, the
	// moves played by picks and those typed by them (no board to pick on
	// yet), the picks a tapped move took, and from a pick to its answer
	// (every pick of the run).
	TapShare         float64
	TapMoves, Typed  int
	PicksPerMove     float64
	PickP50, PickP99 time.Duration
}

// realism is the driver's part that measures it, guarded by driver.mu.
type realism struct {
	budgeted  int
	steady    int            // budgeted requests after the warm-up
	steadyBy  map[string]int // requests after the warm-up by route and status
	warmup    time.Duration  // Config.Warmup
	tooMany   map[string]int
	oppLat    []time.Duration
	oppDues   []time.Duration
	cardLat   []time.Duration
	cardDues  []time.Duration
	measuring bool // requests are counted from the run's start
}

// count notes a request. Callers hold d.mu.
func (d *driver) count(r *discordtest.Request) {
	if !d.measuring {
		return
	}
	if r.Status == 429 {
		d.tooMany[r.Scope]++
	}
	if r.Time.Sub(d.start) >= d.warmup {
		if d.steadyBy == nil {
			d.steadyBy = map[string]int{}
		}
		d.steadyBy[fmt.Sprintf("%s %d", r.Route, r.Status)]++
	}
	if !exempt(r.Route) {
		d.perSec[r.Time.Unix()]++
		d.budgeted++
		if r.Time.Sub(d.start) >= d.warmup {
			d.steady++
		}
	}
}

// exempt says whether a route is free of the global limit: interaction
// callbacks and the webhook routes used with the interaction's token.
func exempt(route string) bool {
	return strings.Contains(route, "/interactions/") || strings.Contains(route, "/webhooks/{webhook_id}/{webhook_token}")
}

// cardMovePattern finds the moves a card shows played ("After move 6 · ...",
// "Start position · ..." before the first).
var cardMovePattern = regexp.MustCompile(`(?:After move (\d+)|Start position) ·`)

// cardMove is the number of moves a card edit's body shows played (-1 when
// it does not say: it is taken to show them all).
func cardMove(body []byte) int {
	m := cardMovePattern.FindSubmatch(body)
	if m == nil {
		return -1
	}
	if len(m[1]) == 0 {
		return 0
	}
	n, _ := strconv.Atoi(string(m[1]))
	return n
}

// cardShown records the moves a card edit shows. Callers hold d.mu.
func (d *driver) cardShown(g *game, plies int, at int64) {
	keep := g.cards[:0]
	for _, c := range g.cards {
		if plies >= 0 && c.ply > plies {
			keep = append(keep, c)
			continue
		}
		d.cardLat = append(d.cardLat, time.Duration(at-c.due))
		d.cardDues = append(d.cardDues, time.Duration(c.due))
	}
	g.cards = keep
}

// thinkTime draws a person's thinking time: lognormal with median m (σ 0.7:
// a tenth of the moves take under 0.4 m, a tenth over 2.5 m).
func thinkTime(rng *mrand.Rand, m time.Duration) time.Duration {
	return time.Duration(float64(m) * math.Exp(0.7*rng.NormFloat64()))
}

// thinkLoop plays one game at a person's pace until stop: each move a
// thinking time after the previous one was told to both players. With
// realistic traffic (traffic.go) a move may follow a foul, or be replaced
// by a resignation and a new game; a game whose side to move has closed
// DMs waits for good.
func (d *driver) thinkLoop(ctx context.Context, e *env, g *game, median time.Duration, stop time.Time, send func(*game, time.Time) (bool, error)) error {
	rng := mrand.New(mrand.NewPCG(uint64(g.id), 7))
	first := true
	for {
		select {
		case <-g.free:
		case <-ctx.Done():
			return nil
		case <-time.After(time.Until(stop)):
			return nil
		}
		if g.closed[g.ref.Turn()] {
			d.mu.Lock()
			d.waiting++
			d.mu.Unlock()
			return nil
		}
		wait := thinkTime(rng, median)
		if first { // the games start at different moments, not together
			wait = time.Duration(rng.Int64N(int64(median) * 2))
			first = false
		}
		due := time.Now().Add(wait)
		if !due.Before(stop) {
			return nil
		}
		if !sleepCtx(ctx, wait) {
			return nil
		}
		if d.resign > 0 && !g.closed[0] && !g.closed[1] && g.trng.Float64() < d.resign {
			ok, err := d.resignAndRechallenge(ctx, e.srv, e.st, g, median)
			if errors.Is(err, context.DeadlineExceeded) {
				return nil // the run's end came first
			}
			if err != nil || !ok {
				return err
			}
			g.free <- struct{}{}
			continue
		}
		if d.fouls > 0 && g.trng.Float64() < d.fouls {
			if err := d.foul(ctx, e.srv, g); err != nil {
				return err
			}
			if !sleepCtx(ctx, thinkTime(rng, median)/4) {
				return nil
			}
			due = time.Now()
		}
		if !due.Before(stop) {
			return nil
		}
		if ok, err := send(g, due); err != nil || !ok {
			return err
		}
	}
}

// fillTraffic completes r's Traffic from the driver. Callers hold d.mu.
func (d *driver) fillTraffic(r *Result, cfg Config) {
	t := &r.Traffic
	t.DMsClosed, t.FoulShare, t.ResignShare = cfg.DMsClosed, cfg.Fouls, cfg.Resign
	t.DMRefused, t.Waiting, t.Fouls, t.Refusals = d.dmRefused, d.waiting, d.foulsSent, d.refusals
	t.Resigned, t.Challenged, t.Started, t.Reaccepts, t.ChannelPosts, t.Twice = d.resigned, d.challenged, d.started, d.reaccepts, d.channelPosts, d.twice
	t.GaveUp, t.GaveUpWhy = d.gaveUpN, d.gaveUpWhy
	t.StartsOpen = d.startsOpen
	for _, l := range []struct {
		lat      []time.Duration
		p50, p99 *time.Duration
	}{{d.startDM, &t.StartDMP50, &t.StartDMP99}, {d.startCard, &t.StartCardP50, &t.StartCardP99}, {d.startAccepted, &t.StartAcceptedP50, &t.StartAcceptedP99}} {
		ls := slices.Clone(l.lat)
		slices.Sort(ls)
		*l.p50, *l.p99 = percentile(ls, 50), percentile(ls, 99)
	}
	for _, n := range d.perSec {
		t.PeakPerSec = max(t.PeakPerSec, n)
	}
}

// fillRealism completes r from the driver after a run. Callers hold d.mu.
func (d *driver) fillRealism(r *Result, cfg Config, limits discordtest.RateLimits, invalid int) {
	x := &r.Realism
	x.Limits = "discord"
	if limits == (discordtest.RateLimits{}) {
		x.Limits = "none (not Discord)"
	}
	x.PerChannel, x.Think = max(cfg.PerChannel, 1), cfg.Think
	x.Budgeted, x.TooMany, x.Invalid = d.budgeted, d.tooMany, invalid
	if r.Done > 0 {
		x.PerMove = float64(d.budgeted) / float64(r.Done)
	}
	if r.Wall > 0 {
		x.MovesPerSec = float64(r.Done) / r.Wall.Seconds()
	}
	if n := len(after(d.lat, d.dues, cfg.Warmup)); n > 0 {
		x.SteadyPerMove = float64(d.steady) / float64(n)
		x.SteadyMoves = n
	}
	x.SteadyRoutes = d.steadyBy
	opp := after(d.oppLat, d.oppDues, cfg.Warmup)
	card := after(d.cardLat, d.cardDues, cfg.Warmup)
	x.OppP50, x.OppP99 = percentile(opp, 50), percentile(opp, 99)
	x.CardP50, x.CardP99 = percentile(card, 50), percentile(card, 99)
	x.CardsShown = len(d.cardLat)
	x.TapShare, x.TapMoves, x.Typed = d.share, d.tapMoves, d.typed
	if d.tapMoves > 0 {
		x.PicksPerMove = float64(d.tapsTotal) / float64(d.tapMoves)
	}
	picks := slices.Clone(d.picks)
	slices.Sort(picks)
	x.PickP50, x.PickP99 = percentile(picks, 50), percentile(picks, 99)
}

// after is lat of the moves due from warmup on, sorted.
func after(lat, dues []time.Duration, warmup time.Duration) []time.Duration {
	var out []time.Duration
	for i, l := range lat {
		if dues[i] >= warmup {
			out = append(out, l)
		}
	}
	slices.Sort(out)
	return out
}

// String is the second line `shinpan loadtest` prints.
func (x Realism) String() string {
	pace := "rate"
	if x.Think > 0 {
		pace = "think=" + x.Think.String()
	}
	taps := ""
	if x.TapShare > 0 {
		taps = fmt.Sprintf(" tap_share=%.2f tap_moves=%d typed=%d picks/move=%.2f pick_p50=%sms pick_p99=%sms",
			x.TapShare, x.TapMoves, x.Typed, x.PicksPerMove, ms(x.PickP50), ms(x.PickP99))
	}
	return fmt.Sprintf("limits=%s per_channel=%d %s moves/s=%.1f budgeted/move=%.2f steady=%.2f 429=%v invalid_10m=%d dm_p50=%sms dm_p99=%sms card_p50=%sms card_p99=%sms cards_shown=%d%s",
		x.Limits, x.PerChannel, pace, x.MovesPerSec, x.PerMove, x.SteadyPerMove, x.TooMany, x.Invalid,
		ms(x.OppP50), ms(x.OppP99), ms(x.CardP50), ms(x.CardP99), x.CardsShown, taps)
}
