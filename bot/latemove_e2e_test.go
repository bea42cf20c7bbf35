package bot

import (
	"context"
	"crypto/sha256"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/discordtest"
	"shinpan/bot/tap"
	"shinpan/referee/shogi"
	"shinpan/store"
)

// TestEndpointLateMove: a move whose handler was deferred in its place (a
// tap, the Move form opened from a board) edits that board as an answer in
// time does, with the same text, board, alt text and menus, and no
// follow-up; so do a foul, a tap that only changes the menus, a tap of a
// foul already tried, a pick on a board out of date and the masks of
// Masked. A refusal follows up privately as it is answered in time. Each
// script runs twice, every handler in time and every one late (deferAfter
// 0 on the endpoint): the mover sees the same, and the opponent's DMs and
// the channel get the same messages, by the same routes, in the same order
// (a late answer's only extra request is the mover's own webhook, outside
// the global budget).
func TestEndpointLateMove(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		variant string
		script  func(r *lateRun, id store.GameID)
	}{
		{"tsuitate", func(r *lateRun, id store.GameID) {
			e := r.e
			board := e.tapMessage(e.alice)
			submit := func(text string) func() (string, error) {
				return func() (string, error) {
					return e.srv.SubmitModal(e.alice, board.ChannelID, fmt.Sprintf("movemodal:%d", id), map[string]string{"move": text})
				}
			}
			r.step("the form: not a move", board.ID, false, submit("xyz"))
			r.step("the form: a foul", board.ID, true, submit("B-1a+")) // through White's bishop on 2b
			r.tapTo(e.alice, board.ID, "8h1a+")                         // the same foul again: tried already
			r.tapTo(e.alice, board.ID, "2g2f")
			old := e.tapMessage(e.bob)
			e.dm(e.bob, "9c9d") // typed: the menus of move 4 are out of date
			cs, _ := tap.Choices(old.Components)
			if len(cs) == 0 {
				r.t.Fatalf("no choices on %q", old.Content)
			}
			r.step("a pick out of date", old.ID, true, r.pick(e.bob, old, cs[0]))
		}},
		{"masked", func(r *lateRun, id store.GameID) {
			e := r.e
			r.tapMask(e.alice, "2h")
			r.tapMask(e.bob, "2c")
			r.tapTo(e.alice, e.tapMessage(e.alice).ID, "2g2f")
		}},
	} {
		t.Run(tc.variant, func(t *testing.T) {
			t.Parallel()
			var seen [2][]string
			t.Run("runs", func(t *testing.T) {
				for k, name := range []string{"in time", "late"} {
					t.Run(name, func(t *testing.T) {
						t.Parallel()
						e := newEnv(t, overHTTP)
						id := e.startGame(tc.variant)
						if tc.variant == "tsuitate" {
							e.tapMove(e.alice, "7g7f")
							e.tapMove(e.bob, "3c3d")
							board := e.tapMessage(e.alice)
							for range 2 { // two forms open: a refusal, then a foul
								if out := e.click(e.alice, board, "move:"); out != "[modal]" {
									t.Fatalf("the Move button: %q", out)
								}
							}
						}
						e.settle()
						e.stop()
						if k == 1 {
							e.opts = append(e.opts, func(b *Bot) { b.deferAfter = 0 })
						}
						e.start()
						r := &lateRun{t: t, e: e, late: k == 1}
						tc.script(r, id)
						r.end(id)
						seen[k] = r.lines
					})
				}
			})
			if t.Failed() {
				return
			}
			if len(seen[0]) != len(seen[1]) {
				t.Errorf("%d lines in time, %d late", len(seen[0]), len(seen[1]))
			}
			for k := range min(len(seen[0]), len(seen[1])) {
				if seen[0][k] != seen[1][k] {
					t.Errorf("in time: %s\nlate:    %s", seen[0][k], seen[1][k])
				}
			}
		})
	}
}

// lateRun is one run of TestEndpointLateMove's script: what each step
// showed, for the other run's to be compared with.
type lateRun struct {
	t     *testing.T
	e     *env
	late  bool // every handler is deferred in its place
	lines []string
}

