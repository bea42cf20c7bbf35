// Package ops is what an operator runs the bot with: Prometheus metrics, the
// /healthz and /readyz endpoints, the build's version, discordgo's log routed
// into slog, and online backups of the bbolt file (over a Unix socket, and on a
// schedule). It knows nothing of the rules; the bot reports to it through a
// *Metrics, whose methods all accept a nil receiver (metrics off).
package ops
