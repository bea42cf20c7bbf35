package outbox

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	mrand "math/rand/v2"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/budget"
	"shinpan/bot/compose"
	"shinpan/store"
)

// The outbox is sent by one dispatcher and one worker per destination (a
// channel, or a user's DMs): in order within a destination, in parallel across
// them, so a 429, a 5xx or a slow channel delays no other. Every request
// passes the session's HTTP transport, the bot's one request budget
// (bot/budget): it waits for the route's bucket and the global limit before
// it sends. discordgo does not retry a 429 itself (ShouldRetryOnRateLimit is
// off): the worker retries it at once, through the budget, which holds the
// bucket for the 429's Retry-After. A ban (*budget.BannedError) stops the
// worker until it ends. A 5xx or a network error is retried with exponential
// back-off and jitter; a 4xx other than 429 is final (undeliverable). Sent
// messages are marked in batches: a mark lost in a crash only means a
// re-send, which the message's nonce makes Discord drop. Every request is
// bounded by the sender's context: at Close a worker's wait in the budget,
// its request and its retries end at once, and the message it held stays in
// the outbox for the next start (where, had Discord taken it already, its
// nonce drops the repeat).

// Sender sends the outbox: the one place the bot's messages leave for
// Discord, through its REST client.
type Sender struct {
	st    Store
	rest  *REST
	log   *slog.Logger
	ctx   context.Context
	wg    *sync.WaitGroup
	pool  *Pool
	hooks Hooks
	// clustered: other processes send the outbox too (ClaimOutbox); hold
	// is how long a claim holds a message (claimHold).
	clustered bool
	hold      time.Duration

	mu       sync.Mutex
	queues   map[string][]store.OutMsg // by destination, in outbox order
	running  map[string]bool           // destinations with a worker
	cards    map[string]*cardLane      // channels' card edits waiting (cards.go)
	inFlight map[uint64]bool           // handed to a worker, not yet marked sent
	holds    map[uint64]time.Time      // clustered: when each one's claim runs out, as counted here (held.go)
	urgent   map[string]int            // by destination: its queue's Urgent messages (urgent.go)
	hurry    map[string]*budget.Hurry  // by destination: what hurries the request its worker makes
	done     []uint64                  // sent or given up, to mark
	seen     uint64                    // every message up to this id was read (orderedOutbox)
	kick     chan struct{}             // wakes the dispatcher
	marks    chan struct{}             // wakes the marker
	ready    func(ctx context.Context, method, path string) error
	spare    func(ctx context.Context, max time.Duration) error
	// cardEvery is Config.CardEvery; rate is Config.CardRate's (nil: none).
	cardEvery time.Duration
	rate      *cardRate
	// scan orders dispatch's read of the whole outbox with markSent's
	// commit: a read from before a commit must not find its messages out of
	// flight (they would be sent twice). An orderedOutbox needs none: a read
	// returns only messages never dispatched, which no commit marked.
	scan sync.Mutex
}

// Store is what the sender needs of the store.
type Store interface {
	store.Outbox
	store.MessageRefs
	SetChallengeMessage(id uint64, messageID string) error
	UpdateGame(id store.GameID, outbox []store.OutMsg, fn func(*store.Game) error) (store.Game, error)
}

// Hooks are what the sender tells the rest of the bot; any may be nil.
type Hooks struct {
	// Owns says whether a game is this process's (nil: every game is).
	Owns func(store.GameID) bool
	// Sent observes each message's outcome: sent, retry, undeliverable, coalesced.
	Sent func(m store.OutMsg, outcome string, start time.Time)
	// Undeliverable handles a message Discord refused for good.
	Undeliverable func(m store.OutMsg, rerr *discordgo.RESTError)
	// ThreadStarted learns the thread opened under a game's card.
	ThreadStarted func(id store.GameID, thread string)
	// Refuse, when it returns an error, gives a message up before any
	// request, as if Discord had answered that (a DM to a user known to
	// have closed their DMs: not an invalid request spent again).
	Refuse func(m store.OutMsg) error
}

