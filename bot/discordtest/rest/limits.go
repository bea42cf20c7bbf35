package rest

import "shinpan/bot/discordtest/ratelimit"

// RateLimitStats returns what the rate limits did so far.
func (a *API) RateLimitStats() ratelimit.Stats {
	a.w.Lock()
	defer a.w.Unlock()
	return a.rl.Stats(a.w.Now())
}
