package ops

import (
	"log"
	"log/slog"
	"strings"
)

// RouteStdLog sends the standard log package's lines (the metrics library
// writes there when it cannot read a /proc file) to l as warnings, with
// "source=log" and any secret replaced, so that no line bypasses the
// structured log and its redaction.
func RouteStdLog(l *slog.Logger, secrets ...string) {
	var repl []string
	for _, s := range secrets {
		if s != "" {
			repl = append(repl, s, "[redacted]")
		}
	}
	log.SetFlags(0)
	log.SetPrefix("")
	log.SetOutput(stdLogWriter{l: l, r: strings.NewReplacer(repl...)})
}

type stdLogWriter struct {
	l *slog.Logger
	r *strings.Replacer
}

func (w stdLogWriter) Write(b []byte) (int, error) {
	msg := w.r.Replace(strings.TrimSpace(string(b)))
	w.l.Warn(urlTokens().ReplaceAllString(msg, "${1}{token}"), "source", "log")
	return len(b), nil
}
