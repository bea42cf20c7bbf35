package outbox

import (
	"bytes"
	"context"
	"net/http"
	"strings"
	"time"

	"shinpan/bot/budget"
	"shinpan/bot/compose"
	"shinpan/store"
)

// A channel's card edits (a game's stored message, EditRef) leave its
// destination's queue when they reach its head (so after the card's post
// and everything queued before them), and the edits of a message by id
// (Edit: a tournament's card, a challenge's) at once, for the channel's
// card lane, which holds the latest edit of each card and sends them one at
// a time. The policy (docs/OPERATIONS.md, card_share and card_every):
//
//   - the game cards of all channels together spend at most their share of
//     the global budget (Config.CardRate, cardrate.go), the channels taking
//     turns: under load the edits wait and merge, at low load each goes at
//     once (the edits by id, rare and the answer to someone's action, go
//     first and outside the share: a tournament's card is paced where it is
//     made, byIDEvery);
//   - a card is edited with its latest state, at most once per
//     Config.CardEvery: an edit still waiting is replaced by a newer one
//     (the older is marked sent as coalesced), never sent as well;
//   - the lane asks the budget for the channel's edit bucket before it
//     asks for its turn (Config.Ready), so a busy channel (20-50 games)
//     spends its bucket on the latest states and its queue holds one edit a
//     card;
//   - and for a spare slot of the global budget, waiting at most cardSpare
//     (Config.Spare): under overload the DMs people wait for go first;
//   - a game's last edit (compose.Payload.Final, the game over) goes before
//     the channel's other cards, and no other edit replaces it but a later
//     one of the same card; the others take turns, the one waiting longest
//     first. An edit picked is the card's latest when it is picked;
//   - an urgent edit (compose.Payload.Urgent: a challenge's card saying it
//     was accepted, as the new game starts) goes before all of them,
//     outside the share and without waiting for a spare slot: it ends the
//     lane's wait for another edit's turn, and hurries the edit the lane is
//     sending (urgent.go).
//
// The channel's posts do not wait behind its edits (Discord gives edits a
// bucket of their own). What is merged, and when a card is edited, depends
// on the channel's public moves, the other channels' (as public) and
// Discord alone: no player learns anything from it.

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
	// interrupt ends the lane's wait for its turn (nil: it waits for none);
	// hurry is the request of the edit it sends (nil: none). An urgent edit
	// coming asks both.
	interrupt context.CancelFunc
	hurry     *budget.Hurry
}

func newCardLane() *cardLane {
	return &cardLane{pending: map[cardKey]store.OutMsg{}, last: map[cardKey]time.Time{}}
}

// put makes m the edit of card k waiting, replacing (and returning) the
// one that waited, which is then done; or returns m itself when the edit
// waiting is newer (m was given up and claimed again: held.go).
func (l *cardLane) put(k cardKey, m store.OutMsg) (old store.OutMsg, replaced bool) {
	if w, ok := l.pending[k]; ok && w.ID > m.ID {
		return m, true
	}
	if old, replaced = l.pending[k]; !replaced {
		l.order = append(l.order, k)
	}
	l.pending[k] = m
	return old, replaced
}

// pick takes the edit to send at now (next's), among the cards edited at
// least every(k) ago; or it says how long until one may be (ok false, wait
// ≥ 0 when any waits).
func (l *cardLane) pick(now time.Time, every func(cardKey) time.Duration) (k cardKey, m store.OutMsg, ok bool, wait time.Duration) {
	i, wait := l.next(now, every)
	if wait != 0 || len(l.order) == 0 {
		return cardKey{}, store.OutMsg{}, false, wait
	}
	k = l.order[i]
	m = l.pending[k]
	delete(l.pending, k)
	l.order = append(l.order[:i:i], l.order[i+1:]...)
	return k, m, true, 0
}

// sent records that card k was edited at now.
func (l *cardLane) sent(k cardKey, now time.Time, every func(cardKey) time.Duration) {
	if every(k) > 0 {
		l.last[k] = now
	}
}

// idle forgets the cards edited longer than every(k) ago; true when the
// lane holds nothing more.
func (l *cardLane) idle(now time.Time, every func(cardKey) time.Duration) bool {
	for k, t := range l.last {
		if now.Sub(t) >= every(k) {
			delete(l.last, k)
		}
	}
	return len(l.last) == 0 && len(l.order) == 0
}