// Config makes a Sender.
type Config struct {
	Store     Store
	REST      *REST
	Log       *slog.Logger
	Clustered bool // other processes send the same outbox
	// Ready, when set, waits until a request of this method and path
	// would find a send left in its bucket (budget.Gate.Ready): the card
	// lanes pick the edit to send only then.
	Ready func(ctx context.Context, method, path string) error
	// Spare, when set, waits (at most max) for a slot of the global budget
	// that no request queues for (budget.Gate.Spare): card edits ask it.
	Spare func(ctx context.Context, max time.Duration) error
	// CardEvery, when positive, is the least time between two edits of one
	// card (cards.go); 0: as often as the channel's bucket allows, the
	// edits merging while they wait for it.
	CardEvery time.Duration
	// CardRate, when set, is how many card edits a second all channels
	// together may send now (the config's card_share of this process's
	// global budget; ≤ 0: no limit but the budget's): cardrate.go.
	CardRate func() float64
	// ClaimHold, when positive, replaces claimHold (tests).
	ClaimHold time.Duration
	Hooks     Hooks
}

// New returns a sender; Run starts it.
func New(cfg Config) *Sender {
	ob := &Sender{st: cfg.Store, rest: cfg.REST, log: cfg.Log, hooks: cfg.Hooks, clustered: cfg.Clustered,
		queues: map[string][]store.OutMsg{}, running: map[string]bool{}, cards: map[string]*cardLane{}, urgent: map[string]int{}, hurry: map[string]*budget.Hurry{}, ready: cfg.Ready, spare: cfg.Spare, cardEvery: cfg.CardEvery, inFlight: map[uint64]bool{},
		holds: map[uint64]time.Time{}, hold: claimHold, kick: make(chan struct{}, 1), marks: make(chan struct{}, 1)}
	if cfg.ClaimHold > 0 {
		ob.hold = cfg.ClaimHold
	}
	if cfg.CardRate != nil {
		ob.rate = newCardRate(cfg.CardRate)
	}
	return ob
}

// Run starts the dispatcher and the marker; they and the workers stop when
// ctx ends (each counted in wg); pool runs the workers.
func (ob *Sender) Run(ctx context.Context, wg *sync.WaitGroup, pool *Pool) {
	ob.ctx, ob.wg, ob.pool = ctx, wg, pool
	wg.Add(2)
	go ob.outboxLoop()
	go ob.markLoop()
}

// InFlight lists the messages handed to workers and not yet marked sent.
func (ob *Sender) InFlight() []uint64 {
	ob.mu.Lock()
	defer ob.mu.Unlock()
	ids := make([]uint64, 0, len(ob.inFlight))
	for id := range ob.inFlight {
		ids = append(ids, id)
	}
	return ids
}

// Stats are the sender's queues, for tests and logs.
type Stats struct{ InFlight, Queued, Workers, ToMark int }

// Stats reads the sender's queues.
func (ob *Sender) Stats() Stats {
	ob.mu.Lock()
	defer ob.mu.Unlock()
	return Stats{len(ob.inFlight), len(ob.queues), len(ob.running), len(ob.done)}
}

func (ob *Sender) owns(id store.GameID) bool { return ob.hooks.Owns == nil || ob.hooks.Owns(id) }

func (ob *Sender) sent(m store.OutMsg, outcome string, start time.Time) {
	if ob.hooks.Sent != nil {
		ob.hooks.Sent(m, outcome, start)
	}
}

func (ob *Sender) undeliverable(m store.OutMsg, rerr *discordgo.RESTError) {
	if ob.hooks.Undeliverable != nil {
		ob.hooks.Undeliverable(m, rerr)
	}
}

func wake(c chan struct{}) {
	select {
	case c <- struct{}{}:
	default:
	}
}

// dest is the queue a message belongs to.
func dest(m store.OutMsg) string { return string(m.Dest) + ":" + m.Target }

// outboxLoop hands what the outbox holds to the destinations' workers whenever
// the store signals a commit or someone kicks it, and looks again every few
// seconds (a message whose mark failed, a store that was unreadable); with
// several processes every quarter of a claim's hold, so that its claims
// renew what it holds before it runs out (held.go) and it takes soon the
// messages whose claim by another process ran out.
func (ob *Sender) outboxLoop() {
	defer ob.wg.Done()
	every := 3 * time.Second
	if ob.clustered {
		every = ob.hold / 4
	}
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-ob.ctx.Done():
			return
		case <-ob.st.OutboxReady():
		case <-ob.kick:
		case <-tick.C:
		}
		ob.dispatch()
	}
}

