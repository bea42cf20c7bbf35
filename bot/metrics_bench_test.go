package bot

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"shinpan/ops"
	"shinpan/store"
)

// metricsBacklog is the outbox's depth in BenchmarkMetricsScrape.
const metricsBacklog = 100_000

// BenchmarkMetricsScrape: one GET /metrics, as Prometheus scrapes it, with
// 100 000 messages queued in the outbox (bbolt, then PostgreSQL in the
// second pass). The bot is built, not started, so that nothing sends them;
// its gauges are the ones a running bot registers. The goal is 10 ms.
func BenchmarkMetricsScrape(b *testing.B) {
	st, err := storeBackend.open(storeBackend.fresh(b))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	payload := fmt.Appendf(nil, `{"content":"%s"}`, strings.Repeat("a", 200))
	batch := make([]store.OutMsg, 1000)
	for i := range batch {
		batch[i] = store.OutMsg{Dest: store.DestDM, Target: "123456789012345678", Payload: payload}
	}
	for range metricsBacklog / len(batch) {
		if err := st.Enqueue(batch...); err != nil {
			b.Fatal(err)
		}
	}
	m := ops.NewMetrics()
	s, _ := discordgo.New("Bot bench")
	bt := New(Config{}, st, s, WithMetrics(m))
	defer bt.Close()
	srv := httptest.NewServer(ops.Handler(m, bt.Checks()))
	defer srv.Close()
	scrape := func() string {
		resp, err := http.Get(srv.URL + "/metrics")
		if err != nil {
			b.Fatal(err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil || resp.StatusCode != http.StatusOK {
			b.Fatalf("/metrics: %d %v", resp.StatusCode, err)
		}
		return string(body)
	}
	if got := metric(scrape(), "shinpan_outbox_depth"); got != metricsBacklog {
		b.Fatalf("shinpan_outbox_depth %g, want %d", got, metricsBacklog)
	}
	b.ResetTimer()
	for b.Loop() {
		scrape()
	}
}
