package world

import (
	"crypto/ed25519"
	"net/url"
	"shinpan/bot/discordtest/ratelimit"
	"time"
)

// ValidationMode says what the server does with a REST request whose body or
// query does not satisfy Options.Spec or the extra limits.
type ValidationMode int

// DefaultHeartbeatInterval is the heartbeat interval Discord announces in HELLO.
const DefaultHeartbeatInterval = 41250 * time.Millisecond

// Options configure a Server. The zero value is usable: it makes one
// application whose id equals the bot user's id (as for every modern Discord
// application), a guild "shinpan-test" with one text channel "general", no
// users, Discord's heartbeat interval and strict validation of the limits
// (but no Spec).
type Options struct {
	// Addr is the address to listen on; it must be a loopback address.
	// Default "127.0.0.1:0" (a random free port).
	Addr string
	// Token, when set, is the exact Authorization header and IDENTIFY token
	// expected (e.g. "Bot test"); otherwise any non-empty token is accepted.
	Token string

	AppID       string // default: BotUserID
	BotUserID   string // default: a fresh snowflake
	BotUsername string // default "referee"
	GuildID     string // default: a fresh snowflake
	GuildName   string // default "shinpan-test"

	// Channels are the guild's text channels; IDs are filled in when empty.
	// Default: one channel named "general".
	Channels []Channel
	// Users are the simulated users, members of the guild; IDs are filled in when empty.
	Users []User

	// HeartbeatInterval is announced in HELLO. Default DefaultHeartbeatInterval.
	HeartbeatInterval time.Duration
	// Validation selects what happens to invalid requests. Default ValidateReject.
	Validation ValidationMode
	// Spec, when set, checks each REST request against a description of
	// Discord's API (tests pass package openapi's); otherwise only the
	// limits that description misses are checked.
	Spec Spec
	// AckDeadline, when positive, makes interaction callbacks that arrive
	// later than this after the interaction was created fail with
	// 404 code 10062 (Discord's deadline is 3 s). Zero: no deadline.
	AckDeadline time.Duration
	// InteractionsKey is the application's Ed25519 key that signs the
	// interactions POSTed to the endpoint (SetInteractionsEndpoint); default
	// a fresh one. PublicKey gives its public half.
	InteractionsKey ed25519.PrivateKey
	// CallbackLag is how long after reading the endpoint's answer the
	// server acts on it: until then the interaction is unacknowledged and its
	// webhook unknown, as Discord's sometimes is (discord-api-docs#7220).
	CallbackLag time.Duration
	// LooseCommands lets SlashCommand invoke commands that the bot has not
	// registered and skips checking options against the registration.
	LooseCommands bool
	// ReplayBuffer is how many dispatches per gateway session are kept for
	// RESUME. Default 1000.
	ReplayBuffer int
	// ResumeWindow is how long a disconnected gateway session stays
	// resumable (and keeps its dispatches); past it a RESUME gets op 9.
	// Default 3 minutes.
	ResumeWindow time.Duration
	// RequiredShards, when above 1, is the fewest shards an IDENTIFY may
	// ask for (fewer: close 4011 "Sharding required", as Discord answers a
	// bot in too many guilds) and the "shards" GET /gateway/bot recommends.
	RequiredShards int
	// Logf, when set, receives a line for each gateway happening and REST request.
	Logf func(format string, args ...any)
	// RateLimits are the rate limits enforced, per bot token (all the
	// clients that use one token, in any number of processes, share them)
	// and, for the invalid-request ban, per IP (every client). Default
	// (nil): DiscordRateLimits() if DiscordLimitsByDefault, else none. A
	// zero field turns that limit off, and &RateLimits{} all of them.
	RateLimits *ratelimit.Limits
	// GlobalLimit, when positive, is the global limit in requests per
	// second instead of that of RateLimits (a shorthand: with the limits
	// off, the only one).
	GlobalLimit int
	// Clock is the stand-in's time for its rate limits and its messages'
	// timestamps (a test may move it on instead of sleeping). Default time.Now.
	Clock func() time.Time
	// Lean keeps no request log and no dispatch log (Requests, Dispatches,
	// WaitFor and the failures list see nothing; Subscribe still sees every
	// request and dispatch, but a request's files without their bytes) and
	// no attachment bytes, so a long load test does not grow the stand-in's
	// memory.
	Lean bool
}

// A Spec checks a REST request against a description of Discord's API and
// returns its problems (none if it is valid). Package
// shinpan/bot/discordtest/openapi checks against Discord's own OpenAPI
// description; it is kept out of this package so that a program using the
// stand-in does not link it, and only tests import it.
type Spec interface {
	// Check takes the path without the "/api/vN" prefix (e.g.
	// "/channels/12/messages") and the JSON body, or the payload_json part of
	// a multipart body (nil if none).
	Check(method, path string, query url.Values, body []byte) []string
}

const (
	// ValidateReject records the problems and answers 400
	// {"code":50035,"message":"Invalid Form Body"} without acting (default).
	ValidateReject ValidationMode = iota
	// ValidateRecord records the problems and then serves the request anyway.
	ValidateRecord
	// ValidateOff skips validation.
	ValidateOff
)