// Kick wakes the dispatcher; it never waits for a send.
func (ob *Sender) Kick() { wake(ob.kick) }

// orderedOutbox is a store whose outbox ids grow in commit order (bbolt's:
// one writer at a time), so the dispatcher reads only the messages after the
// last it read instead of the whole outbox at every commit.
type orderedOutbox interface {
	PendingOutboxAfter(after uint64) ([]store.OutMsg, error)
}

// dispatch queues every pending message not yet handed out.
func (ob *Sender) dispatch() {
	if !ob.orderedOutbox() {
		ob.scan.Lock()
		defer ob.scan.Unlock()
	}
	claimed := time.Now() // the claims' holds run out after claimed + ob.hold, or later
	msgs, err := ob.pending()
	if err != nil {
		ob.log.Error("outbox", "err", err)
		return
	}
	var replaced []store.OutMsg
	defer func() { // after the unlock
		for _, m := range replaced {
			ob.sent(m, "coalesced", time.Now())
		}
		if len(replaced) > 0 {
			wake(ob.marks)
		}
	}()
	ob.mu.Lock()
	defer ob.mu.Unlock()
	for _, m := range msgs {
		ob.seen = max(ob.seen, m.ID)
		if ob.clustered {
			ob.holds[m.ID] = claimed.Add(ob.hold) // a new claim, or one renewed
		}
		if ob.inFlight[m.ID] {
			continue
		}
		ob.inFlight[m.ID] = true
		d := dest(m)
		if k := laneKey(m); k.byID() {
			// An edit of a message by its id: the message exists, so the
			// edit need not wait for the channel's posts (cards.go).
			if old, ok := ob.queueCard(d, m, k); ok {
				replaced = append(replaced, old)
			}
			continue
		}
		ob.queues[d] = append(ob.queues[d], m)
		if isUrgent(m) {
			ob.urgent[d]++
			if h := ob.hurry[d]; h != nil {
				h.Now() // what the worker sends now goes ahead too (urgent.go)
			}
		}
		if !ob.running[d] {
			ob.running[d] = true
			ob.wg.Add(1)
			ob.pool.Go(func() { ob.worker(d) })
		}
	}
}

// worker sends one destination's messages in order until its queue is empty.
func (ob *Sender) worker(d string) {
	defer ob.wg.Done()
	for {
		ob.mu.Lock()
		q := ob.queues[d]
		if len(q) == 0 || ob.ctx.Err() != nil {
			delete(ob.queues, d)
			delete(ob.running, d)
			delete(ob.urgent, d)
			delete(ob.hurry, d)
			ob.mu.Unlock()
			return
		}
		m := q[0]
		ob.queues[d] = q[1:]
		h := ob.hurryFor(d, m)
		ob.mu.Unlock()
		// q[1:] is only ever appended to, past its end: safe to read unlocked.
		if superseded(m, q[1:]) {
			compose.Memo.Drop(m.Payload)
			ob.sent(m, "coalesced", time.Now()) // coalesce.go
		} else if key := laneKey(m); key.ref != "" {
			ob.mu.Lock()
			old, replaced := ob.queueCard(d, m, key) // cards.go
			ob.mu.Unlock()
			if replaced {
				ob.sent(old, "coalesced", time.Now())
				wake(ob.marks)
			}
			continue
		} else if r := ob.deliverHeld(d, m, h, false); r == closing {
			return // closing: the message stays in the outbox for the next start
		} else if r == lapsed {
			return // given up, with the rest of the queue (held.go)
		}
		ob.mu.Lock()
		ob.done = append(ob.done, m.ID)
		ob.mu.Unlock()
		wake(ob.marks)
	}
}

// delivery is what became of a message deliver was given.
type delivery int

const (
	done    delivery = iota // sent, or given up for good: to mark sent
	closing                 // the bot is closing: it stays in the outbox
	lapsed                  // its claim ran out: another process may send it (held.go)
)

