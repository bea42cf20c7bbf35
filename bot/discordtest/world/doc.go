// Package world is the Discord stand-in's simulated state and the one lock
// that guards it (World): the application and its bot user, the guilds,
// users, channels, messages and reactions, the interactions and what the
// bot answered them, the registered commands, and the record of every
// request and dispatch with its subscribers (Recorder). It also gives
// Discord's JSON shapes of those objects (UserJSON, World.MessageJSON, ...)
// and the stand-in's Options.
//
// The gateway (package gateway) and the REST API (package rest) work on
// one World under its lock; package discordtest's Server is the facade
// over them, which re-exports the types tests use (User, Message, ...).
package world
