package outbox

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"shinpan/bot/compose"
	"shinpan/store"
)

// laneSim plays the card lanes' policy (cardLane, cardRate) on a clock of
// its own, as cardLoop does with the real one: a lane with edits waiting
// asks for its turn, then picks the card to edit. Edits are offered at
// given instants; sends take no time.
type laneSim struct {
	rate   *cardRate
	lanes  map[string]*cardLane
	every  time.Duration
	now    time.Time
	sent   []store.OutMsg           // in order
	sentAt []time.Time              // when each was sent
	merged []store.OutMsg           // replaced while waiting (marked sent as coalesced)
	shown  map[cardKey]store.OutMsg // the last edit sent of each card
	byLane map[string]int           // edits sent per lane
}

func newLaneSim(perSecond float64, every time.Duration) *laneSim {
	return &laneSim{rate: newCardRate(func() float64 { return perSecond }), lanes: map[string]*cardLane{},
		every: every, now: time.Unix(1_000_000, 0), shown: map[cardKey]store.OutMsg{}, byLane: map[string]int{}}
}

func (s *laneSim) everyFor(cardKey) time.Duration { return s.every }

// offer hands an edit to its channel's lane, as queueCard does.
func (s *laneSim) offer(m store.OutMsg) {
	d := dest(m)
	l := s.lanes[d]
	if l == nil {
		l = newCardLane()
		s.lanes[d] = l
	}
	if old, replaced := l.put(laneKey(m), m); replaced {
		s.merged = append(s.merged, old)
	}
}

// step sends every edit the policy lets go at s.now, the lanes asking in
// the order they ask in cardLoop (each once per token), and returns how
// long until the next may go (0: nothing waits).
func (s *laneSim) step() time.Duration {
	next := time.Duration(0)
	for progress := true; progress; {
		progress = false
		for _, d := range sortedKeys(s.lanes) {
			l := s.lanes[d]
			if len(l.order) == 0 {
				continue
			}
			if _, wait := l.next(s.now, s.everyFor); wait > 0 {
				next = minPositive(next, wait)
				continue
			}
			s.rate.join(d)
			ok, wait := s.rate.take(s.now, d)
			if !ok {
				next = minPositive(next, wait)
				continue
			}
			k, m, picked, _ := l.pick(s.now, s.everyFor)
			if !picked {
				panic("a lane with a card due picked none")
			}
			l.sent(k, s.now, s.everyFor)
			s.sent = append(s.sent, m)
			s.sentAt = append(s.sentAt, s.now)
			s.shown[k] = m
			s.byLane[d]++
			progress = true
		}
	}
	return next
}

func minPositive(a, b time.Duration) time.Duration {
	if a <= 0 || (b > 0 && b < a) {
		return b
	}
	return a
}

func sortedKeys(m map[string]*cardLane) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	for i := range ks { // a few lanes: insertion sort
		for j := i; j > 0 && ks[j] < ks[j-1]; j-- {
			ks[j], ks[j-1] = ks[j-1], ks[j]
		}
	}
	return ks
}

// runUntil advances the clock to end, sending what the policy lets go.
func (s *laneSim) runUntil(end time.Time) {
	for s.now.Before(end) {
		wait := s.step()
		if wait <= 0 || wait > end.Sub(s.now) {
			wait = end.Sub(s.now)
		}
		s.now = s.now.Add(wait)
	}
	s.step()
}

// drain runs until no edit waits.
func (s *laneSim) drain(t *testing.T) {
	for i := 0; ; i++ {
		waiting := 0
		for _, l := range s.lanes {
			waiting += len(l.order)
		}
		if waiting == 0 {
			return
		}
		if i > 1_000_000 {
			t.Fatalf("%d edits still wait", waiting)
		}
		wait := s.step()
		if wait <= 0 {
			wait = 10 * time.Millisecond
		}
		s.now = s.now.Add(wait)
	}
}

