package bot

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/bwmarrin/discordgo"

	"shinpan/ops"
	"shinpan/referee/view"
	"shinpan/store"
	"shinpan/store/storetest"
)

// metricsBacklog is the outbox's depth in BenchmarkMetricsScrape, and
// metricsGames how many games are live.
const (
	metricsBacklog = 100_000
	metricsGames   = 2_000
)

// BenchmarkMetricsScrape: one GET /metrics, as Prometheus scrapes it, with
// 100 000 messages queued in the outbox and 2 000 live games (bbolt, then
// PostgreSQL in the second pass). The bot is built, not started, so that nothing sends them;
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
	var wg sync.WaitGroup
	for w := range 8 { // in parallel: the store commits them in groups
		wg.Go(func() {
			for i := w; i < metricsGames; i += 8 {
				g := storetest.SampleGame("G", "C", "b", "w", view.Tsuitate)
				if _, err := st.CreateGame(g, fmt.Sprint("bench-", i), nil); err != nil {
					b.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	m := ops.NewMetrics()
	s, _ := discordgo.New("Bot bench")
	bt := mustNew(b, Config{}, st, s, WithMetrics(m))
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
	if got := metric(scrape(), "shinpan_games_active", `variant="tsuitate"`); got != metricsGames {
		b.Fatalf("shinpan_games_active{tsuitate} %g, want %d", got, metricsGames)
	}
	b.ResetTimer()
	for b.Loop() {
		scrape()
	}
}
