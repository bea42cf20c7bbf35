package ops

import (
	"context"
	"fmt"
	"log/slog"
	"regexp"
	"strings"
	"sync"

	"github.com/bwmarrin/discordgo"
)

// RouteDiscordgo sends discordgo's log (a package-level hook) to l at the
// matching levels. Set the session's LogLevel with DiscordgoLevel: at most
// informational, because discordgo's debug lines carry gateway payloads
// (message content). Any occurrence of a secret (the token) is replaced, and
// so are the interaction tokens in URLs.
func RouteDiscordgo(l *slog.Logger, secrets ...string) {
	r := secretReplacer(secrets)
	discordgo.Logger = func(msgL, _ int, format string, a ...any) {
		lvl := slog.LevelDebug
		switch msgL {
		case discordgo.LogError:
			lvl = slog.LevelError
		case discordgo.LogWarning:
			lvl = slog.LevelWarn
		case discordgo.LogInformational:
			lvl = slog.LevelInfo
			if traceOnly(format) {
				lvl = slog.LevelDebug
			}
		}
		ctx := context.Background()
		if !l.Enabled(ctx, lvl) {
			return
		}
		msg := strings.TrimSpace(fmt.Sprintf(format, a...))
		msg = r.Replace(msg)
		msg = urlTokens().ReplaceAllString(msg, "${1}{token}")
		l.Log(ctx, lvl, msg, "source", "discordgo")
	}
}

// traceOnly says whether an informational line of discordgo's is a trace
// for debugging, not news for an operator: "called" on entering a function,
// and the dump of the gateway's first packet (READY: a Go literal of its
// bytes, six characters a byte, every guild of the bot in it), at each
// new session.
func traceOnly(format string) bool {
	return format == "called" || strings.HasPrefix(format, "First Packet")
}

// secretReplacer replaces every non-empty secret with "[redacted]".
func secretReplacer(secrets []string) *strings.Replacer {
	var repl []string
	for _, s := range secrets {
		if s != "" {
			repl = append(repl, s, "[redacted]")
		}
	}
	return strings.NewReplacer(repl...)
}

// urlTokens finds the interaction tokens in REST URLs (discordgo logs the URL
// of a request it retries): they answer for the bot for 15 minutes.
var urlTokens = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(/(?:webhooks|interactions)/[0-9]+/)[^/\s?]+`) })

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

// Redact is a slog ReplaceAttr that keeps secrets out of every line: each
// given secret (the token), and the interaction tokens in URLs (a network
// error quotes the URL it failed on), in the message and in any string or
// error value.
func Redact(secrets ...string) func(groups []string, a slog.Attr) slog.Attr {
	r := secretReplacer(secrets)
	clean := func(s string) string {
		s = r.Replace(s)
		return urlTokens().ReplaceAllString(s, "${1}{token}")
	}
	return func(_ []string, a slog.Attr) slog.Attr {
		switch v := a.Value.Any().(type) {
		case string:
			if c := clean(v); c != v {
				a.Value = slog.StringValue(c)
			}
		case error:
			if s := v.Error(); clean(s) != s {
				a.Value = slog.StringValue(clean(s))
			}
		}
		return a
	}
}
