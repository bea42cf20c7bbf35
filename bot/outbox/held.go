package outbox

import (
	"context"
	"errors"
	"sync"
	"time"

	"shinpan/bot/budget"
	"shinpan/bot/compose"
	"shinpan/store"
)

// With several processes a message is this process's to send while its
// claim holds it (claimHold, renewed by every claim once a third of it has
// passed: ClaimOutbox). When the claims stop (the game's partition went
// to another process, or the store did not answer for most of a hold) the
// hold runs out, and the game's new owner sends the message, then the
// game's newer ones, in order: the store gives it none of them while this
// process holds an older one. So this process must not send it after: a
// board edited in place would end on the older update. A message is
// given up, unsent and unmarked, holdMargin before its hold runs out as
// counted here (from before the claim: the store's count ends later), its
// request and its wait in the budget cut short then; the messages queued
// behind it for its destination (or waiting in its channel's card lane),
// never tried, are released, for a claim to take again with it, in order.

// holdMargin is how long before its hold runs out a message is given up:
// room for the clocks of two processes and a request cut short as it ended.
func (ob *Sender) holdMargin() time.Duration { return ob.hold / 8 }

// errLapsed ends the sends of a message whose claim ran out.
var errLapsed = errors.New("the outbox claim ran out")

// isLapsed says whether ctx (whileHeld's) ended because the claim ran out.
func isLapsed(ctx context.Context) bool { return errors.Is(context.Cause(ctx), errLapsed) }

// whileHeld returns a context that ends holdMargin before message id's
// claim runs out, following its renewals; stop releases it.
func (ob *Sender) whileHeld(parent context.Context, id uint64) (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancelCause(parent)
	var mu sync.Mutex
	var timer *time.Timer
	stopped := false
	var check func()
	check = func() {
		ob.mu.Lock()
		until, ok := ob.holds[id]
		ob.mu.Unlock()
		left := time.Until(until) - ob.holdMargin()
		mu.Lock()
		defer mu.Unlock()
		switch {
		case stopped:
		case !ok || left <= 0:
			cancel(errLapsed)
		default:
			timer = time.AfterFunc(left, check)
		}
	}
	check()
	return ctx, func() {
		mu.Lock()
		stopped = true
		if timer != nil {
			timer.Stop()
		}
		mu.Unlock()
		cancel(nil)
	}
}

// deliverHeld is deliver, but for a message whose claim ran out, which it
// gives up with those waiting behind it in destination d's queue (or in
// its card lane, lane): lapsed, the caller's worker or lane lets go of it.
// A claim renewed just as it ran out (a dispatch's, under way) is no
// longer out: the message is sent on.
func (ob *Sender) deliverHeld(d string, m store.OutMsg, h *budget.Hurry, lane bool) delivery {
	for {
		r := ob.deliver(m, h)
		if r != lapsed || ob.giveUp(d, m, lane) {
			return r
		}
	}
}

// giveUp lets go of destination d's message m, whose claim ran out, and
// of the messages queued behind it there, or waiting in its card lane
// (lane), which are released: a claim takes them again with m, in order
// (a card lane keeps the newest edit of each card). Its queue's worker
// must stop; a lane goes on. It says false, and lets go of nothing, when
// m's claim was renewed meanwhile: checked under ob.mu, with which a
// dispatch renews it or, once m is out of flight, queues it again.
func (ob *Sender) giveUp(d string, m store.OutMsg, lane bool) bool {
	ob.mu.Lock()
	if time.Until(ob.holds[m.ID]) > ob.holdMargin() {
		ob.mu.Unlock()
		return false
	}
	var rest []store.OutMsg
	if !lane {
		rest = ob.queues[d]
		delete(ob.queues, d)
		delete(ob.running, d)
		delete(ob.urgent, d)
		delete(ob.hurry, d)
	} else if l := ob.cards[d]; l != nil {
		for _, k := range l.order {
			rest = append(rest, l.pending[k])
		}
		l.pending, l.order = map[cardKey]store.OutMsg{}, nil
	}
	ids := ob.forget(m, rest)
	ob.mu.Unlock()
	ob.release(ids)
	return true
}

// forget takes m and rest out of flight and returns rest's ids. Callers
// hold ob.mu.
func (ob *Sender) forget(m store.OutMsg, rest []store.OutMsg) []uint64 {
	delete(ob.inFlight, m.ID)
	delete(ob.holds, m.ID)
	ids := make([]uint64, 0, len(rest))
	for _, r := range rest {
		compose.Memo.Drop(r.Payload)
		delete(ob.inFlight, r.ID)
		delete(ob.holds, r.ID)
		ids = append(ids, r.ID)
	}
	return ids
}

// release lets go of the claims on ids, never tried: a claim may take them
// at once. Should it fail, their holds run out.
func (ob *Sender) release(ids []uint64) {
	if err := ob.st.ReleaseOutbox(ids...); err != nil {
		ob.log.Warn("release outbox", "messages", len(ids), "err", err)
	}
	ob.Kick()
}
