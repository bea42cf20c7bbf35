package bot

import "time"

// timerLoop runs the clock-driven work: expiring challenges (and, with turn
// time limits, ending games whose player ran out of time).
func (b *Bot) timerLoop() {
	defer b.wg.Done()
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-b.ctx.Done():
			return
		case <-t.C:
		}
		if !b.begin() {
			return
		}
		b.expireChallenges()
		b.end()
	}
}
