// Package rest is the Discord stand-in's REST API (API): the routes
// discordgo calls under /api/v9 and /api/v10, each request read, recorded,
// validated (wire.Check, world.Options.Spec), rate-limited (package
// ratelimit) or answered by an injected Fault before its handler acts on
// the World; and the Interactions Endpoint (Endpoint), which POSTs
// interactions to the bot's URL, signed, and takes the HTTP answers as
// their callbacks.
//
// Its state is guarded by the lock of the World (package world) it serves.
package rest
