package bot

import (
	"errors"
	"sort"
	"strconv"
	"sync"
	"time"

	"shinpan/bot/compose"
	"shinpan/store"
)

// Catch-up reads a player's DM channel since the last message the bot handled
// and handles what it missed: a move typed while the bot was down, or lost in
// a reconnect (discordgo v0.29 can lose events across one), must not be lost.
// It never holds up the start: after a start or a new gateway session every
// active player is marked pending. The players the games wait for (to move,
// or both in a Masked setup) are caught up in the background, at most
// catchUpConcurrency at a time and within the global rate; every pending
// player is caught up before their next live DM is handled, inside their own
// DM queue. A DM is handled once, by its id, whichever way it arrives.
//
// With several processes a gateway process catches up the awaited players
// of its own games, and of the games whose owner takes no DMs; the awaited
// players of a game another live gateway process owns are that one's to
// catch up (leftToOwner), and a process catches up the awaited players of
// the games it gains. A pending player's live DM that another process
// handled needs no reading (handledElsewhere).

// catchUpConcurrency is how many background catch-ups run at once: each
// reads a DM channel and the store, and thousands at once (a start with every
// player pending) would starve the live DMs of the store's connections.
const catchUpConcurrency = 8

// markPending marks every player of the games pending: their missed DMs are
// read before their next DM is handled.
func (b *Bot) markPending(games []store.Game) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, g := range games {
		for _, u := range g.Players {
			if u != "" && !compose.IsCPU(u) {
				b.catching[u] = true
			}
		}
	}
}

// awaited returns the people game g waits for: the side to move, or both
// while a Masked game waits for its masks (both when it says nothing).
func awaited(g store.Game) []string {
	seats := []int{0, 1}
	if g.Status != store.StatusPendingMasks && g.Deadline != nil {
		seats = []int{int(g.Deadline.Player)}
	}
	var out []string
	for _, c := range seats {
		if u := g.Players[c]; u != "" && !compose.IsCPU(u) {
			out = append(out, u)
		}
	}
	return out
}

// catchUpAwaited marks the people the games wait for pending and catches
// them up in the background.
func (b *Bot) catchUpAwaited(games []store.Game) {
	type player struct {
		user string
		game store.GameID
	}
	var users []player
	b.mu.Lock()
	for _, g := range games {
		for _, u := range awaited(g) {
			if !b.catchHeld[u] {
				b.catching[u] = true
				users = append(users, player{u, g.ID})
			}
		}
	}
	b.catchLists++
	b.mu.Unlock()
	go func() {
		defer func() {
			b.mu.Lock()
			b.catchLists--
			b.mu.Unlock()
		}()
		for _, p := range users {
			u := p.user
			if b.leftToOwner(p.game) {
				continue // pending still: read before their next DM, unless the owner handled it
			}
			select {
			case b.catchSlots <- struct{}{}: // released when the queued catch-up is over (catchOver)
			case <-b.ctx.Done():
				return
			}
			if !b.catchPending(u) {
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

// leftToOwner says whether another live process that takes DMs owns game
// id: its awaited players are that one's to catch up.
func (b *Bot) leftToOwner(id store.GameID) bool {
	return b.cl != nil && !b.owns(id) && b.cl.c.OwnerTakesDMs(id)
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

// catchUp marks the players of every active game pending after a new
// gateway session, and catches up the awaited ones of every game: this
// process may have been the only one to miss their DMs.
func (b *Bot) catchUp() {
	games, err := b.st.ActiveGames()
	if err != nil {
		b.log.Error("catch-up", "err", err)
		return
	}
	b.markPending(games)
	b.catchUpAwaited(games)
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
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return
	}
	channel := st.DMChannelID
	if channel == "" { // their first DM came while the bot was down: the channel is Discord's to tell
		if channel, err = b.rest.DMChannel(user); err != nil {
			b.log.Warn("catch-up: open the DM channel", "user", user, "err", err)
			return
		}
	}
	after := st.LastDM
	for page := 0; page < 10; page++ {
		msgs, err := b.rest.ChannelMessages(channel, 100, after)
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
		for user, m := range marks { // again at the next flush
			b.dmMarks.add(user, m.channel, m.msgID)
		}
	}
}

// caughtUp says whether no background catch-up is queued or running (the
// players left pending are read before their next DM, after LastDM as
// stored).
func (b *Bot) caughtUp() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.catchLists == 0 && len(b.catchHeld) == 0 && b.catchNow == 0
}
