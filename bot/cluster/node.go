package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"shinpan/bot/compose"
	"shinpan/bot/games"
	"shinpan/bot/texts"
	"shinpan/bot/texts/uitexts"
	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/store"
)

// Several processes share the games (PostgreSQL): each game's partition is
// owned by one process (a lease with an epoch that every game write checks).
// The owner alone applies the game's actions, runs its clocks and CPU turns
// and sends its outbox. A player's action that reaches the game's owner while
// nothing waits for that game in the inbox is applied there and then
// (applyHere); any other goes, in whichever process Discord delivered it,
// into the shared inbox, and the owner applies it in the transaction that
// removes it (once, in the order queued). The player who pressed a button
// hears the result at once when this process owns the game, else "received"
// and the result in DMs; a tap or the Move form is deferred instead, and its
// result edits the tapped message (Routed.Hook). Single-process mode has no
// Cluster and none of this.

// Leases are the shared ownership and inbox (store/postgres.Cluster).
type Leases interface {
	// Start takes this process's first share of partitions; onChange is
	// called, from the lease loop, with what it gains and loses.
	Start(ctx context.Context, onChange func(gained, lost []uint32)) error
	// Run renews and balances until ctx ends.
	Run(ctx context.Context)
	// Stop gives every partition up at once (a clean stop).
	Stop()
	// Process names this process among those sharing the games; its DM
	// claims carry the name, so that they end with its leases.
	Process() string
	Owns(id store.GameID) bool
	OwnsPartition(p uint32) bool
	// OwnerTakesDMs says whether another live process that receives DMs
	// owns the game (as of the last renewal).
	OwnerTakesDMs(id store.GameID) bool
	Held() []uint32
	// Live is how many processes share the games.
	Live() int
	// Share is this process's part of what the live processes split (the
	// request budget), 0 while the others may not count it; settle is how
	// long the use of a new part lags its reading.
	Share(settle time.Duration) float64
	PutInbox(key string, game store.GameID, record []byte) (bool, error)
	// InboxPending says whether any action waits for the game.
	InboxPending(game store.GameID) (bool, error)
	Inbox(parts []uint32, skip []uint64, n int) ([]store.InboxItem, error)
	ConsumeInbox(key string, game store.GameID, outbox []store.OutMsg) (bool, error)
	// ListenInbox calls fn with the partition of each action queued (all
	// ones: ^uint32(0)) until ctx ends.
	ListenInbox(ctx context.Context, fn func(p uint32))
	ActiveGamesOfPartitions(parts []uint32) ([]store.Game, error)
	// ReleaseOutbox lets go of claimed messages left unsent.
	ReleaseOutbox(ids ...uint64) error
}

// Routed is an inbox item's record: an action and who asked for it.
type Routed struct {
	Kind   string         `json:"kind"` // act, dm (typed text), draw (offer or accept), new (a game to adopt), back (a player returns from the CPU)
	User   string         `json:"user,omitempty"`
	Action referee.Action `json:"action"`
	DM     bool           `json:"dm,omitempty"` // refusal worded for text typed in DM
	// Named: the DM went to the player's default game among several, so
	// a refusal names the game.
	Named bool `json:"named,omitempty"`
	// Hook is the interaction the action came from, deferred by the
	// process that received it: the mover's update edits its message
	// (moves.Hooked) rather than coming as a DM.
	Hook *compose.Hook `json:"hook,omitempty"`
}

// waiter is a handler waiting for the result of its action.
type waiter struct {
	mu    sync.Mutex
	state int // 0 waiting, 1 taken by the applier, 2 given up
	done  chan routeResult
}

type routeResult struct {
	reply string
	ok    bool
}

// routeWait is how long a handler waits for its action's result before it
// answers "received" (the interaction must be answered within 3 s).
const routeWait = 2 * time.Second

// Route queues a player's action in the inbox for the game's owner. When
// this process owns the game, it waits for the result; else it answers that
// the action was received and says it is queued: the result comes from the
// owner (by DM, or as an edit of the interaction's message, Routed.Hook).
func (n *Node) Route(id store.GameID, key string, what Routed, lang texts.Lang) (reply string, ok, queued bool) {
	rec, err := json.Marshal(what)
	if err != nil {
		n.log.Error("inbox", "game", id, "user", what.User, "err", err)
		return uitexts.UI(lang, uitexts.InternalError), false, false
	}
	var w *waiter
	if n.c.Owns(id) {
		w = &waiter{done: make(chan routeResult, 1)}
		n.mu.Lock()
		n.waiters[key] = w
		n.mu.Unlock()
		defer func() {
			n.mu.Lock()
			if n.waiters[key] == w {
				delete(n.waiters, key)
			}
			n.mu.Unlock()
		}()
	}
	put, err := n.c.PutInbox(key, id, rec)
	if err != nil {
		n.log.Error("inbox", "game", id, "user", what.User, "err", err)
		return compose.StoreText(lang, err), false, false
	}
	if !put {
		return "", false, false // the same action, delivered twice, waits already
	}
	if w == nil {
		return uitexts.UI(lang, uitexts.Routed), false, true
	}
	wake(n.kick)
	select {
	case r := <-w.done:
		return r.reply, r.ok, false
	case <-time.After(routeWait):
	}
	w.mu.Lock()
	if w.state == 0 {
		w.state = 2
		w.mu.Unlock()
		return uitexts.UI(lang, uitexts.Routed), false, true
	}
	w.mu.Unlock()
	r := <-w.done // taken: the result is on its way
	return r.reply, r.ok, false
}

