package outbox

import (
	"net/http"
	"strings"
	"time"

	"shinpan/bot/compose"
	"shinpan/store"
)

// A channel's card edits (a game's stored message, EditRef) leave its
// destination's queue when they reach its head (so after the card's post
// and everything queued before them), and the edits of a message by id
// (Edit: a tournament's card, a challenge's) at once, for the channel's
// card lane, which
// holds the latest edit of each card and sends them one at a time:
//
//   - a card is edited with its latest state, at most once per
//     Config.CardEvery when set: an edit still waiting is replaced by a
//     newer one (the older is marked sent as coalesced), never sent as well;
//   - the lane asks the budget for the channel's edit bucket before it picks
//     the edit to send (Config.Ready), so a busy channel (20-50 games) spends
//     its bucket on the latest states and its queue holds one edit a card;
//   - and for a spare slot of the global budget, waiting at most cardSpare
//     (Config.Spare): under overload the cards wait and merge, and the DMs
//     people wait for ("your turn") go first;
//   - the cards take turns, the one waiting longest first.
//
// The channel's posts do not wait behind its edits (Discord gives edits a
// bucket of their own). What is merged depends on the channel's public moves
// and Discord alone: no player learns anything from it.

// cardSpare bounds a card edit's wait for a spare slot of the global
// budget: under overload a channel's cards are edited about once per
// cardSpare, each with its latest state.
const cardSpare = 5 * time.Second

// cardKey names the message an edit is of: a game's stored message (its
// ref), or any message by id (compose.Payload.Edit: a tournament's card,
// a challenge's), ref "msg:" and the id.
type cardKey struct {
	game store.GameID
	ref  string
}

// byID says whether the edit names its message by id (it exists).
func (k cardKey) byID() bool { return strings.HasPrefix(k.ref, "msg:") }

// laneKey is the message a channel's edit is of; ref "" for a message that
// is no edit or not in a guild channel (a DM's edits keep their place among
// its posts).
func laneKey(m store.OutMsg) cardKey {
	if m.Dest != store.DestChannel {
		return cardKey{}
	}
	if ref := editRefOf(m); ref != "" {
		return cardKey{m.GameID, ref}
	}
	if id := editOf(m); id != "" {
		return cardKey{0, "msg:" + id}
	}
	return cardKey{}
}

// cardLane is one channel's card edits waiting. Guarded by Sender.mu.
type cardLane struct {
	pending map[cardKey]store.OutMsg // the latest edit of each card waiting
	order   []cardKey                // the cards waiting, longest first
	last    map[cardKey]time.Time    // when each card was last edited (within Config.CardEvery)
	running bool                     // its goroutine runs
}

// queueCard hands a card edit at its destination's head to the channel's
// lane, replacing (and returning) the card's edit waiting there, which is
// then done. Callers hold ob.mu.
func (ob *Sender) queueCard(d string, m store.OutMsg, k cardKey) (old store.OutMsg, replaced bool) {
	l := ob.cards[d]
	if l == nil {
		l = &cardLane{pending: map[cardKey]store.OutMsg{}, last: map[cardKey]time.Time{}}
		ob.cards[d] = l
	}
	if old, replaced = l.pending[k]; replaced {
		compose.Memo.Drop(old.Payload)
		ob.done = append(ob.done, old.ID)
	} else {
		l.order = append(l.order, k)
	}
	l.pending[k] = m
	if !l.running {
		l.running = true
		ob.wg.Add(1)
		ob.pool.Go(func() { ob.cardLoop(d, m.Target) })
	}
	return old, replaced
}

// cardLoop sends a channel's card edits until none waits.
func (ob *Sender) cardLoop(d, channel string) {
	defer ob.wg.Done()
	for {
		ob.mu.Lock()
		l := ob.cards[d]
		if len(l.order) == 0 || ob.ctx.Err() != nil {
			l.running = false
			now := time.Now()
			for k, t := range l.last {
				if now.Sub(t) >= ob.every(k) {
					delete(l.last, k)
				}
			}
			if len(l.last) == 0 && len(l.order) == 0 {
				delete(ob.cards, d)
			}
			ob.mu.Unlock()
			return
		}
		_, wait := l.next(time.Now(), ob)
		ob.mu.Unlock()
		if wait > 0 {
			if !ob.pause(wait) {
				return
			}
			continue
		}
		if ob.ready != nil {
			// The bucket first, the edit after: whatever came meanwhile is
			// what is sent.
			err := ob.ready(ob.ctx, http.MethodPatch, "/channels/"+channel+"/messages/0")
			if err == nil && ob.spare != nil {
				err = ob.spare(ob.ctx, cardSpare)
			}
			if err != nil {
				var w time.Duration
				if ob.ctx.Err() != nil || !banned(err, &w) || !ob.pause(w) {
					return
				}
				continue
			}
		}
		ob.mu.Lock()
		i, wait := l.next(time.Now(), ob)
		if wait > 0 {
			ob.mu.Unlock()
			continue
		}
		k := l.order[i]
		m := l.pending[k]
		delete(l.pending, k)
		l.order = append(l.order[:i:i], l.order[i+1:]...)
		ob.mu.Unlock()
		if !ob.deliver(m) {
			return // closing: the edit stays in the outbox for the next start
		}
		ob.mu.Lock()
		if ob.every(k) > 0 {
			l.last[k] = time.Now()
		}
		ob.done = append(ob.done, m.ID)
		ob.mu.Unlock()
		wake(ob.marks)
	}
}

// byIDEvery is the least time between two edits of one message by id: what
// paces them where they are made (a tournament's card: at most one edit
// every 3 s) holds at Discord too, though one waited in the lane.
const byIDEvery = 3 * time.Second

// every is the least time between two edits of k's message.
func (ob *Sender) every(k cardKey) time.Duration {
	if k.byID() {
		return max(ob.cardEvery, byIDEvery)
	}
	return ob.cardEvery
}

// next is the card to edit now (its index in order), or how long until one
// may be. Callers hold Sender.mu.
func (l *cardLane) next(now time.Time, ob *Sender) (int, time.Duration) {
	wait := time.Duration(-1)
	for i, k := range l.order {
		due := l.last[k].Add(ob.every(k))
		if !now.Before(due) {
			return i, 0
		}
		if d := due.Sub(now); wait < 0 || d < wait {
			wait = d
		}
	}
	return 0, wait
}

// pause waits d; false when the bot is closing.
func (ob *Sender) pause(d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ob.ctx.Done():
		return false
	case <-t.C:
		return true
	}
}

// CardStats are the card lanes' queues, for tests and logs.
type CardStats struct{ Channels, Waiting int }

// CardStats reads the card lanes.
func (ob *Sender) CardStats() CardStats {
	ob.mu.Lock()
	defer ob.mu.Unlock()
	s := CardStats{Channels: len(ob.cards)}
	for _, l := range ob.cards {
		s.Waiting += len(l.pending)
	}
	return s
}
