package dms

import (
	"sync"
	"time"

	"shinpan/store"
)

// With several processes every gateway process receives every DM, and all
// but the game's owner leave it to the owner (letOwnerClaim). After
// ownerGrace they look whether the owner handled it. The looks of all the
// DMs a process waits on go to the store together, one read (store.LastDMs)
// every dmCheckEvery, instead of a claim each: a claim is two statements
// and a lock on the user's row, per process and per DM, and with three
// processes those were most of the database's statements. While the owner
// is live and takes DMs, a DM it has not handled yet is looked at again each
// round, until ownerMaxWait after it arrived; then, or as soon as the owner
// is gone, the process claims it (claim.go).
const (
	dmCheckEvery = 500 * time.Millisecond
	// ownerMaxWait bounds the wait on a live owner that does not handle a
	// DM: its gateway session may be down while it still renews its leases.
	ownerMaxWait = dmClaimTTL
)

type dmCheck struct {
	user, msgID string
	handled     chan bool
}

// dmChecks holds the looks waiting for the next round.
type dmChecks struct {
	mu      sync.Mutex
	waiting []dmCheck
}

// ownerHandled says whether the store shows user's DM msgID handled, at the
// next round of looks; ok is false when the bot stops first.
func (in *Intake) ownerHandled(user, msgID string) (handled, ok bool) {
	c := dmCheck{user, msgID, make(chan bool, 1)}
	in.dmChecks.mu.Lock()
	in.dmChecks.waiting = append(in.dmChecks.waiting, c)
	in.dmChecks.mu.Unlock()
	select {
	case handled = <-c.handled:
		return handled, true
	case <-in.ctx.Done():
		return false, false
	}
}

// dmCheckLoop answers the waiting looks every dmCheckEvery, one store read
// for all of them.
func (in *Intake) dmCheckLoop() {
	t := time.NewTicker(dmCheckEvery)
	defer t.Stop()
	for {
		select {
		case <-in.ctx.Done():
			return
		case <-t.C:
			in.checkDMs()
		}
	}
}

func (in *Intake) checkDMs() {
	in.dmChecks.mu.Lock()
	waiting := in.dmChecks.waiting
	in.dmChecks.waiting = nil
	in.dmChecks.mu.Unlock()
	if len(waiting) == 0 {
		return
	}
	seen := make(map[string]bool, len(waiting))
	users := make([]string, 0, len(waiting))
	for _, c := range waiting {
		if !seen[c.user] {
			seen[c.user] = true
			users = append(users, c.user)
		}
	}
	last, err := in.st.LastDMs(users)
	if err != nil {
		in.log.Warn("look at handled DMs", "users", len(users), "err", err)
	}
	for _, c := range waiting {
		// Unread (an error): not handled, so the DM is claimed, which decides.
		c.handled <- err == nil && !store.NewerSnowflake(c.msgID, last[c.user])
	}
}
