package ops

import (
	"context"
	"fmt"
	"log/slog"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// RouteDiscordgo sends discordgo's log (a package-level hook) to l at the
// matching levels, and returns the session LogLevel to set: at most
// informational, because discordgo's debug lines carry gateway payloads
// (message content). Any occurrence of a secret (the token) is replaced.
func RouteDiscordgo(l *slog.Logger, secrets ...string) {
	var repl []string
	for _, s := range secrets {
		if s != "" {
			repl = append(repl, s, "[redacted]")
		}
	}
	r := strings.NewReplacer(repl...)
	discordgo.Logger = func(msgL, _ int, format string, a ...any) {
		lvl := slog.LevelDebug
		switch msgL {
		case discordgo.LogError:
			lvl = slog.LevelError
		case discordgo.LogWarning:
			lvl = slog.LevelWarn
		case discordgo.LogInformational:
			lvl = slog.LevelInfo
		}
		ctx := context.Background()
		if !l.Enabled(ctx, lvl) {
			return
		}
		msg := strings.TrimSpace(fmt.Sprintf(format, a...))
		if len(repl) > 0 {
			msg = r.Replace(msg)
		}
		l.Log(ctx, lvl, msg, "source", "discordgo")
	}
}

// DiscordgoLevel is the session LogLevel matching an slog level, capped at
// informational (see RouteDiscordgo).
func DiscordgoLevel(l slog.Level) int {
	switch {
	case l >= slog.LevelError:
		return discordgo.LogError
	case l >= slog.LevelWarn:
		return discordgo.LogWarning
	}
	return discordgo.LogInformational
}
