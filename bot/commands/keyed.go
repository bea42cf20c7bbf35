package commands

import "sync"

// keyedMu is a mutex per key (a challenge, a challenger): work on one key
// waits for the work in hand on that key only. A key's entry lives while
// someone holds or waits for it.
type keyedMu struct {
	mu   sync.Mutex
	keys map[string]*keyed
}

type keyed struct {
	mu    sync.Mutex
	users int // holders and waiters
}

// Lock takes key's mutex and returns its unlock.
func (k *keyedMu) Lock(key string) (unlock func()) {
	k.mu.Lock()
	if k.keys == nil {
		k.keys = map[string]*keyed{}
	}
	e := k.keys[key]
	if e == nil {
		e = &keyed{}
		k.keys[key] = e
	}
	e.users++
	k.mu.Unlock()
	e.mu.Lock()
	return func() {
		e.mu.Unlock()
		k.mu.Lock()
		if e.users--; e.users == 0 {
			delete(k.keys, key)
		}
		k.mu.Unlock()
	}
}

// held is how many keys are held or waited for.
func (k *keyedMu) held() int {
	k.mu.Lock()
	defer k.mu.Unlock()
	return len(k.keys)
}
