package discordtest

import (
	"os"

	"shinpan/bot/discordtest/ratelimit"
)

// RateLimits are the rate limits the stand-in enforces (package ratelimit).
// Discord publishes only the global limit and the invalid-request limit and
// tells bots to read the rest from the headers; the per-route numbers are
// what bot authors observed, or the stand-in's own where nobody published
// one (each says which). DiscordRateLimits gives them all; a zero field
// turns that limit off.
type RateLimits = ratelimit.Limits

// Bucket is one rate limit: at most Requests requests in a window of Per.
type Bucket = ratelimit.Bucket

// RateLimitStats is what the rate limits did so far.
type RateLimitStats = ratelimit.Stats

// DiscordLimitsByDefault is the switch that puts Discord's rate limits on in
// every stand-in made without Options.RateLimits (the bot's tests, the demo,
// the load generator): on. A test that turns a limit off says why.
// SHINPAN_DISCORD_LIMITS=off in the environment turns them off for a run
// (to tell whether a failure is the limits').
var DiscordLimitsByDefault = os.Getenv("SHINPAN_DISCORD_LIMITS") != "off"

// DiscordRateLimits are Discord's limits, each number with its source in
// RateLimits' docs: the stand-in's default.
func DiscordRateLimits() RateLimits { return ratelimit.Discord() }