// deliver sends one message, retrying what may succeed later, until it is
// done; or the bot is closing, which ends the send (its wait in the
// budget, or the request itself) at once: the message stays in the outbox
// for the next start, and one Discord took before the answer was cut short
// is sent again then with the same nonce, which Discord drops. With
// several processes it also stops, the same way, once the message's claim
// is about to run out (held.go).
// Its requests go ahead of the routine ones waiting for the global budget
// once h is asked (nil: never; urgent.go).
func (ob *Sender) deliver(m store.OutMsg, h *budget.Hurry) delivery {
	ctx := ob.ctx
	if h != nil {
		ctx = budget.WithHurry(ctx, h)
	}
	if ob.clustered {
		var stop func()
		ctx, stop = ob.whileHeld(ctx, m.ID)
		defer stop()
	}
	backoff := 250 * time.Millisecond
	for {
		if ob.ctx.Err() != nil {
			return closing
		}
		if isLapsed(ctx) {
			ob.log.Warn("the message's claim ran out while it was retried: given up for the game's owner", "game", m.GameID, "dest", m.Dest, "target", m.Target, "outbox", m.ID)
			return lapsed
		}
		start := time.Now()
		var err error
		if ob.hooks.Refuse != nil {
			err = ob.hooks.Refuse(m)
		}
		if err == nil {
			err = ob.send(ctx, m)
		}
		var rerr *discordgo.RESTError
		var wait time.Duration
		switch {
		case err == nil:
			ob.sent(m, "sent", start)
			return done
		case permanent(err, &rerr):
			// Permanent: closed DMs, missing permissions, deleted channel.
			ob.sent(m, "undeliverable", start)
			ob.log.Warn("message not delivered", "game", m.GameID, "dest", m.Dest, "target", m.Target, "err", err)
			ob.undeliverable(m, rerr)
			return done
		case ob.ctx.Err() != nil:
			return closing // not even a 429's retry
		case isLapsed(ctx):
			ob.sent(m, "retry", start)
			continue // given up at the loop's top
		case tooMany(err):
			// The budget holds the bucket for the 429's Retry-After: the
			// retry waits there, not here.
			ob.sent(m, "retry", start)
			ob.log.Info("answered 429, will retry through the budget", "game", m.GameID, "dest", m.Dest, "target", m.Target, "err", err)
			continue
		case banned(err, &wait):
			// Sending is stopped (the budget raised the alert): nothing is
			// sent, and nothing retried, before the ban's end.
			ob.sent(m, "retry", start)
			ob.log.Debug("banned: the destination waits", "dest", m.Dest, "target", m.Target, "for", wait.Round(time.Second))
		default:
			ob.sent(m, "retry", start)
			wait = backoff/2 + time.Duration(mrand.Int64N(int64(backoff)))
			ob.log.Warn("send failed, will retry", "game", m.GameID, "dest", m.Dest, "target", m.Target, "in", wait.Round(time.Millisecond), "err", err)
			backoff = min(2*backoff, 30*time.Second)
		}
		select {
		case <-ctx.Done(): // closing, or the claim running out
		case <-time.After(wait):
		}
	}
}

// permanent says whether a send failed for good (a 4xx other than 429).
func permanent(err error, rerr **discordgo.RESTError) bool {
	return errors.As(err, rerr) && (*rerr).Response != nil && (*rerr).Response.StatusCode >= 400 &&
		(*rerr).Response.StatusCode < 500 && (*rerr).Response.StatusCode != http.StatusTooManyRequests
}

// claimHold is how long a claimed message is this process's to send (several
// processes), renewed by its claims while it sends it (held.go): a process
// that dies lets its messages go after it, and until then the game's newer
// messages wait (no process claims them: they would overtake it). It ends
// before a dead process's leases (6 s after its last renewal, and up to a
// renewal more until taken), so a takeover seldom waits for it. The nonce
// keeps one sent twice from showing twice.
const claimHold = 4 * time.Second