// ApplyHere says whether this process may apply a player's action to game id
// itself, now, instead of queueing it in the inbox: it owns the game and no
// action for it waits, here or in the inbox, that the new one must follow
// (each player's actions go in the order sent). The store's lease check still
// refuses the write should the lease move meanwhile (store.ErrFenced).
func (n *Node) ApplyHere(id store.GameID) bool {
	if !n.c.Owns(id) {
		return false
	}
	n.mu.Lock()
	busy := n.running[id] || len(n.queues[id]) > 0
	n.mu.Unlock()
	if busy {
		return false
	}
	pending, err := n.c.InboxPending(id)
	return err == nil && !pending
}

// RouteDM queues a move or mask typed in DM for the game's owner, which
// reads it against the game as it is then and answers a refusal by DM
// (naming the game when named).
func (n *Node) RouteDM(id store.GameID, user, text, key string, named bool) {
	rec, err := json.Marshal(Routed{Kind: "dm", User: user, Action: referee.Action{Text: text}, Named: named})
	if err == nil {
		_, err = n.c.PutInbox(key, id, rec)
	}
	if err != nil {
		n.log.Error("inbox", "game", id, "user", user, "err", err)
		n.host.DMReply(user, key, compose.StoreText(n.readers.Lang(user), err))
		return
	}
	if n.c.Owns(id) {
		wake(n.kick)
	}
}

