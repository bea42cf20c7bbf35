// Package discordtest is a local stand-in for Discord: a real HTTP and
// WebSocket server on 127.0.0.1 that an unchanged discordgo v0.29.0 Session
// connects to, for end-to-end tests of the bot and for `shinpan demo`.
//
// The server simulates one bot application (application id, bot user), one
// guild with text channels, and any number of simulated users whose direct
// messages may be open or closed. Tests drive those users with
// [Server.SlashCommand], [Server.ClickButton], [Server.SelectMenu],
// [Server.SubmitModal], [Server.SendDM] and [Server.SendMessage]; each call
// becomes a gateway dispatch (INTERACTION_CREATE or MESSAGE_CREATE) shaped the
// way Discord shapes it. Everything the bot does over REST is answered in
// Discord's shapes (string Snowflakes, RFC 3339 timestamps, errors as
// {"message":..,"code":..} so discordgo fills *discordgo.RESTError), recorded
// in order ([Server.Requests], [Server.Messages], [Server.DMs],
// [Server.Interaction]) and validated against the limits Discord's own
// OpenAPI description misses and, in tests, against that description too
// (Options.Spec, package openapi) ([Server.ValidationErrors]).
//
// Interactions can instead come as Discord's Interactions Endpoint sends
// them ([Server.Endpoint], [Endpoint.SetURL]): POSTed to the bot's URL,
// signed with the application's Ed25519 key ([Options.InteractionsKey],
// [Endpoint.PublicKey]), the HTTP answer taken as the callback within the
// deadline ([Endpoint.Deliveries]); [Endpoint.ForgeNext] sends a forged one.
//
// Several gateway sessions may connect at once, as several processes of one
// bot do: each IDENTIFYs with its shard [id, count] (discordgo's ShardID and
// ShardCount) and receives the events of its shard's guilds,
// (guild_id >> 22) % count ([ShardOf], [Server.AddGuild]); DMs go to shard 0
// only; every session of a shard receives each of its events. A disconnected
// session stays resumable for Options.ResumeWindow whatever the others do.
// A message created again with the nonce of a recent one and enforce_nonce
// returns that one, whichever client asks.
//
// Discord's rate limits (Options.RateLimits, [DiscordRateLimits]; on
// without it when [DiscordLimitsByDefault]) are per bot token, shared by
// every client that uses it: the global limit of 50 requests a second
// (interaction callbacks and webhooks exempt), per-route buckets per
// channel, guild or interaction (message create and edit, the slower limit
// on edits of messages older than an hour with code 30046, DM opening with
// 403 code 40003, thread creation, reactions, command registration,
// follow-ups), the X-RateLimit headers on every answer and 429s written as
// Discord writes them. Invalid requests (401, 403, and 429 of a scope other
// than shared) are counted; past 10 000 in 10 minutes every request is
// refused as Cloudflare refuses a banned IP, for the rest of the run
// ([Server.Limits], [Limits.Stats]). Their time is Options.Clock.
//
// Faults can be injected ([Server.Faults]): rate limits (429 with
// retry_after), 500 and 502 answers, closed DMs (403, code 50007), missing
// permissions (403, 50013), deleted channels (404, 10003), a gateway
// connection dropped without a close frame, op 7 RECONNECT, op 9 INVALID
// SESSION in answer to the next RESUME, a RESUME that replays events the
// client already had, and a gateway that refuses connections for a while.
//
// Point a session at the server with [Server.Configure]; it replaces the
// session's HTTP client (every discordgo REST call, including GET /gateway,
// goes through Session.Client) and its websocket dialer (which then only
// reaches this server). The server never contacts the real Discord.
//
//	spec, _ := openapi.Load() // in tests
//	srv := discordtest.New(discordtest.Options{Spec: spec})
//	if err := srv.Start(); err != nil { ... }
//	defer srv.Close()
//	alice := srv.AddUser(discordtest.User{Username: "alice"})
//	s, _ := discordgo.New("Bot test")
//	srv.Configure(s)
//	s.Open()
//	id, _ := srv.SlashCommand(alice.ID, srv.DefaultChannelID(), "start")
//	in, _ := srv.WaitInteraction(ctx, id, discordtest.Acknowledged)
//
// The Server is a facade over its parts, each a package of its own:
// package world holds the simulated state and the one lock that guards
// it, and records every request and dispatch; package gateway serves the
// websocket sessions and dispatches events to them; package rest serves
// the REST API, its faults and the Interactions Endpoint; package
// ratelimit models Discord's rate limits and package wire what needs no
// state of Discord's wire format (bodies, components, limits). Their
// types are re-exported here under the names tests use.
package discordtest
