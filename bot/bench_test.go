package bot

import (
	"sort"
	"testing"
	"time"

	"shinpan/bot/discordtest"
)

// BenchmarkMoveLatency measures, for one DM move, the time from the stand-in
// dispatching it to the last request it causes (the mover's DM with the board,
// the opponent's DM with the board, the game card's edit), and reports the
// median and the 99th percentile.
func BenchmarkMoveLatency(b *testing.B) {
	e := newEnv(b)
	e.startGame("tsuitate", discordtest.IntegerOption("move_limit", 0))
	cycle := []string{"5i5h", "5a5b", "5h5i", "5b5a"}
	users := []string{e.alice, e.bob}
	var lat []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		user := users[i%2]
		before := len(e.srv.Requests())
		start := time.Now()
		if _, err := e.srv.SendDM(user, cycle[i%4]); err != nil {
			b.Fatal(err)
		}
		var last time.Time
		for {
			rs := e.srv.Requests()[before:]
			posts, edits := 0, 0
			for _, r := range rs {
				switch r.Route {
				case "POST /channels/{channel_id}/messages":
					posts++
					last = r.Time
				case "PATCH /channels/{channel_id}/messages/{message_id}":
					edits++
					last = r.Time
				}
			}
			if posts >= 2 && edits >= 1 {
				break
			}
			time.Sleep(200 * time.Microsecond)
		}
		lat = append(lat, last.Sub(start))
	}
	b.StopTimer()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "median-ms")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
}