// cardEdit is the card edit of game g in channel ch showing move n.
func cardEdit(id uint64, ch string, g store.GameID, n int, final bool) store.OutMsg {
	p := compose.Payload{EditRef: compose.CardRef, Content: fmt.Sprintf("game %d move %d", g, n), Final: final}
	return store.OutMsg{ID: id, GameID: g, Dest: store.DestChannel, Target: ch, Payload: p.Encode()}
}

// TestCardPolicy: a busy server (channels of 20 games each, every game
// moving often) keeps the cards' edits within their share, the channels
// getting even turns; each card ends in its latest state, a game's last
// edit is never merged away, and every edit offered is sent once or
// merged once, never both, never lost.
func TestCardPolicy(t *testing.T) {
	for _, c := range []struct {
		name      string
		channels  int
		games     int // a channel
		movesEach int
		gap       time.Duration // between two moves of the whole server
		rate      float64       // card edits a second
		every     time.Duration
	}{
		{"busy", 15, 20, 6, 60 * time.Millisecond, 2.5, 0},
		{"busy, a card at most every 5 s", 15, 20, 6, 60 * time.Millisecond, 2.5, 5 * time.Second},
		{"one channel of 50", 1, 50, 4, 50 * time.Millisecond, 5, 0},
		{"quiet", 3, 2, 3, 2 * time.Second, 2.5, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := newLaneSim(c.rate, c.every)
			start := s.now
			id := uint64(0)
			latest := map[cardKey]uint64{}
			offered := map[uint64]bool{}
			finals := map[uint64]bool{}
			// Moves in turn over the games of all channels; each game's last
			// move ends it.
			for n := 1; n <= c.movesEach; n++ {
				for g := 0; g < c.channels*c.games; g++ {
					id++
					ch := fmt.Sprint("ch", g%c.channels)
					m := cardEdit(id, ch, store.GameID(g+1), n, n == c.movesEach)
					offered[id] = true
					if n == c.movesEach {
						finals[id] = true
					}
					latest[laneKey(m)] = id
					s.offer(m)
					s.runUntil(s.now.Add(c.gap))
				}
			}
			offeredUntil := s.now
			s.drain(t)

			// Each card shows its latest state, the game's end.
			if len(s.shown) != c.channels*c.games {
				t.Fatalf("%d cards edited, want %d", len(s.shown), c.channels*c.games)
			}
			for k, m := range s.shown {
				if m.ID != latest[k] {
					t.Errorf("card %v ends with edit %d, want its latest %d", k, m.ID, latest[k])
				}
			}
			// Nothing lost, nothing sent twice, nothing both sent and merged.
			seen := map[uint64]string{}
			for _, m := range s.sent {
				if seen[m.ID] != "" {
					t.Fatalf("edit %d sent twice", m.ID)
				}
				seen[m.ID] = "sent"
			}
			for _, m := range s.merged {
				if seen[m.ID] != "" {
					t.Fatalf("edit %d %s and merged", m.ID, seen[m.ID])
				}
				seen[m.ID] = "merged"
				if finals[m.ID] {
					t.Errorf("a game's last edit %d was merged away", m.ID)
				}
			}
			for id := range offered {
				if seen[id] == "" {
					t.Errorf("edit %d neither sent nor merged", id)
				}
			}
			// The share: over any span, at most rate × span + the burst.
			burst := max(1, c.rate*cardBurst)
			for i := range s.sentAt {
				for j := i; j < len(s.sentAt); j++ {
					span := s.sentAt[j].Sub(s.sentAt[i]).Seconds()
					if n := float64(j - i + 1); n > c.rate*span+burst+1e-9 {
						t.Fatalf("%v edits in %.2f s: more than %.1f a second and a burst of %.0f", n, span, c.rate, burst)
					}
				}
			}
			// Each card at most once per every.
			if c.every > 0 {
				last := map[cardKey]time.Time{}
				for i, m := range s.sent {
					k := laneKey(m)
					if at, ok := last[k]; ok && s.sentAt[i].Sub(at) < c.every {
						t.Fatalf("card %v edited %v after its last edit, want %v apart", k, s.sentAt[i].Sub(at), c.every)
					}
					last[k] = s.sentAt[i]
				}
			}
			// Even turns: while offers came, no channel got more than one
			// edit more than another whose edits waited all along.
			if c.channels > 1 && c.rate*offeredUntil.Sub(start).Seconds() < float64(len(offered))/2 {
				lo, hi := math.MaxInt, 0
				for _, d := range sortedKeys(s.lanes) {
					lo, hi = min(lo, s.byLane[d]), max(hi, s.byLane[d])
				}
				if hi-lo > 1+int(burst) {
					t.Errorf("edits per channel from %d to %d: not even turns", lo, hi)
				}
			}
			// A quiet server shows every move.
			if c.name == "quiet" && len(s.merged) > 0 {
				t.Errorf("%d edits merged at a quiet server", len(s.merged))
			}
			t.Logf("%d edits offered: %d sent, %d merged over %.0f s", len(offered), len(s.sent), len(s.merged), s.now.Sub(start).Seconds())
		})
	}
}

