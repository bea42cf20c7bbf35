package ops

import (
	"bytes"
	"log"
	"log/slog"
	"strings"
	"testing"
)

// TestStdLogRouted: a line of the standard log package (the metrics
// library's) reaches the structured log as a warning, the token replaced.
func TestStdLogRouted(t *testing.T) {
	out, flags, prefix := log.Writer(), log.Flags(), log.Prefix()
	defer func() { log.SetOutput(out); log.SetFlags(flags); log.SetPrefix(prefix) }()
	var buf bytes.Buffer
	RouteStdLog(slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{ReplaceAttr: Redact("Bot s3cr3t")})))
	log.Printf("ERROR: metrics: cannot open %s: %s", "/proc/self/io", "permission denied")
	log.Print("token Bot s3cr3t")
	got := buf.String()
	if !strings.Contains(got, `level=WARN msg="ERROR: metrics: cannot open /proc/self/io: permission denied" source=log`) {
		t.Errorf("the log line not routed as a warning: %s", got)
	}
	if strings.Contains(got, "s3cr3t") || !strings.Contains(got, "[redacted]") {
		t.Errorf("the token shown: %s", got)
	}
}