// queueCard hands a card edit at its destination's head to the channel's
// lane, replacing (and returning) the card's edit waiting there, which is
// then done. Callers hold ob.mu.
func (ob *Sender) queueCard(d string, m store.OutMsg, k cardKey) (old store.OutMsg, replaced bool) {
	l := ob.cards[d]
	if l == nil {
		l = newCardLane()
		ob.cards[d] = l
	}
	if old, replaced = l.put(k, m); replaced {
		compose.Memo.Drop(old.Payload)
		ob.done = append(ob.done, old.ID)
	}
	if isUrgent(m) {
		if l.interrupt != nil {
			l.interrupt()
		}
		if l.hurry != nil {
			l.hurry.Now()
		}
	}
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
			if l.idle(time.Now(), ob.every) {
				delete(ob.cards, d)
			}
			ob.mu.Unlock()
			return
		}
		i, wait := l.next(time.Now(), ob.every)
		urgent := wait == 0 && isUrgent(l.pending[l.order[i]])
		// A challenge's or a tournament's card, or an urgent edit: not of the share.
		free := wait == 0 && (l.order[i].byID() || urgent)
		wctx, stop := context.WithCancel(ob.ctx)
		l.interrupt = stop
		ob.mu.Unlock()
		err := ob.cardWait(wctx, channel, d, wait, free, urgent)
		ob.mu.Lock()
		l.interrupt = nil
		ob.mu.Unlock()
		interrupted := wctx.Err() != nil && ob.ctx.Err() == nil
		stop()
		if err != nil {
			var w time.Duration
			switch {
			case ob.ctx.Err() != nil:
				return
			case interrupted:
				continue // an urgent edit came: it goes first
			case !banned(err, &w) || !ob.pause(w):
				return
			}
			continue
		}
		if wait > 0 {
			continue
		}
		h := budget.NewHurry()
		ob.mu.Lock()
		k, m, ok, _ := l.pick(time.Now(), ob.every)
		if ok && isUrgent(m) {
			h.Now()
		}
		l.hurry = h
		ob.mu.Unlock()
		if !ok {
			continue
		}
		r := ob.deliverHeld(d, m, h, true)
		ob.mu.Lock()
		l.hurry = nil
		if r == done {
			l.sent(k, time.Now(), ob.every)
			ob.done = append(ob.done, m.ID)
		}
		ob.mu.Unlock()
		switch r {
		case closing:
			return // the edit stays in the outbox for the next start
		case lapsed:
			continue // given up, with the lane's other edits (held.go)
		}
		wake(ob.marks)
	}
}

// cardWait waits until the lane may pick an edit: wait (> 0: until a card
// may be edited again), else the channel's edit bucket, the edit's turn
// among the channels (not when free) and a spare slot of the global
// budget (not when urgent). The edit is picked only after, so whatever
// came meanwhile is what is sent. ctx's error when ctx ends first.
func (ob *Sender) cardWait(ctx context.Context, channel, d string, wait time.Duration, free, urgent bool) error {
	if wait > 0 {
		t := time.NewTimer(wait)
		defer t.Stop()
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
			return nil
		}
	}
	var err error
	if ob.ready != nil {
		err = ob.ready(ctx, http.MethodPatch, "/channels/"+channel+"/messages/0")
	}
	if err == nil && ob.rate != nil && !free {
		err = ob.rate.wait(ctx, d)
	}
	if err == nil && ob.spare != nil && !urgent {
		err = ob.spare(ctx, cardSpare)
	}
	return err
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

// next is the card to edit now (its index in order: an urgent edit first
// (a challenge accepted, as its game starts), then an edit of a message by
// id (a tournament's card), then a game's last edit, else the one waiting
// longest), or how long until one may be (-1: none waits).
func (l *cardLane) next(now time.Time, every func(cardKey) time.Duration) (int, time.Duration) {
	wait, due, final, byID := time.Duration(-1), -1, -1, -1
	for i, k := range l.order {
		at := l.last[k].Add(every(k))
		if !now.Before(at) {
			if isUrgent(l.pending[k]) {
				return i, 0
			}
			if k.byID() {
				if byID < 0 {
					byID = i
				}
				continue
			}
			if final < 0 && isFinal(l.pending[k]) {
				final = i
			}
			if due < 0 {
				due = i
			}
			continue
		}
		if d := at.Sub(now); wait < 0 || d < wait {
			wait = d
		}
	}
	if byID >= 0 {
		return byID, 0
	}
	if final >= 0 {
		return final, 0
	}
	if due >= 0 {
		return due, 0
	}
	return 0, wait
}

// finalMark is how a game's last card edit's payload says so
// (compose.Payload.Final; a string's quotes are escaped, so no text reads
// as it).
var finalMark = []byte(`"final":true`)

// isFinal says whether m is a game's last card edit.
func isFinal(m store.OutMsg) bool { return bytes.Contains(m.Payload, finalMark) }

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