// TestCardFinalFirst: a game's last edit goes before the channel's other
// cards that waited longer.
func TestCardFinalFirst(t *testing.T) {
	l := newCardLane()
	every := func(cardKey) time.Duration { return 0 }
	for g := 1; g <= 3; g++ {
		m := cardEdit(uint64(g), "ch", store.GameID(g), 5, g == 3)
		l.put(laneKey(m), m)
	}
	order := drain(l, every)
	if fmt.Sprint(order) != "[3 1 2]" {
		t.Errorf("edits sent in the order %v, want the game over first: [3 1 2]", order)
	}
}

// TestIsFinal: only the payload's own field marks a last edit, never a
// text that mentions it.
func TestIsFinal(t *testing.T) {
	for _, c := range []struct {
		p    compose.Payload
		want bool
	}{
		{compose.Payload{EditRef: compose.CardRef, Final: true}, true},
		{compose.Payload{EditRef: compose.CardRef}, false},
		{compose.Payload{Content: `"final":true`}, false},
	} {
		if got := isFinal(store.OutMsg{Payload: c.p.Encode()}); got != c.want {
			t.Errorf("%s: final %v, want %v", c.p.Encode(), got, c.want)
		}
	}
}

// TestCardByIDFirst: an edit of a message by id (a challenge's card, the
// answer to someone's accepting it) goes before the games' cards, a
// game's last edit among them.
func TestCardByIDFirst(t *testing.T) {
	l := newCardLane()
	every := func(cardKey) time.Duration { return 0 }
	game := cardEdit(1, "ch", 1, 5, true)
	l.put(laneKey(game), game)
	ch := store.OutMsg{ID: 2, Dest: store.DestChannel, Target: "ch", Payload: compose.Payload{Edit: "777", Content: "accepted"}.Encode()}
	if k := laneKey(ch); !k.byID() {
		t.Fatalf("the challenge's edit is keyed %+v", k)
	}
	l.put(laneKey(ch), ch)
	if _, m, ok, _ := l.pick(time.Now(), every); !ok || m.ID != 2 {
		t.Errorf("picked %d first, want the edit by id", m.ID)
	}
}

