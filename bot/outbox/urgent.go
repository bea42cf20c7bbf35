package outbox

import (
	"bytes"

	"shinpan/bot/budget"
	"shinpan/store"
)

// A message someone waits on now (compose.Payload.Urgent: a new game's
// first messages, right after the Accept) goes ahead of the routine ones
// waiting for the global budget (budget.Urgent), without leaving its
// place in its destination: a destination's messages stay in order, so
// what its queue holds before an urgent message goes ahead too, the
// request its worker is waiting on already included (budget.Hurry). The
// budget lets at most a few urgent requests in a row pass the others
// (budget's maxUrgentRun): a burst of new games slows the games under way
// but never stops them. Whether a message is urgent is the public fact
// that a game starts; no player learns anything from the order.

// urgentMark is how an urgent payload says so (a string's quotes are
// escaped in JSON, so no text reads as it).
var urgentMark = []byte(`"urgent":true`)

// isUrgent says whether m is a message someone waits on now.
func isUrgent(m store.OutMsg) bool { return bytes.Contains(m.Payload, urgentMark) }

// hurryFor is the Hurry of the request destination d's worker makes for
// m, taken off d's queue: asked at once when m or a message queued behind
// it is urgent, else when one comes (dispatch). Callers hold ob.mu.
func (ob *Sender) hurryFor(d string, m store.OutMsg) *budget.Hurry {
	h := budget.NewHurry()
	if ob.urgent[d] > 0 {
		h.Now()
	}
	if isUrgent(m) {
		if ob.urgent[d]--; ob.urgent[d] <= 0 {
			delete(ob.urgent, d)
		}
	}
	ob.hurry[d] = h
	return h
}
