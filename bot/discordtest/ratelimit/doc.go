// Package ratelimit is the Discord stand-in's model of Discord's rate
// limits: the global limit of a bot token, the per-route buckets and their
// X-RateLimit headers, the 429s as Discord writes them, and the
// invalid-request count that gets an IP banned. It is pure: no HTTP
// server, no clock of its own (every call takes the time), no lock (the
// caller guards a Limiter), so it is tested on its own with any time.
//
// Package discordtest applies it to every REST request it serves
// (Options.RateLimits); its types are re-exported there as RateLimits,
// Bucket and RateLimitStats.
package ratelimit