// takeWaiter claims the handler waiting for key's result, if it still waits.
func (n *Node) takeWaiter(key string) *waiter {
	n.mu.Lock()
	w := n.waiters[key]
	delete(n.waiters, key)
	n.mu.Unlock()
	if w == nil {
		return nil
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.state != 0 {
		return nil
	}
	w.state = 1
	return w
}

// RouteBack asks the owner of a game to give user's seat back from the CPU
// (anything the player sends counts, to whichever process it comes). The key
// names the away spell: the same return, seen by two processes, goes once.
func (n *Node) RouteBack(g store.Game, c shogi.Color, user string) {
	rec, err := json.Marshal(Routed{Kind: "back", User: user})
	if err != nil {
		n.log.Error("inbox", "game", g.ID, "user", user, "err", err)
		return
	}
	key := fmt.Sprintf("back:%d:%d:%d", g.ID, c, g.Away[c].Since.UnixNano())
	if _, err := n.c.PutInbox(key, g.ID, rec); err != nil {
		n.log.Error("inbox", "game", g.ID, "user", user, "err", err)
	}
}

// AdoptNew tells the owner of a game this process created about it (its
// clocks and CPU run there).
func (n *Node) AdoptNew(id store.GameID) {
	rec, err := json.Marshal(Routed{Kind: "new"})
	if err == nil {
		_, err = n.c.PutInbox(fmt.Sprintf("new:%d", id), id, rec)
	}
	if err != nil {
		n.log.Error("inbox", "game", id, "err", err)
	}
}

// inboxLoop applies what the inbox holds for this process's partitions,
// woken by the notification of a queued action, a local kick or a tick.
func (n *Node) inboxLoop() {
	defer n.wg.Done()
	tick := time.NewTicker(2 * time.Second)
	defer tick.Stop()
	for {
		select {
		case <-n.ctx.Done():
			return
		case <-n.kick:
		case <-tick.C:
		}
		n.pullInbox()
	}
}

// Start takes this process's first partitions and starts the lease
// loop and the inbox's listener and reader.
func (n *Node) Start() error {
	if err := n.c.Start(n.ctx, n.onLeases); err != nil {
		return fmt.Errorf("take partitions: %w", err)
	}
	n.wg.Add(3)
	n.host.RunDMChecks(n.wg)
	go func() { defer n.wg.Done(); n.c.Run(n.ctx) }()
	go func() { defer n.wg.Done(); n.c.ListenInbox(n.ctx, n.onInboxNotice) }()
	go n.inboxLoop()
	return nil
}

// Stop, at a clean stop, lets go of the messages claimed and not
// sent and gives the partitions up, for the other processes to take now.
func (n *Node) Stop() {
	unsent := n.host.Unsent()
	if err := n.c.ReleaseOutbox(unsent...); err != nil {
		n.log.Warn("release outbox", "err", err)
	}
	n.c.Stop()
}

// onInboxNotice wakes the compose.Reader when the partition is this process's.
func (n *Node) onInboxNotice(p uint32) {
	if p == ^uint32(0) || n.c.OwnsPartition(p) {
		wake(n.kick)
	}
}

// pullInbox hands the waiting items to a worker per game.
func (n *Node) pullInbox() {
	held := n.c.Held()
	if len(held) == 0 {
		return
	}
	cl := n
	cl.scan.Lock()
	defer cl.scan.Unlock()
	cl.mu.Lock()
	skip := make([]uint64, 0, len(cl.inFlight))
	for id := range cl.inFlight {
		skip = append(skip, id)
	}
	cl.mu.Unlock()
	items, err := cl.c.Inbox(held, skip, 1000)
	if err != nil {
		n.log.Error("inbox", "err", err)
		return
	}
	cl.mu.Lock()
	defer cl.mu.Unlock()
	for _, it := range items {
		if cl.inFlight[it.ID] {
			continue
		}
		cl.inFlight[it.ID] = true
		cl.queues[it.GameID] = append(cl.queues[it.GameID], it)
		if !cl.running[it.GameID] {
			cl.running[it.GameID] = true
			n.wg.Add(1)
			id := it.GameID
			n.pool.Go(func() { n.inboxWorker(id) })
		}
	}
}

// inboxWorker applies one game's waiting actions in order.
func (n *Node) inboxWorker(id store.GameID) {
	defer n.wg.Done()
	cl := n
	for {
		cl.mu.Lock()
		q := cl.queues[id]
		if len(q) == 0 || n.ctx.Err() != nil {
			for _, it := range q {
				delete(cl.inFlight, it.ID)
			}
			delete(cl.queues, id)
			delete(cl.running, id)
			cl.mu.Unlock()
			return
		}
		it := q[0]
		cl.queues[id] = q[1:]
		cl.mu.Unlock()
		if n.host.Begin() {
			n.applyRouted(it)
			n.host.End()
		}
		cl.scan.Lock()
		cl.mu.Lock()
		delete(cl.inFlight, it.ID)
		cl.mu.Unlock()
		cl.scan.Unlock()
	}
}

// ApplyWaiting applies, before game id's turn times out, the actions for it
// that were received by then and still wait in the inbox: a move sent in
// time counts, whichever process took it. An item the game's worker holds is
// waited for (at most a second); the others are applied here, in order.
func (n *Node) ApplyWaiting(id store.GameID, by time.Time) {
	if n == nil {
		return
	}
	items, err := n.c.Inbox([]uint32{store.PartitionOf(id)}, nil, 1000)
	if err != nil {
		n.log.Warn("inbox before a timeout", "game", id, "err", err)
		return
	}
	cl := n
	for _, it := range items {
		if it.GameID != id || it.At.After(by) {
			continue
		}
		cl.mu.Lock()
		held := cl.inFlight[it.ID]
		cl.inFlight[it.ID] = true
		cl.mu.Unlock()
		if held { // the worker applies it: wait for that
			for wait := time.Now().Add(time.Second); time.Now().Before(wait); time.Sleep(5 * time.Millisecond) {
				cl.mu.Lock()
				held = cl.inFlight[it.ID]
				cl.mu.Unlock()
				if !held {
					break
				}
			}
			continue
		}
		n.applyRouted(it)
		cl.scan.Lock()
		cl.mu.Lock()
		delete(cl.inFlight, it.ID)
		cl.mu.Unlock()
		cl.scan.Unlock()
	}
}

// applyRouted applies one inbox item as its game's owner. An item that this
// process may no longer apply (the lease moved) stays for the new owner.
func (n *Node) applyRouted(it store.InboxItem) {
	id := it.GameID
	if !n.c.Owns(id) {
		return
	}
	var r Routed
	if err := json.Unmarshal(it.Record, &r); err != nil {
		n.log.Error("inbox item unreadable", "game", id, "key", it.Key, "err", err)
		n.consumeRouted(it, nil)
		return
	}
	switch r.Kind {
	case "new":
		n.adopt(id)
		n.consumeRouted(it, nil)
		return
	case "back":
		n.host.ReturnSeat(id, r.User)
		n.consumeRouted(it, nil)
		return
	}
	rd := n.readers.Reader(r.User) // once for the whole action
	rd.NameGame = r.Named
	a := r.Action
	refusal := texts.Refusal
	if r.Kind == "dm" || r.DM {
		refusal = texts.RefusalWithMoveHint
	}
	if r.Kind == "dm" {
		lg, err := n.host.Load(id)
		if errors.Is(err, store.ErrUnavailable) {
			return // the store is down: the item stays for a later try
		}
		if err != nil {
			n.consumeRouted(it, []store.OutMsg{compose.ToDM(r.User, compose.Payload{Content: uitexts.UI(rd.Lang, uitexts.NoGame)})})
			return
		}
		lg.Mu.Lock()
		c, _ := games.SeatOf(lg.Meta, r.User)
		masks := lg.G.NeedsMasks()
		lg.Mu.Unlock()
		a = referee.Action{Kind: referee.ActMove, Player: c, Text: a.Text}
		if masks {
			a = referee.Action{Kind: referee.ActMask, Player: c, Text: a.Text, Salt: games.NewSalt()}
		}
	}
	var reply string
	var ok bool
	var err error
	if r.Hook != nil && r.Kind == "act" {
		defer n.host.Hooked(it.Key, r.User, *r.Hook)()
	}
	if r.Kind == "draw" {
		reply, err = n.host.Draw(id, r.User, rd.Lang, it.Key)
	} else {
		reply, ok, err = n.host.ApplyAs(id, rd, a, it.Key, refusal)
	}
	if err != nil && !errors.Is(err, store.ErrInvalid) && !errors.Is(err, store.ErrCorrupt) {
		return // the new owner, or a later try, applies it (the store failed: a restart, a lost lease)
	}
	if reply == "" && err != nil { // the store refused it for good: say so rather than nothing
		reply = compose.StoreText(rd.Lang, err)
	}
	if reply != "" && !ok && r.Named {
		reply = uitexts.InGame(rd.Lang, uint64(id), reply)
	}
	w := n.takeWaiter(it.Key)
	if !ok {
		var out []store.OutMsg
		if reply != "" && w == nil {
			out = []store.OutMsg{compose.ToDM(r.User, compose.Payload{Content: reply})}
		}
		if !n.consumeRouted(it, out) && w != nil {
			reply = uitexts.UI(rd.Lang, uitexts.Routed) // left for a later try, or the new owner
		}
	}
	if w != nil {
		w.done <- routeResult{reply: reply, ok: ok}
	}
}

// consumeRouted removes an item that changed no game (or that an action
// removed already), with its reply. It returns false when the item could
// not be removed and stays in the inbox.
func (n *Node) consumeRouted(it store.InboxItem, out []store.OutMsg) bool {
	done, err := n.c.ConsumeInbox(it.Key, it.GameID, out)
	if err != nil {
		n.log.Warn("consume inbox", "game", it.GameID, "key", it.Key, "err", err)
		return false
	}
	if done && len(out) > 0 {
		n.host.Kick()
	}
	return true
}

// adopt loads a game this process owns and starts what runs for it: its
// clocks, its CPU.
func (n *Node) adopt(id store.GameID) {
	lg, err := n.host.Load(id)
	if err != nil {
		n.log.Error("load game", "game", id, "err", err)
		return
	}
	lg.Mu.Lock()
	meta := lg.Meta
	lg.Mu.Unlock()
	n.host.Track(meta)
	if !meta.Status.Live() {
		return
	}
	if compose.IsCPU(meta.Players[0]) || compose.IsCPU(meta.Players[1]) || meta.Away[0].CPU || meta.Away[1].CPU {
		go n.host.CPUTurn(id)
	}
}

// onLeases follows the lease loop: lost partitions are dropped at once (no
// clock fires for them, their games are reloaded from the store by whoever
// uses them next); gained ones are rebuilt in the background: their games'
// clocks and CPU turns, their inbox, their outbox.
func (n *Node) onLeases(gained, lost []uint32) {
	if len(lost) > 0 {
		gone := map[uint32]bool{}
		for _, p := range lost {
			gone[p] = true
		}
		lostGame := func(id store.GameID) bool { return gone[store.PartitionOf(id)] }
		n.host.DropWhere(lostGame)
	}
	if len(gained) == 0 || n.ctx.Err() != nil {
		return
	}
	n.wg.Add(1)
	go func() {
		defer n.wg.Done()
		games, err := n.c.ActiveGamesOfPartitions(gained)
		if err != nil {
			n.log.Error("rebuild partitions", "n", len(gained), "err", err)
			return
		}
		for _, g := range games {
			if n.ctx.Err() != nil {
				return
			}
			n.host.Track(g)
			if compose.IsCPU(g.Players[0]) || compose.IsCPU(g.Players[1]) || g.Away[0].CPU || g.Away[1].CPU {
				n.adopt(g.ID)
			}
		}
		started := n.host.DMsStarted()
		if n.host.TakesDMs() && started {
			// Their previous owner may have died or given them up before
			// reading what its players sent while no gateway was up.
			n.host.CatchUpGames(games)
		}
		wake(n.kick)
		n.host.Kick()
	}()
}