// pending is what the outbox holds for this process to send: everything, or
// with several processes, the messages of its own games and of no game.
func (ob *Sender) pending() ([]store.OutMsg, error) {
	if ob.clustered {
		return ob.st.ClaimOutbox(500, ob.hold)
	}
	if ob.orderedOutbox() {
		return ob.st.(orderedOutbox).PendingOutboxAfter(ob.seen) // seen: only the dispatcher writes it
	}
	return ob.st.PendingOutbox()
}

// orderedOutbox says whether the dispatcher reads only what follows the last
// message it read (one process, an orderedOutbox store).
func (ob *Sender) orderedOutbox() bool {
	_, ok := ob.st.(orderedOutbox)
	return ok && !ob.clustered
}

// Drain sends, once the workers have stopped, what the outbox still
// holds, until ctx ends: each message once, in order within its destination;
// a destination whose send fails waits for the next start.
func (ob *Sender) Drain(ctx context.Context) {
	ob.markSent() // what the workers delivered last
	msgs, err := ob.st.PendingOutbox()
	if ob.clustered { // this process's games' messages (it still holds them), and those of no game
		msgs = slices.DeleteFunc(msgs, func(m store.OutMsg) bool { return m.GameID != 0 && !ob.owns(m.GameID) })
	}
	if err != nil || len(msgs) == 0 {
		return
	}
	ob.log.Info("sending what the outbox holds before stopping", "messages", len(msgs))
	stuck := map[string]bool{}
	var sent []uint64
	for _, m := range msgs {
		if ctx.Err() != nil {
			break
		}
		if stuck[dest(m)] {
			continue
		}
		start := time.Now()
		err := ob.send(ctx, m)
		var rerr *discordgo.RESTError
		switch {
		case err == nil:
			ob.sent(m, "sent", start)
		case permanent(err, &rerr):
			ob.sent(m, "undeliverable", start)
			ob.log.Warn("message not delivered", "game", m.GameID, "dest", m.Dest, "target", m.Target, "err", err)
			ob.undeliverable(m, rerr)
		default:
			ob.sent(m, "retry", start)
			stuck[dest(m)] = true
			continue
		}
		sent = append(sent, m.ID)
	}
	if err := ob.st.MarkSent(sent...); err != nil {
		ob.log.Error("mark sent", "messages", len(sent), "err", err)
	}
	if left := len(msgs) - len(sent); left > 0 {
		ob.log.Warn("the outbox keeps messages for the next start", "messages", left)
	}
}

// markLoop marks delivered messages sent, many in one commit: it commits as
// soon as a message is delivered, one commit at a time, and the messages
// delivered during a commit go together in the next (under load a commit,
// a sync of the disk, marks a few dozen). A failed mark keeps them in flight
// (never sent twice by this process) and is retried.
func (ob *Sender) markLoop() {
	defer ob.wg.Done()
	retry := time.NewTicker(2 * time.Second)
	defer retry.Stop()
	for {
		select {
		case <-ob.ctx.Done():
			ob.markSent() // what was delivered before closing
			return
		case <-ob.marks:
		case <-retry.C:
		}
		ob.markSent()
	}
}

// A mark lost in a crash means only that the message is sent again after
// the start, which its nonce makes Discord answer with the first; but each
// repeat spends a request. Marks used to wait 50 ms to gather more: in a
// kill loop (TestServeKillLoop) every repeat was a message delivered in the
// 50 ms before the kill, 11-13% of the sends; marking at once leaves only
// those delivered during the last commit (docs/PERFORMANCE.md).

func (ob *Sender) markSent() {
	ob.mu.Lock()
	ids := ob.done
	ob.done = nil
	ob.mu.Unlock()
	if len(ids) == 0 {
		return
	}
	if !ob.orderedOutbox() {
		ob.scan.Lock()
		defer ob.scan.Unlock()
	}
	if err := ob.st.MarkSent(ids...); err != nil {
		ob.log.Error("mark sent", "messages", len(ids), "err", err)
		ob.mu.Lock()
		ob.done = append(ob.done, ids...)
		ob.mu.Unlock()
		return
	}
	ob.mu.Lock()
	for _, id := range ids {
		delete(ob.inFlight, id)
		delete(ob.holds, id)
	}
	ob.mu.Unlock()
}

