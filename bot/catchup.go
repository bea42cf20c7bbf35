package bot

import (
	"sort"
	"strconv"
	"sync"
	"time"

	"shinpan/store"
)

// Catch-up reads a player's DM channel since the last message the bot handled
// and handles what it missed: a move typed while the bot was down, or lost in
// a reconnect (discordgo v0.29 can lose events across one), must not be lost.
// It never holds up the start: after a start or a new gateway session every
// active player is marked pending, and their catch-up runs in the background,
// inside their own DM queue (the players the games wait for first, at most
// catchUpConcurrency at a time and within the global rate), or before their
// next live DM, whichever comes first. A DM is handled once, by its id,
// whichever way it arrives.

// catchUpConcurrency is how many background catch-ups run at once: each
// reads a DM channel and the store, and thousands at once (a start with every
// player pending) would starve the live DMs of the store's connections.
const catchUpConcurrency = 8

// markCatchUp marks every player of the active games pending and queues their
// catch-ups in the background, the players the games wait for first.
func (b *Bot) markCatchUp(games []store.Game) {
	var first, rest []string
	b.mu.Lock()
	for _, g := range games {
		for c, u := range g.Players {
			if u == "" || isCPU(u) || b.catching[u] {
				continue
			}
			b.catching[u] = true
			if g.Deadline != nil && int(g.Deadline.Player) == c {
				first = append(first, u)
			} else {
				rest = append(rest, u)
			}
		}
	}
	b.mu.Unlock()
	go func() {
		for _, u := range append(first, rest...) {
			select {
			case b.catchSlots <- struct{}{}: // released when the queued catch-up is over (catchOver)
			case <-b.ctx.Done():
				return
			}
			if b.ob.limit.Wait(b.ctx) != nil || !b.catchPending(u) {
				<-b.catchSlots
				if b.ctx.Err() != nil {
					return
				}
				continue
			}
			b.mu.Lock()
			if b.catchHeld[u] { // one queued already holds a slot for u
				b.mu.Unlock()
				<-b.catchSlots
				continue
			}
			b.catchHeld[u] = true
			b.mu.Unlock()
			b.queueFor(u, nil)
		}
	}()
}

// catchOver releases the slot of a user's queued catch-up (run, found done
// by a live DM's, or dropped at a stop).
func (b *Bot) catchOver(user string) {
	b.mu.Lock()
	held := b.catchHeld[user]
	delete(b.catchHeld, user)
	b.mu.Unlock()
	if held {
		<-b.catchSlots
	}
}

// catchUp marks the players of every active game pending (after a new
// gateway session).
func (b *Bot) catchUp() {
	games, err := b.st.ActiveGames()
	if err != nil {
		b.log.Error("catch-up", "err", err)
		return
	}
	b.markCatchUp(games)
}

func (b *Bot) catchPending(user string) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.catching[user]
}

// firstSeen reports whether a DM is newer than the last one handled for its
// user, and records it as the last.
func (b *Bot) firstSeen(user, msgID string) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	last, ok := b.lastDM[user]
	if !ok {
		b.mu.Unlock()
		st, _ := b.st.GetSettings(user)
		b.mu.Lock()
		last = snowflake(st.LastDM)
	}
	id := snowflake(msgID)
	if id <= last {
		return false
	}
	b.lastDM[user] = id
	return true
}

// catchUpUser handles a pending user's missed DMs, in order; it runs in the
// user's DM queue.
func (b *Bot) catchUpUser(user string) {
	b.mu.Lock()
	b.catchNow++
	b.catchMost = max(b.catchMost, b.catchNow)
	b.mu.Unlock()
	defer func() {
		b.mu.Lock()
		delete(b.catching, user)
		b.catchNow--
		b.mu.Unlock()
	}()
	st, err := b.st.GetSettings(user)
	if err != nil || st.DMChannelID == "" {
		return
	}
	after := st.LastDM
	for page := 0; page < 10; page++ {
		msgs, err := b.s.ChannelMessages(st.DMChannelID, 100, "", after, "")
		if err != nil {
			b.log.Warn("catch-up read", "user", user, "err", err)
			return
		}
		sort.Slice(msgs, func(i, j int) bool { return snowflake(msgs[i].ID) < snowflake(msgs[j].ID) })
		for _, m := range msgs {
			after = m.ID
			if m.Author == nil || m.Author.ID != user || m.Author.Bot || !b.firstSeen(user, m.ID) {
				continue
			}
			b.log.Info("caught up a missed DM", "user", user, "message", m.ID)
			b.handleOnce(m, true)
		}
		if len(msgs) < 100 {
			return
		}
	}
}

func snowflake(id string) uint64 {
	n, _ := strconv.ParseUint(id, 10, 64)
	return n
}

// dmMarks holds the newest keyed DM handled per user, not yet in the store
// (markHandled).
type dmMarks struct {
	mu      sync.Mutex
	pending map[string]dmMark
}

type dmMark struct{ channel, msgID string }

func (d *dmMarks) add(user, channel, msgID string) {
	d.mu.Lock()
	if d.pending == nil {
		d.pending = map[string]dmMark{}
	}
	if old, ok := d.pending[user]; !ok || newerID(msgID, old.msgID) {
		d.pending[user] = dmMark{channel, msgID}
	}
	d.mu.Unlock()
}

func (d *dmMarks) take() map[string]dmMark {
	d.mu.Lock()
	defer d.mu.Unlock()
	p := d.pending
	d.pending = nil
	return p
}

// lastDMFlush is how often the background marks are written.
const lastDMFlush = time.Second

// lastDMLoop writes the background marks every lastDMFlush, and once more
// when the bot stops.
func (b *Bot) lastDMLoop() {
	defer b.wg.Done()
	t := time.NewTicker(lastDMFlush)
	defer t.Stop()
	for {
		select {
		case <-b.ctx.Done():
			b.flushLastDMs()
			return
		case <-t.C:
			b.flushLastDMs()
		}
	}
}

// flushLastDMs writes the pending marks, in one store call (one commit).
func (b *Bot) flushLastDMs() {
	marks := b.dmMarks.take()
	if len(marks) == 0 {
		return
	}
	ids := make(map[string]string, len(marks))
	for user, m := range marks {
		ids[user] = m.msgID
	}
	if err := b.st.MarkDMsHandled(ids, b.instance); err != nil {
		b.log.Warn("settings", "users", len(ids), "err", err)
	}
}

// caughtUp says whether no catch-up is pending.
func (b *Bot) caughtUp() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.catching) == 0
}
