package review

import (
	"sync"

	"shinpan/store"
)

// watchQueue holds the games whose watchers wait for an update. One
// goroutine at a time (drain) takes them in turn, so the updates are serial
// and paced without a lock held while an update reads the store or edits a
// DM; a game queued again before its turn is updated once.
type watchQueue struct {
	mu       sync.Mutex
	idle     sync.Cond // signalled when draining ends
	order    []store.GameID
	queued   map[store.GameID]bool
	draining bool
}

// push queues game id unless it waits already, and says whether the caller
// must start the drainer.
func (q *watchQueue) push(id store.GameID) (start bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.queued[id] {
		return false
	}
	if q.queued == nil {
		q.queued = map[store.GameID]bool{}
	}
	q.queued[id] = true
	q.order = append(q.order, id)
	start = !q.draining
	q.draining = true
	return start
}

// pop takes the next game; ok false means the queue is empty (or dropped,
// when keep is false) and the drainer has stopped.
func (q *watchQueue) pop(keep bool) (id store.GameID, ok bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.order) == 0 || !keep {
		q.order, q.queued, q.draining = nil, nil, false
		q.cond().Broadcast()
		return 0, false
	}
	id, q.order = q.order[0], q.order[1:]
	delete(q.queued, id)
	return id, true
}

// wait returns once no update is queued or running.
func (q *watchQueue) wait() {
	q.mu.Lock()
	defer q.mu.Unlock()
	for q.draining {
		q.cond().Wait()
	}
}

// cond is q.idle bound to q.mu. Callers hold q.mu.
func (q *watchQueue) cond() *sync.Cond {
	if q.idle.L == nil {
		q.idle.L = &q.mu
	}
	return &q.idle
}

// KickWatchers queues an update of game id's watchers, done in the
// background after the updates queued before it. An update waiting for its
// turn reads the game when it runs, so kicks in the meantime add nothing.
func (rv *Reviews) KickWatchers(id store.GameID) {
	if rv.watchQ.push(id) {
		go rv.drainWatchers()
	}
}

// WaitWatchers returns once every update queued so far has been done (or
// dropped because the bot is closing).
func (rv *Reviews) WaitWatchers() { rv.watchQ.wait() }

// drainWatchers updates the queued games' watchers one game at a time until
// the queue is empty; a closing bot drops them (a watcher's DM catches up
// at the next move after a start).
func (rv *Reviews) drainWatchers() {
	open := rv.begin()
	if open {
		defer rv.end()
	}
	for {
		id, ok := rv.watchQ.pop(open && rv.ctx.Err() == nil)
		if !ok {
			return
		}
		rv.updateWatchers(id)
	}
}