// TestCardMergeIgnoresText: what the lanes merge and when they send
// depends on which card each edit is of, when it came and whether it ends
// the game (public facts), never on what the edit says: the same moves
// with other texts (a board that looks different, longer or shorter)
// are sent at the same instants, merged the same.
func TestCardMergeIgnoresText(t *testing.T) {
	run := func(text func(g store.GameID, n int) string) (ids []uint64, at []time.Duration) {
		s := newLaneSim(2.5, 0)
		start := s.now
		id := uint64(0)
		for n := 1; n <= 4; n++ {
			for g := store.GameID(1); g <= 60; g++ {
				id++
				p := compose.Payload{EditRef: compose.CardRef, Content: text(g, n), Final: n == 4}
				s.offer(store.OutMsg{ID: id, GameID: g, Dest: store.DestChannel, Target: fmt.Sprint("ch", g%3), Payload: p.Encode()})
				s.runUntil(s.now.Add(70 * time.Millisecond))
			}
		}
		s.drain(t)
		for i, m := range s.sent {
			ids = append(ids, m.ID)
			at = append(at, s.sentAt[i].Sub(start))
		}
		return ids, at
	}
	ids1, at1 := run(func(g store.GameID, n int) string { return fmt.Sprintf("game %d move %d", g, n) })
	ids2, at2 := run(func(g store.GameID, n int) string {
		return fmt.Sprintf("%s game %d: something else entirely %d", strings.Repeat("x", int(g)*n), g, n*7)
	})
	if fmt.Sprint(ids1) != fmt.Sprint(ids2) || fmt.Sprint(at1) != fmt.Sprint(at2) {
		t.Errorf("the texts changed what was sent or when:\n%v %v\n%v %v", ids1, at1, ids2, at2)
	}
}

// TestCardUrgentFirst: an urgent edit (a challenge's card accepted, as its
// game starts) goes before an edit by id and a game's last edit that
// waited longer.
func TestCardUrgentFirst(t *testing.T) {
	l := newCardLane()
	every := func(cardKey) time.Duration { return 0 }
	for _, m := range []store.OutMsg{
		cardEdit(1, "ch", 1, 5, true),
		{ID: 2, Dest: store.DestChannel, Target: "ch", Payload: compose.Payload{Edit: "776", Content: "a tournament"}.Encode()},
		{ID: 3, Dest: store.DestChannel, Target: "ch", Payload: compose.Payload{Edit: "777", Content: "accepted", Urgent: true}.Encode()},
		cardEdit(4, "ch", 4, 2, false),
	} {
		l.put(laneKey(m), m)
	}
	order := drain(l, every)
	if fmt.Sprint(order) != "[3 2 1 4]" {
		t.Errorf("edits sent in the order %v, want the urgent one, the one by id, the game over, the rest: [3 2 1 4]", order)
	}
}

// TestIsUrgent: only the payload's own field marks an urgent message,
// never a text that mentions it.
func TestIsUrgent(t *testing.T) {
	for _, c := range []struct {
		p    compose.Payload
		want bool
	}{
		{compose.Payload{Content: "Game #1 starts", Urgent: true}, true},
		{compose.Payload{Content: "Game #1 starts"}, false},
		{compose.Payload{Content: `"urgent":true`}, false},
	} {
		if got := isUrgent(store.OutMsg{Payload: c.p.Encode()}); got != c.want {
			t.Errorf("%s: urgent %v, want %v", c.p.Encode(), got, c.want)
		}
	}
}

// drain picks the lane's edits until none is due, and returns their ids in
// the order picked.
func drain(l *cardLane, every func(cardKey) time.Duration) []uint64 {
	var order []uint64
	for {
		_, m, ok, _ := l.pick(time.Now(), every)
		if !ok {
			return order
		}
		order = append(order, m.ID)
	}
}

// TestCardKeepsNewest: an edit of a card older than the one waiting (given
// up when its claim ran out, and claimed again with the newer) is done,
// never sent over it, whichever comes to the lane first.
func TestCardKeepsNewest(t *testing.T) {
	every := func(cardKey) time.Duration { return 0 }
	for _, c := range []struct {
		name string
		ids  []uint64
	}{{"older first", []uint64{4, 9}}, {"newer first", []uint64{9, 4}}} {
		t.Run(c.name, func(t *testing.T) {
			l := newCardLane()
			var done []uint64
			for _, id := range c.ids {
				m := cardEdit(id, "ch", 1, int(id), false)
				if old, replaced := l.put(laneKey(m), m); replaced {
					done = append(done, old.ID)
				}
			}
			if order := drain(l, every); fmt.Sprint(order) != "[9]" || fmt.Sprint(done) != "[4]" {
				t.Errorf("sent %v, done %v; want 9 sent, 4 done", order, done)
			}
		})
	}
}
