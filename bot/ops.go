package bot

import (
	"log/slog"
	"net/http"
	"time"
	"unicode/utf8"

	"shinpan/bot/budget"
	"shinpan/ops"
	"shinpan/referee"
	"shinpan/referee/view"
	"shinpan/store"
)

// The bot's hooks for operators: metrics at a few choke points (act, the
// outbox send, the gateway handlers), readiness, and the log attributes of a
// game.

// WithMetrics records the bot's metrics in m and registers its gauges there.
func WithMetrics(m *ops.Metrics) Option { return func(b *Bot) { b.metrics = m } }

// instrument hooks the session: gateway state and events, 429 waits, and (with
// metrics) every REST request through a counting transport.
func (b *Bot) instrument() {
	// Every REST request passes the request budget (bot/budget); with
	// metrics, counted beneath it. discordgo does not retry a 429 itself
	// (it would sleep out the Retry-After holding its bucket, then send
	// again): the callers retry, through the budget. The client's timeout
	// becomes the budget's, which does not count the time a request queues.
	c := http.Client{}
	if b.s.Client != nil {
		c = *b.s.Client // a copy: the caller's client may be shared
	}
	base := c.Transport
	if b.metrics != nil {
		base = b.metrics.Transport(base)
	}
	cfg := budget.Config{Base: base, Global: b.cfg.GlobalRate, Log: b.log, SendTimeout: c.Timeout,
		OnTooMany: func(scope, route string, retryAfter time.Duration) {
			b.metrics.RateLimitWait(retryAfter)
			b.log.Info("rate limited", "scope", scope, "route", route, "retry_after", retryAfter)
		}}
	c.Timeout = 0
	if b.cl != nil {
		// Each process's gate reads its share every budget.ShareEvery, and a
		// request holds its slot of the global window up to a second after
		// its answer: a newcomer waits that long past the others' renewal.
		cfg.Share = func() float64 { return b.cl.Share(budget.ShareEvery + time.Second) }
	}
	b.gate = budget.New(cfg)
	b.metrics.Watch(b.gauges())
	c.Transport = b.gate
	b.s.Client = &c
	b.s.ShouldRetryOnRateLimit = false
	for _, sh := range b.shards {
		sh.s.Client, sh.s.ShouldRetryOnRateLimit = &c, false
	}
}

// gauges are read at each scrape, the request budget's counters too; lease
// ownership only with several processes.
func (b *Bot) gauges() ops.Gauges {
	g := ops.Gauges{ActiveGames: b.activeByVariant, Outbox: b.outboxStats, GatewayUp: b.gatewayReady, Write: b.gate.WriteMetrics}
	if b.cl != nil {
		g.Leases = func() (int, int) { return len(b.cl.Held()), b.cl.Live() }
	}
	return g
}

// gatewayEvent marks a shard ready after READY or RESUMED.
func (b *Bot) gatewayEvent(sh *shard, event string) {
	sh.up.Store(true)
	b.metrics.Gateway(event)
	b.log.Info("gateway "+event, "shard", sh.id)
}

// StoreReady says whether the store answers a read.
func (b *Bot) StoreReady() error {
	if h, ok := b.st.(interface{ Healthy() error }); ok {
		if err := h.Healthy(); err != nil {
			return err // the store is down: no round trip to say so
		}
	}
	_, err := b.st.Version()
	return err
}

// activeByVariant is shinpan_games_active: counts kept by the store
// (ActiveCounts), O(1) however many games are live.
func (b *Bot) activeByVariant() (map[string]int, error) {
	counts, err := b.st.ActiveCounts()
	n := map[string]int{}
	for _, v := range []view.Variant{view.Tsuitate, view.Masked, view.Dark, view.Standard} {
		n[string(v)] = 0
	}
	for v, k := range counts {
		n[string(v)] = k
	}
	return n, err
}

func (b *Bot) outboxStats() (int, time.Duration, error) {
	st, err := b.st.OutboxStats() // kept by the store: O(1) whatever the backlog
	if err != nil || st.Depth == 0 {
		return 0, 0, err
	}
	return st.Depth, time.Since(st.Oldest), nil
}

// maxMoveRunes is longer than any move written out ("☗７六歩(77)", "P*5e", "7g7f+").
const maxMoveRunes = 16

// actionResult names what came of an action that took effect.
func actionResult(evs []view.Event) string {
	for _, e := range evs {
		switch e.Kind {
		case view.EvFoul:
			return "foul"
		case view.EvBounce:
			return "bounce"
		}
	}
	return "accepted"
}

// observeAction counts an action and logs it at debug level. Only a move's
// text is logged: a mask square is a secret, and a refused text longer than
// any move written out is some other message (only its length is logged).
func (b *Bot) observeAction(id store.GameID, user string, a referee.Action, key, result string, start time.Time) {
	b.metrics.Action(string(a.Kind), result)
	d := time.Since(start)
	if !b.log.Enabled(b.ctx, slog.LevelDebug) {
		return
	}
	attrs := []any{"game", id, "user", user, "player", a.Player.String(), "kind", a.Kind, "key", key, "result", result, "took", d}
	if a.Kind == referee.ActMove {
		if n := utf8.RuneCountInString(a.Text); result == "refused" && n > maxMoveRunes {
			attrs = append(attrs, "text_runes", n)
		} else {
			attrs = append(attrs, "move", a.Text)
		}
	}
	b.log.Debug("action", attrs...)
}

// sent counts an outbox message's outcome and logs it at debug level (ids and
// sizes, never the content); a final outcome counts towards its action's
// move latency.
func (b *Bot) sent(m store.OutMsg, outcome string, start time.Time) {
	if outcome == "sent" && m.Dest == store.DestDM {
		b.closedDMs.Open(m.Target, time.Time{}) // a DM reached them
	}
	b.metrics.Send(string(m.Dest), outcome)
	if b.log.Enabled(b.ctx, slog.LevelDebug) { // its arguments are built before the call
		b.log.Debug("send", "game", m.GameID, "seq", m.Seq, "outbox", m.ID, "dest", m.Dest, "target", m.Target,
			"outcome", outcome, "took", time.Since(start), "bytes", len(m.Payload))
	}
	if outcome != "retry" && m.GameID != 0 && m.Seq != 0 {
		b.moves.Delivered(b.metrics, uint64(m.GameID), m.Seq)
	}
}