// step runs one interaction (begin sends it) on message msgID and records
// what its user and the others saw. update: the answer edits that message
// in place; else it is a private message of its own.
func (r *lateRun) step(name, msgID string, update bool, begin func() (string, error)) {
	r.t.Helper()
	e := r.e
	m, _ := e.srv.Message(msgID)
	from := len(e.srv.Requests())
	iid, err := begin()
	if err != nil {
		r.t.Fatalf("%s: %v", name, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	_, err = e.srv.WaitInteraction(ctx, iid, func(in discordtest.Interaction) bool {
		if in.Callback == nil || in.Callback.Type != discordgo.InteractionResponseDeferredMessageUpdate {
			return discordtest.Answered(in)
		}
		// A deferred update is answered once its message (the original) is
		// edited again, or followed up. (The condition runs under the
		// stand-in's lock: no call to it here.)
		return (in.Original != nil && in.Original.Edits > m.Edits) || len(in.Followups) > 0
	})
	if err != nil {
		r.t.Fatalf("%s: not answered: %v", name, err)
	}
	e.settle()
	in, _ := e.srv.Interaction(iid)
	want := discordgo.InteractionResponseChannelMessageWithSource
	if r.late {
		want = discordgo.InteractionResponseDeferredMessageUpdate
	} else if update {
		want = discordgo.InteractionResponseUpdateMessage
	}
	if in.Callback.Type != want {
		r.t.Errorf("%s: callback of type %d, want %d", name, in.Callback.Type, want)
	}
	after, _ := e.srv.Message(msgID)
	switch {
	case update:
		if len(in.Followups) != 0 || after.Edits != m.Edits+1 {
			r.t.Errorf("%s: %d follow-ups (%q), its message edited %d times; want it edited once", name, len(in.Followups), shown(in), after.Edits-m.Edits)
		}
		r.lines = append(r.lines, name+": "+e.seen(after))
	default:
		private := in.Original
		if r.late {
			private = nil
			if len(in.Followups) == 1 {
				private = &in.Followups[0]
			}
		}
		if private == nil || !private.Ephemeral() || after.Edits != m.Edits {
			r.t.Errorf("%s: the answer %v, %d follow-ups, its message edited %d times; want one private message", name, private, len(in.Followups), after.Edits-m.Edits)
		} else {
			r.lines = append(r.lines, name+": "+e.seen(*private))
		}
	}
	r.lines = append(r.lines, name+": requests "+r.others(from))
}

// others are the requests since from that wrote to the players' DM
// channels and the game's channel (those of the global budget, not the
// interactions' callbacks and webhooks), counted by destination and
// route; what they left, in order, is compared at the end. Destinations,
// and a channel's posts and its card's edits (their own lane), are sent
// in parallel: their interleaving is not compared.
func (r *lateRun) others(from int) string {
	e := r.e
	dests := []struct{ name, ch string }{{"alice's DM", e.dmChannel(e.alice)}, {"bob's DM", e.dmChannel(e.bob)}, {"the channel", e.ch}}
	lanes := map[string]int{}
	for _, q := range e.srv.Requests()[from:] {
		if q.Status < 200 || q.Status > 299 || q.Method == http.MethodGet {
			continue
		}
		for _, d := range dests {
			if strings.Contains(q.Path+"/", "/channels/"+d.ch+"/") {
				lanes[d.name+" "+q.Route]++
			}
		}
	}
	out := make([]string, 0, len(lanes))
	for lane, n := range lanes {
		out = append(out, fmt.Sprintf("%s ×%d", lane, n))
	}
	slices.Sort(out)
	return strings.Join(out, ", ")
}

// pick is a tap of c on m by user.
func (r *lateRun) pick(user string, m discordtest.Message, c tap.Choice) func() (string, error) {
	return func() (string, error) { return r.e.pick(user, m, c) }
}

// pick taps c on m as user; it returns the interaction's id.
func (e *env) pick(user string, m discordtest.Message, c tap.Choice) (string, error) {
	if c.Value == "" {
		return e.srv.ClickButton(user, m.ChannelID, m.ID, c.CustomID)
	}
	return e.srv.SelectMenu(user, m.ChannelID, m.ID, c.CustomID, c.Value)
}

// tapTo picks usi by taps on message msgID, one step each.
func (r *lateRun) tapTo(user, msgID, usi string) {
	r.t.Helper()
	mv, err := shogi.ParseUSI(usi)
	if err != nil {
		r.t.Fatal(err)
	}
	for taps := 1; taps <= 4; taps++ {
		m, _ := r.e.srv.Message(msgID)
		cs, _ := tap.Choices(m.Components)
		c, ok := tap.Toward(cs, mv)
		if !ok {
			r.t.Fatalf("%s: no choice leads there on %q: %+v", usi, m.Content, cs)
		}
		r.step(fmt.Sprintf("%s tap %d (%s)", usi, taps, c.Step), msgID, true, r.pick(user, m, c))
		if c.Step == "m:"+usi {
			return
		}
	}
	r.t.Fatalf("%s takes more than 4 taps", usi)
}

// tapMask picks user's mask on square by tap.
func (r *lateRun) tapMask(user, square string) {
	r.t.Helper()
	m, c := r.e.maskChoice(user, square)
	r.step("mask "+square, m.ID, true, r.pick(user, m, c))
}

// end records where the game and the messages stand: the game's last
// number, and every message in the players' DMs and the channel.
func (r *lateRun) end(id store.GameID) {
	e := r.e
	r.lines = append(r.lines, fmt.Sprintf("the game at seq %d", e.game(id).LastSeq))
	for _, who := range []struct{ name, ch string }{{"alice's DM", e.dmChannel(e.alice)}, {"bob's DM", e.dmChannel(e.bob)}, {"the channel", e.ch}} {
		for _, m := range e.srv.BotMessages(who.ch) {
			r.lines = append(r.lines, fmt.Sprintf("%s: edits %d: %s", who.name, m.Edits, e.seen(m)))
		}
	}
}

var (
	discordTime = regexp.MustCompile(`<t:\d+(:\w)?>`)
	digest      = regexp.MustCompile("`[0-9a-f]{64}`") // a mask's commitment: its salt is random
)

// seen is what a message shows, with its env's ids for names (and no
// time or commitment, which differ from run to run): its text, whether
// private, its components, and each file's name, alt text and digest.
func (e *env) seen(m discordtest.Message) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%q private %v components %s", m.Content, m.Ephemeral(), m.Components)
	for _, a := range m.Attachments {
		fmt.Fprintf(&b, " [%s %q %x]", a.Filename, a.Description, sha256.Sum256(a.Data))
	}
	s := e.idNames().Replace(b.String())
	s = digest.ReplaceAllString(s, "`…`")
	return discordTime.ReplaceAllString(s, "<t:…>")
}

// TestGatewayLateTap: over the gateway, a tap whose handler is still busy
// when its deferral is due (the game's lock held meanwhile) is deferred
// as an update of its message, and its answer edits the tapped board in
// place: the next menus, then the move's update with the board and its
// alt text; no follow-up and no new DM to the mover, and the opponent's
// DM as in time.
func TestGatewayLateTap(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("tsuitate")
	e.settle()
	e.stop()
	e.opts = append(e.opts, func(b *Bot) { b.deferAfter = time.Millisecond })
	e.start()
	lg, err := e.b.games.Get(id)
	if err != nil {
		t.Fatal(err)
	}
	board := e.tapMessage(e.alice)
	alices, bobs := len(e.botDMs(e.alice)), len(e.botDMs(e.bob))
	mv, _ := shogi.ParseUSI("7g7f")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	for taps := 1; taps <= 4; taps++ {
		m, _ := e.srv.Message(board.ID)
		cs, _ := tap.Choices(m.Components)
		c, ok := tap.Toward(cs, mv)
		if !ok {
			t.Fatalf("no choice leads to 7g7f on %q: %+v", m.Content, cs)
		}
		lg.Mu.Lock() // the handler waits for it: its deferral comes first
		iid, err := e.pick(e.alice, m, c)
		if err == nil {
			_, err = e.srv.WaitInteraction(ctx, iid, discordtest.Acknowledged)
		}
		lg.Mu.Unlock()
		if err != nil {
			t.Fatalf("tap %d: %v", taps, err)
		}
		in, err := e.srv.WaitInteraction(ctx, iid, func(in discordtest.Interaction) bool {
			return (in.Original != nil && in.Original.Edits > m.Edits) || len(in.Followups) > 0
		})
		if err != nil {
			t.Fatalf("tap %d not answered: %v", taps, err)
		}
		e.settle()
		after, _ := e.srv.Message(board.ID)
		if in.Callback.Type != discordgo.InteractionResponseDeferredMessageUpdate || len(in.Followups) != 0 || after.Edits != m.Edits+1 {
			t.Fatalf("tap %d: callback %d, %d follow-ups (%q), edited %d times; want a deferred update, then its message edited once",
				taps, in.Callback.Type, len(in.Followups), shown(in), after.Edits-m.Edits)
		}
		if len(after.Attachments) != 1 || after.Attachments[0].Description == "" {
			t.Fatalf("tap %d: files %+v, want the board with its alt text", taps, after.Attachments)
		}
		if c.Step != "m:7g7f" {
			if !strings.Contains(string(after.Components), `"tap:`) {
				t.Fatalf("tap %d: no menus on %q", taps, after.Content)
			}
			continue
		}
		if !strings.Contains(after.Content, "You played") || e.game(id).LastSeq != 1 {
			t.Fatalf("the move's answer: %q, seq %d", after.Content, e.game(id).LastSeq)
		}
		if a, b := len(e.botDMs(e.alice)), len(e.botDMs(e.bob)); a != alices || b != bobs+1 {
			t.Fatalf("%d new DMs to alice, %d to bob; want 0 and 1", a-alices, b-bobs)
		}
		return
	}
	t.Fatal("7g7f takes more than 4 taps")
}
