// Package gateway is the Discord stand-in's gateway: the websocket
// connections discordgo opens at /ws, the sessions they IDENTIFY or RESUME
// (with their shards, intents and the dispatches kept for RESUME), and the
// dispatches sent to them (Gateway.Send, Gateway.SendMessage) as Discord
// routes and shapes them. It also injects the gateway's faults: dropped
// connections, an outage, op 7 RECONNECT, op 9 INVALID SESSION, replays.
//
// Guilds and shards: a session IDENTIFYs with "shard": [id, count] (none:
// [0, 1]) and receives the events of the guilds whose shard is its own,
// (guild_id >> 22) % count, and the events with no guild (DMs) only on
// shard 0, as Discord routes them. Every session of a shard receives its
// events: two processes on the same shard both see each one.
//
// Its state is guarded by the lock of the World (package world) it
// dispatches about.
package gateway
