package storetest

import (
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"shinpan/internal/cputime"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/store"
)

// AppendOne is one realistic acknowledged action: the entry, a metadata
// update (deadline) and two outbox messages (channel announcement, DM board).
func AppendOne(s store.Store, id store.GameID, n int) error {
	e := store.Entry{Action: Move(shogi.Color(n%2), "7g7f"), UserID: "123456789012345678", Key: fmt.Sprintf("13%017d", n)}
	out := []store.OutMsg{Msg("C", "☗ moved (move 12)"), {Dest: store.DestDM, Target: "123456789012345678", Payload: []byte(`{"content":"your board","attachments":[]}`)}}
	_, err := s.AppendAction(id, e, out, func(g *store.Game) {
		g.Deadline = &store.Deadline{Player: shogi.Color(n % 2), Seq: g.LastSeq, Turn: time.Now().Add(time.Minute)}
	})
	return err
}

// BenchAppend: one AppendAction per op, durable on commit.
func BenchAppend(b *testing.B, bk Backend) {
	s := openT(b, bk, bk.Fresh(b), nil)
	defer s.Close()
	g := ok(s.CreateGame(SampleGame("G", "C", "a", "b", view.Tsuitate), "", nil))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := AppendOne(s, g.ID, i); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchAppendGames: one AppendAction per op, in turn to each of 1000 games in
// play (so their index entries fill several pages, as on a busy bot), with
// the process's CPU time per op (cpu-ns/op) beside the wall time, which the
// commit's fsync dominates.
func BenchAppendGames(b *testing.B, bk Backend) {
	s := openT(b, bk, bk.Fresh(b), nil)
	defer s.Close()
	ids := make([]store.GameID, 1000)
	for i := range ids {
		ch, black, white := fmt.Sprintf("9%017d", i), fmt.Sprintf("1%017d", i), fmt.Sprintf("2%017d", i)
		ids[i] = ok(s.CreateGame(SampleGame("123456789012345678", ch, black, white, view.Tsuitate), "", nil)).ID
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cputime.Process()
	for i := 0; i < b.N; i++ {
		if err := AppendOne(s, ids[i%len(ids)], i); err != nil {
			b.Fatal(err)
		}
	}
	if cpu := cputime.Process() - cpu0; cpu > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}

// BenchAppendParallel: many games appending at once (GOMAXPROCS×4
// goroutines, one game each).
func BenchAppendParallel(b *testing.B, bk Backend) {
	s := openT(b, bk, bk.Fresh(b), nil)
	defer s.Close()
	var n atomic.Int64
	b.SetParallelism(4)
	b.RunParallel(func(pb *testing.PB) {
		g := ok(s.CreateGame(SampleGame("G", "C", "a", "b", view.Tsuitate), "", nil))
		for pb.Next() {
			if err := AppendOne(s, g.ID, int(n.Add(1))); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchLoadGame: read a 150-action game's metadata and log.
func BenchLoadGame(b *testing.B, bk Backend) {
	s := openT(b, bk, bk.Fresh(b), nil)
	defer s.Close()
	for i := 0; i < 5; i++ { // neighbours, so the game is not alone
		g := ok(s.CreateGame(SampleGame("G", "C", "a", "b", view.Tsuitate), "", nil))
		for n := 0; n < 150; n++ {
			check(b, AppendOne(s, g.ID, i*1000+n))
		}
	}
	id := store.GameID(3)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g, log, err := s.LoadGame(id)
		if err != nil || len(log) != 150 || g.LastSeq != 150 {
			b.Fatal(err)
		}
	}
}

// BenchOutboxBacklog is how many messages BenchOutboxStats queues first.
const BenchOutboxBacklog = 100_000

// BenchOutboxStats: one OutboxStats per op (what a /metrics scrape reads)
// with 100 000 messages of a board's size queued; readAll reads the whole
// outbox instead, as the scrape did before the stats were kept.
func BenchOutboxStats(b *testing.B, bk Backend, readAll bool) {
	s := openT(b, bk, bk.Fresh(b), nil)
	defer s.Close()
	payload := fmt.Appendf(nil, `{"content":"board","cells":"%s"}`, strings.Repeat("a", 2000))
	batch := make([]store.OutMsg, 1000)
	for i := range batch {
		batch[i] = store.OutMsg{Dest: store.DestDM, Target: "123456789012345678", Payload: payload}
	}
	for range BenchOutboxBacklog / len(batch) {
		if err := s.Enqueue(batch...); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for b.Loop() {
		if readAll {
			ms, err := s.PendingOutbox()
			if err != nil || len(ms) != BenchOutboxBacklog {
				b.Fatalf("%d messages read: %v", len(ms), err)
			}
			continue
		}
		st, err := s.OutboxStats()
		if err != nil || st.Depth != BenchOutboxBacklog || st.Oldest.IsZero() {
			b.Fatalf("%+v, %v", st, err)
		}
	}
}
