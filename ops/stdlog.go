package ops

import (
	"log"
	"log/slog"
	"strings"
)

// RouteStdLog sends the standard log package's lines (the metrics library
// writes there when it cannot read a /proc file) to l as warnings, with
// "source=log", so that no line bypasses the structured log and the
// redaction its handler does (Redact).
func RouteStdLog(l *slog.Logger) {
	log.SetFlags(0)
	log.SetPrefix("")
	log.SetOutput(stdLogWriter{l})
}

type stdLogWriter struct{ l *slog.Logger }

func (w stdLogWriter) Write(b []byte) (int, error) {
	w.l.Warn(strings.TrimSpace(string(b)), "source", "log")
	return len(b), nil
}
