// Package commands answers the slash commands, buttons and menus that are
// not a move: challenges and their cards, /shogiadmin, settings, ratings,
// records, notes, lookups and autocomplete, and it defines the application
// commands the bot registers (commands.go). A handler takes an
// interact.Req and returns an interact.Answer; what it needs of the live
// games it asks of its Host (the bot). acceptMu, its one lock (a mutex per
// challenge and per challenger), is taken before any game's lock and never
// under one.
package commands
