package dms

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
func (in *Intake) markPending(games []store.Game) {
	in.mu.Lock()
	defer in.mu.Unlock()
	for _, g := range games {
		for _, u := range g.Players {
			if u != "" && !compose.IsCPU(u) {
				in.catching[u] = true
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
func (in *Intake) catchUpAwaited(games []store.Game) {
	type player struct {
		user string
		game store.GameID
	}
	var users []player
	in.mu.Lock()
	for _, g := range games {
		for _, u := range awaited(g) {
			if !in.catchHeld[u] {
				in.catching[u] = true
				users = append(users, player{u, g.ID})
			}
		}
	}
	in.catchLists++
	in.mu.Unlock()
	go func() {
		defer func() {
			in.mu.Lock()
			in.catchLists--
			in.mu.Unlock()
		}()
		for _, p := range users {
			u := p.user
			if in.leftToOwner(p.game) {
				continue // pending still: read before their next DM, unless the owner handled it
			}
			if !in.queueCatchUp(u) {
				return
			}
		}
	}()
}

// queueCatchUp queues a pending user's catch-up in their DM queue, once a
// slot is free (at most catchUpConcurrency run at once), unless they are
// no longer pending or one is queued already. It returns false when the
// bot stops first.
func (in *Intake) queueCatchUp(u string) bool {
	select {
	case in.catchSlots <- struct{}{}: // released when the queued catch-up is over (catchOver)
	case <-in.ctx.Done():
		return false
	}
	if !in.catchPending(u) {
		<-in.catchSlots
		return in.ctx.Err() == nil
	}
	in.mu.Lock()
	if in.catchHeld[u] { // one queued already holds a slot for u
		in.mu.Unlock()
		<-in.catchSlots
		return true
	}
	in.catchHeld[u] = true
	in.mu.Unlock()
	in.queueFor(u, nil)
	return true
}

// leftToOwner says whether another live process that takes DMs owns game
// id: its awaited players are that one's to catch up.
func (in *Intake) leftToOwner(id store.GameID) bool {
	return in.clustered && !in.host.Owns(id) && in.host.OwnerTakesDMs(id)
}

// catchOver releases the slot of a user's queued catch-up (run, found done
// by a live DM's, or dropped at a stop).
func (in *Intake) catchOver(user string) {
	in.mu.Lock()
	held := in.catchHeld[user]
	delete(in.catchHeld, user)
	in.mu.Unlock()
	if held {
		<-in.catchSlots
	}
}

// catchUp marks the players of every active game pending after a new
// gateway session, and catches up the awaited ones of every game: this
// process may have been the only one to miss their DMs.
func (in *Intake) catchUp() {
	games, err := in.st.ActiveGames()
	if err != nil {
		in.log.Error("catch-up", "err", err)
		return
	}
	in.markPending(games)
	in.catchUpAwaited(games)
}

func (in *Intake) catchPending(user string) bool {
	in.mu.Lock()
	defer in.mu.Unlock()
	return in.catching[user]
}

// firstSeen reports whether a DM is newer than the last one handled for its
// user, and records it as the last.
func (in *Intake) firstSeen(user, msgID string) bool {
	in.mu.Lock()
	defer in.mu.Unlock()
	last, ok := in.lastDM[user]
	if !ok {
		in.mu.Unlock()
		st, _ := in.st.GetSettings(user)
		in.mu.Lock()
		last = snowflake(st.LastDM)
	}
	id := snowflake(msgID)
	if id <= last {
		return false
	}
	in.lastDM[user] = id
	return true
}

// catchUpUser handles a pending user's missed DMs, in order; it runs in the
// user's DM queue, and says whether it read them. When it cannot (the store
// or Discord failed), the user stays pending and it is tried again in the
// background after catchRetry, doubling up to catchRetryMax, and before
// their next DM is handled; a live DM that finds it failing is left to the
// next try, which reads it from the channel after the missed ones. It used
// to clear them all the same: a move typed while the bot was down was then
// never read (and once a later DM was handled, a later catch-up began past
// it).
func (in *Intake) catchUpUser(user string) (read bool) {
	in.mu.Lock()
	in.catchNow++
	in.catchMost = max(in.catchMost, in.catchNow)
	in.mu.Unlock()
	defer func() {
		in.mu.Lock()
		if read {
			delete(in.catching, user)
			delete(in.catchWait, user)
		}
		in.catchNow--
		in.mu.Unlock()
		if !read {
			in.catchUpLater(user)
		}
	}()
	st, err := in.st.GetSettings(user)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		in.log.Warn("catch-up: settings", "user", user, "err", err)
		return false
	}
	channel := st.DMChannelID
	if channel == "" { // their first DM came while the bot was down: the channel is Discord's to tell
		if channel, err = in.rest.DMChannel(user); err != nil {
			in.log.Warn("catch-up: open the DM channel", "user", user, "err", err)
			return false
		}
	}
	after := st.LastDM
	for page := 0; page < 10; page++ {
		msgs, err := in.rest.ChannelMessages(channel, 100, after)
		if err != nil {
			in.log.Warn("catch-up read", "user", user, "err", err)
			return false
		}
		sort.Slice(msgs, func(i, j int) bool { return snowflake(msgs[i].ID) < snowflake(msgs[j].ID) })
		for _, m := range msgs {
			after = m.ID
			if m.Author == nil || m.Author.ID != user || m.Author.Bot || !in.firstSeen(user, m.ID) {
				continue
			}
			in.log.Info("caught up a missed DM", "user", user, "message", m.ID)
			in.handleOnce(m, true)
		}
		if len(msgs) < 100 {
			return true
		}
	}
	return true // the ten pages read; newer DMs still missed are read at the next catch-up
}

// catchRetry is the first wait before a failed catch-up is tried again;
// each failure doubles it, up to catchRetryMax.
const (
	catchRetry    = time.Second
	catchRetryMax = 30 * time.Second
)

// catchUpLater queues a user's catch-up again after their current wait
// (catchWait), unless the bot stops first or they are no longer pending.
// Once the wait has reached catchRetryMax it gives up (six tries over about
// half a minute): the user's next DMs are handled, and what they sent while
// the bot could not read is left unread (and logged as an error).
func (in *Intake) catchUpLater(user string) {
	in.mu.Lock()
	wait := in.catchWait[user]
	if wait == catchRetryMax {
		delete(in.catching, user)
		delete(in.catchWait, user)
		in.mu.Unlock()
		in.log.Error("catch-up: the DMs missed could not be read; left unread", "user", user)
		return
	}
	if wait == 0 {
		wait = catchRetry
	}
	in.catchWait[user] = min(2*wait, catchRetryMax)
	in.mu.Unlock()
	go func() {
		select {
		case <-time.After(wait):
			in.queueCatchUp(user)
		case <-in.ctx.Done():
		}
	}()
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
func (in *Intake) lastDMLoop() {
	t := time.NewTicker(lastDMFlush)
	defer t.Stop()
	for {
		select {
		case <-in.ctx.Done():
			in.flushLastDMs()
			return
		case <-t.C:
			in.flushLastDMs()
		}
	}
}

// flushLastDMs writes the pending marks, in one store call (one commit).
func (in *Intake) flushLastDMs() {
	marks := in.dmMarks.take()
	if len(marks) == 0 {
		return
	}
	ids := make(map[string]string, len(marks))
	for user, m := range marks {
		ids[user] = m.msgID
	}
	if err := in.st.MarkDMsHandled(ids, in.instance); err != nil {
		in.log.Warn("settings", "users", len(ids), "err", err)
		for user, m := range marks { // again at the next flush
			in.dmMarks.add(user, m.channel, m.msgID)
		}
	}
}

// caughtUp says whether no background catch-up is queued or running (the
// players left pending are read before their next DM, after LastDM as
// stored).
func (in *Intake) caughtUp() bool {
	in.mu.Lock()
	defer in.mu.Unlock()
	return in.catchLists == 0 && len(in.catchHeld) == 0 && in.catchNow == 0
}