// send delivers one outbox message; ctx bounds its requests. A send cut
// short by ctx fails, even past the message's post (its thread not yet
// opened): the message is sent again at the next start, under its nonce.
func (ob *Sender) send(ctx context.Context, m store.OutMsg) error {
	bound := discordgo.WithContext(ctx)
	p, ok := compose.Memo.Take(m.Payload) // compose/memo.go
	if ok && compose.MemoCheck {
		compose.CheckMemo(ob.log, m, p)
	}
	if !ok {
		if err := json.Unmarshal(m.Payload, &p); err != nil {
			ob.log.Error("bad outbox compose.Payload, dropped", "game", m.GameID, "outbox", m.ID, "err", err)
			return nil
		}
	}
	p.FillGame(m.GameID)
	if p.EditRef != "" {
		return ob.editRef(ctx, m.GameID, p)
	}
	if p.Answer != nil && m.Dest == store.DestDM {
		// The mover's update in the message they acted on (a tap or the
		// Move form another process received and deferred).
		err := ob.rest.EditOriginal(*p.Answer, p, bound)
		var rerr *discordgo.RESTError
		if !permanent(err, &rerr) {
			return err
		}
		ob.log.Info("the interaction's message could not be edited: the update goes by DM", "game", m.GameID, "user", m.Target, "err", err)
		p.Answer = nil
	}
	ch := m.Target
	if m.Dest == store.DestDM {
		var err error
		if ch, err = ob.rest.DMChannel(m.Target, bound); err != nil {
			return err
		}
	}
	if p.Edit != "" {
		if err := ob.rest.EditMessage(ch, p, bound); err != nil {
			return err
		}
		if p.Thread != "" && m.GameID != 0 {
			return ob.startThread(ctx, m.GameID, ch, p.Edit, p.Thread)
		}
		return nil
	}
	msgID, err := ob.rest.PostMessage(ch, p, m.DedupeKey, bound)
	if err != nil {
		return err
	}
	if p.Challenge != 0 {
		if err := ob.st.SetChallengeMessage(p.Challenge, msgID); err != nil {
			ob.log.Warn("challenge message id", "challenge", p.Challenge, "err", err)
		}
	}
	if p.Ref != "" && m.GameID != 0 {
		if err := ob.st.PutMessageRef(m.GameID, p.Ref, store.MessageRef{ChannelID: ch, MessageID: msgID}); err != nil {
			ob.log.Error("message ref", "game", m.GameID, "err", err)
		}
	}
	if p.Thread != "" && m.GameID != 0 {
		return ob.startThread(ctx, m.GameID, ch, msgID, p.Thread)
	}
	return nil
}

// payloadComponents returns the menus' rows, the buttons row and the select
// row, if any.
func payloadComponents(p compose.Payload) []discordgo.MessageComponent {
	out := append(SelectRows(p.Selects), Components(p.Buttons)...)
	if p.Select != nil && len(p.Select.Options) > 0 {
		out = append(out, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
			MenuType: discordgo.StringSelectMenu, CustomID: p.Select.ID, Placeholder: p.Select.Placeholder, Options: menuOptions(p.Select.Options)}}})
	}
	return out
}

// startThread opens the game's announcement thread under a message. Only
// ctx's end is an error (the message's send is cut short, to be made again):
// a thread Discord refuses is logged, the game goes on without it.
func (ob *Sender) startThread(ctx context.Context, id store.GameID, ch, msgID, name string) error {
	th, err := again(restTries, func() (*discordgo.Channel, error) {
		return ob.rest.s.MessageThreadStartComplex(ch, msgID, &discordgo.ThreadStart{Name: name, AutoArchiveDuration: 1440},
			discordgo.WithContext(ctx))
	})
	if err != nil {
		if ctx.Err() != nil {
			return err
		}
		ob.log.Warn("thread", "game", id, "err", err)
		return nil
	}
	if _, err := ob.st.UpdateGame(id, nil, func(g *store.Game) error { g.ThreadID = th.ID; return nil }); err != nil {
		ob.log.Error("thread id", "game", id, "err", err)
		return nil
	}
	if ob.hooks.ThreadStarted != nil {
		ob.hooks.ThreadStarted(id, th.ID)
	}
	return nil
}
