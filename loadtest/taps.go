package loadtest

import (
	"bytes"
	"errors"
	"fmt"
	mrand "math/rand/v2"
	"time"

	"shinpan/bot/discordtest"
	"shinpan/bot/tap"
	"shinpan/referee/shogi"
)

// Moving by taps (--taps): a player picks the move from the menus under
// their newest board (bot/tap), as a phone player does, instead of typing
// it. Each pick is an interaction whose answer edits that message (a
// callback, free of the global budget); the mover's update is the last
// pick's answer, so the move is told to its mover when that answer comes.
// A move with no board to tap on (the first one after the start) is typed.

// tapping is the driver's part that measures the picks, guarded by driver.mu.
type tapping struct {
	share     float64 // Config.TapShare
	seed      uint64
	picks     []time.Duration // from a pick to its answer
	tapMoves  int             // moves played by taps
	typed     int             // moves typed in --taps mode (no board to tap)
	tapsTotal int             // picks of the moves played by taps
}

// tapBoard notes a message with tap menus posted to a player's DM channel:
// the board the player's next move is picked on. Callers hold d.mu.
func (d *driver) tapBoard(g *game, slot int, r *discordtest.Request) {
	if d.share > 0 && slot < 2 && bytes.Contains(r.Body, []byte(`"tap:`)) {
		g.board[slot] = r.MessageID
	}
}

// tapper says whether the player of colour c in g taps (a share of the
// players, drawn from the run's seed: the same players in every run).
func (d *driver) tapper(g *game, c int) bool {
	if d.share <= 0 {
		return false
	}
	if d.share >= 1 {
		return true
	}
	rng := mrand.New(mrand.NewPCG(d.seed, uint64(g.id)<<1|uint64(c)))
	return rng.Float64() < d.share
}

// pickWait bounds the wait for a pick's answer.
const pickWait = 10 * time.Second

// tapMove plays m for colour c by picks on c's newest board. It returns
// false, having picked nothing, when there is no board to pick on or its
// menus do not offer m; then the move is to be typed.
func (d *driver) tapMove(srv *discordtest.Server, g *game, c int, m shogi.Move) (bool, error) {
	d.mu.Lock()
	msg := g.board[c]
	g.board[c] = "" // used: the next one comes with the opponent's move
	d.mu.Unlock()
	if msg == "" {
		return false, nil
	}
	user := g.players[c]
	for taps := 1; taps <= 4; taps++ {
		cur, ok := srv.Message(msg)
		if !ok {
			return false, fmt.Errorf("game %d: the board %s is gone", g.id, msg)
		}
		cs, err := tap.Choices(cur.Components)
		if err != nil {
			return false, err
		}
		ch, ok := tap.Toward(cs, m)
		if !ok {
			if taps == 1 {
				return false, nil
			}
			return false, fmt.Errorf("game %d: the menus lost the way to %s after %d picks: %q", g.id, m.USI(), taps-1, cur.Content)
		}
		start := time.Now()
		var iid string
		if ch.Value == "" {
			iid, err = srv.ClickButton(user, g.dm[c], msg, ch.CustomID)
		} else {
			iid, err = srv.SelectMenu(user, g.dm[c], msg, ch.CustomID, ch.Value)
		}
		if err != nil {
			return false, err
		}
		if err := waitAnswer(srv, iid); err != nil {
			return false, fmt.Errorf("game %d, pick %s: %w", g.id, ch.Step, err)
		}
		took := time.Since(start)
		d.mu.Lock()
		d.picks = append(d.picks, took)
		d.mu.Unlock()
		if ch.Step == "m:"+m.USI() {
			d.mu.Lock()
			d.tapMoves++
			d.tapsTotal += taps
			d.mu.Unlock()
			return true, nil
		}
	}
	return false, fmt.Errorf("game %d: %s takes more than 4 picks", g.id, m.USI())
}

// waitAnswer waits until the bot has answered interaction iid.
func waitAnswer(srv *discordtest.Server, iid string) error {
	for deadline := time.Now().Add(pickWait); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		if in, ok := srv.Interaction(iid); ok && in.Callback != nil {
			if in.Callback.Type != 7 {
				return fmt.Errorf("answered with type %d, not the message updated (7)", in.Callback.Type)
			}
			return nil
		}
	}
	return errors.New("no answer within " + pickWait.String())
}
