package bot

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/discordtest"
	"shinpan/store"
)

// The bot within Discord's limits (issue 33), with the stand-in's limits on
// as everywhere: merged card edits in a busy channel, overload that queues
// instead of multiplying requests, a ban that stops sending.

// startIn starts a Tsuitate game between a (Black) and b in channel ch.
func (e *env) startIn(ch, a, b string) store.GameID {
	e.t.Helper()
	e.slashIn(a, ch, "challenge", discordtest.StringOption("variant", "tsuitate"),
		discordtest.UserOption("opponent", b), discordtest.StringOption("color", "black"))
	var card discordtest.Message
	for _, m := range e.srv.BotMessages(ch) {
		if strings.Contains(string(m.Components), "accept:") {
			card = m
		}
	}
	if card.ID == "" {
		e.t.Fatalf("no challenge card in %s", ch)
	}
	e.click(b, card, "accept:")
	var id store.GameID
	e.waitUntil("the game started", func() bool {
		gs, err := e.st.ActiveGamesOf(a)
		if err == nil && len(gs) > 0 {
			id = gs[len(gs)-1].ID
		}
		return id != 0
	})
	return id
}

// cardOf is a game's card as it stands now.
func (e *env) cardOf(id store.GameID) discordtest.Message {
	e.t.Helper()
	ref, err := e.st.GetMessageRef(id, "card")
	if err != nil {
		e.t.Fatalf("game %d's card: %v", id, err)
	}
	m, ok := e.srv.Message(ref.MessageID)
	if !ok {
		e.t.Fatalf("game %d's card %s is gone", id, ref.MessageID)
	}
	return m
}

// limitedEnv is an env whose stand-in has Discord's limits with the global
// one lowered to global requests a second (the bot's budget the same), so
// that a few games overload it.
func limitedEnv(t *testing.T, global int) *env {
	t.Helper()
	return newEnvWith(t, func(o *discordtest.Options) {
		l := discordtest.DiscordRateLimits()
		l.Global = global
		o.RateLimits = &l
	}, func(e *env) { e.cfg.GlobalRate = global })
}

// checkSentOnce fails the test for a 429 of scope user or global (other
// than an injected fault's), a post
// sent twice (its nonce again) and an edit sent twice (the same body to the
// same message twice in a row); it returns the requests by route.
func checkSentOnce(t *testing.T, e *env) map[string]int {
	t.Helper()
	routes := map[string]int{}
	nonces := map[string]bool{}
	lastEdit := map[string]string{}
	for _, r := range e.srv.Requests() {
		routes[fmt.Sprintf("%s %d", r.Route, r.Status)]++
		switch {
		case r.Status == http.StatusTooManyRequests && r.Fault == "" && r.Scope != "shared":
			t.Errorf("answered 429 of scope %s: %s %s", r.Scope, r.Method, r.Path)
		case r.Deduplicated:
			t.Errorf("a post sent twice (its nonce again): %s", r.Body)
		case r.Route == "POST /channels/{channel_id}/messages" && r.Status == http.StatusOK:
			var n struct {
				Nonce string `json:"nonce"`
			}
			_ = discordgo.Unmarshal(r.Body, &n)
			if n.Nonce != "" && nonces[n.Nonce] {
				t.Errorf("nonce %s posted twice", n.Nonce)
			}
			nonces[n.Nonce] = true
		case r.Route == "PATCH /channels/{channel_id}/messages/{message_id}" && r.Status == http.StatusOK:
			body := string(r.Body)
			if lastEdit[r.MessageID] == body {
				t.Errorf("message %s edited twice with the same body", r.MessageID)
			}
			lastEdit[r.MessageID] = body
		}
	}
	return routes
}

// TestBusyChannelWithinItsBucket: four games in one channel moving at
// once, with a fifth game in a channel of its own: the busy channel's card
// edits stay within its bucket (5 per 5 s) by merging, every card ends
// showing its last move, and the quiet channel's card and the players' DMs
// do not queue behind the busy channel's edits.
func TestBusyChannelWithinItsBucket(t *testing.T) {
	t.Parallel()
	e := newEnvWith(t, discordWindows)
	quiet := e.srv.AddChannel(discordtest.Channel{Name: "quiet", Type: discordgo.ChannelTypeGuildText})
	var players []string
	for i := range 10 {
		players = append(players, e.srv.AddUser(discordtest.User{Username: fmt.Sprintf("p%d", i)}).ID)
	}
	var busy [4]store.GameID
	for k := range busy {
		busy[k] = e.startIn(e.ch, players[2*k], players[2*k+1])
	}
	calm := e.startIn(quiet.ID, players[8], players[9])
	e.settle()
	moves := []string{"7g7f", "3c3d", "2g2f", "8c8d", "2f2e", "8d8e"}
	for ply, m := range moves {
		for k, id := range busy {
			if _, err := e.srv.SendDM(players[2*k+ply%2], m); err != nil {
				t.Fatal(err)
			}
			e.waitUntil(fmt.Sprintf("game %d ply %d", id, ply+1), func() bool { return e.game(id).LastSeq == uint64(ply+1) })
		}
	}
	// The busy channel's edits are merging now; the quiet game moves.
	if _, err := e.srv.SendDM(players[8], "7g7f"); err != nil {
		t.Fatal(err)
	}
	e.settle()
	routes := checkSentOnce(t, e)

	for _, id := range busy {
		if c := e.cardOf(id).Content; !strings.Contains(c, fmt.Sprintf("After move %d ·", len(moves))) {
			t.Errorf("game %d's card after %d moves: %q", id, len(moves), c)
		}
	}
	if c := e.cardOf(calm).Content; !strings.Contains(c, "After move 1 ·") {
		t.Errorf("the quiet game's card after its move: %q", c)
	}
	// The busy channel's edits: within its bucket (checkSentOnce: the
	// stand-in refused none), fewer than the moves (merged); the quiet card's edit and its
	// opponent's DM arrived before the busy channel's last edit.
	var busyEdits []time.Time
	var quietEdit, quietDM time.Time
	calmDM := e.dmChannel(players[9])
	for _, r := range e.srv.Requests() {
		if r.Status != http.StatusOK {
			continue
		}
		switch {
		case r.Route == "PATCH /channels/{channel_id}/messages/{message_id}" && strings.HasPrefix(r.APIPath(), "/channels/"+e.ch+"/"):
			busyEdits = append(busyEdits, r.Time)
		case r.Route == "PATCH /channels/{channel_id}/messages/{message_id}" && strings.HasPrefix(r.APIPath(), "/channels/"+quiet.ID+"/"):
			quietEdit = r.Time
		case r.Route == "POST /channels/{channel_id}/messages" && strings.HasPrefix(r.APIPath(), "/channels/"+calmDM+"/"):
			quietDM = r.Time
		}
	}
	if n := len(busyEdits); n >= len(moves)*len(busy) || n < len(busy) {
		t.Errorf("%d edits in the busy channel for %d moves of %d games: want them merged, each card edited", n, len(moves)*len(busy), len(busy))
	}
	if lastBusy := busyEdits[len(busyEdits)-1]; !quietEdit.Before(lastBusy) || !quietDM.Before(lastBusy) {
		t.Errorf("the quiet game's card edit (%v) or DM (%v) came after the busy channel's last edit (%v)",
			quietEdit.Format(time.StampMilli), quietDM.Format(time.StampMilli), lastBusy.Format(time.StampMilli))
	}
	t.Logf("busy channel: %d edits for %d moves; requests %v", len(busyEdits), len(moves)*len(busy), routes)
}

// TestOverloadQueuesWithoutRepeats: moves come faster than a global budget
// of 8 requests a second carries for more than 10 s; the stand-in answers
// no 429 of scope user or global, sees no post or edit twice, and every
// move is told to both players.
func TestOverloadQueuesWithoutRepeats(t *testing.T) {
	t.Parallel()
	e := limitedEnv(t, 8)
	var players []string
	for i := range 8 {
		players = append(players, e.srv.AddUser(discordtest.User{Username: fmt.Sprintf("p%d", i)}).ID)
	}
	var games [4]store.GameID
	for k := range games {
		games[k] = e.startIn(e.ch, players[2*k], players[2*k+1])
	}
	e.settle()
	n0 := len(e.srv.Requests())
	start := time.Now()
	moves := []string{"7g7f", "3c3d", "2g2f", "8c8d", "2f2e", "8d8e", "6i7h", "4a3b", "3i4h", "7a7b"}
	for ply, m := range moves {
		for k, id := range games {
			if _, err := e.srv.SendDM(players[2*k+ply%2], m); err != nil {
				t.Fatal(err)
			}
			e.waitUntil(fmt.Sprintf("game %d ply %d", id, ply+1), func() bool { return e.game(id).LastSeq == uint64(ply+1) })
		}
	}
	accepted := time.Since(start)
	for deadline := time.Now().Add(2 * time.Minute); ; time.Sleep(50 * time.Millisecond) {
		if pending, err := e.st.PendingOutbox(); err == nil && len(pending) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the outbox still holds messages after 2 minutes")
		}
	}
	e.settle()
	for k := range games { // the last move (White's) told to Black
		if n := e.countDMs(players[2*k], fmt.Sprintf("moved (move %d)", len(moves))); n != 1 {
			t.Errorf("game %d: the last move told %d times, want 1", games[k], n)
		}
	}
	took := time.Since(start)
	routes := checkSentOnce(t, e)
	if took < 10*time.Second {
		t.Logf("the backlog lasted %v only (wanted over 10 s of overload)", took)
	}
	t.Logf("%d moves accepted in %v, all sent in %v: %d requests %v", len(moves)*len(games), accepted.Round(time.Millisecond),
		took.Round(time.Millisecond), len(e.srv.Requests())-n0, routes)
}

// TestBanStopsSending: a 429 whose Retry-After is an hour (a ban) stops
// every request and raises an alert; nothing is retried while it lasts, the
// message waits in the outbox, and once an operator lifts it the message is
// sent once.
func TestBanStopsSending(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("tsuitate")
	e.settle()
	e.srv.Faults().Inject(discordtest.Fault{Method: http.MethodPost, Path: "/channels/" + e.dmChannel(e.bob) + "/messages",
		Status: http.StatusTooManyRequests, RetryAfter: time.Hour})
	if _, err := e.srv.SendDM(e.alice, "7g7f"); err != nil {
		t.Fatal(err)
	}
	e.waitUntil("the ban noticed", func() bool { return e.b.gate.Alerts()["ban"] == 1 })
	// A request that passed the gate before the ban may still be on its way
	// (alice's answer, sent beside bob's news): counted from when none is.
	n := -1
	e.waitUntil("the requests in flight arrived", func() bool {
		m := len(e.srv.Requests())
		if m != n {
			n = m
			time.Sleep(300 * time.Millisecond)
			return false
		}
		return true
	})
	time.Sleep(1500 * time.Millisecond) // longer than the outbox's look again (bannedPoll)
	if rs := e.srv.Requests(); len(rs) > n {
		var sent []string
		for _, r := range rs[n:] {
			sent = append(sent, r.Method+" "+r.Path)
		}
		t.Fatalf("%d requests sent during the ban: %v", len(rs)-n, sent)
	}
	if pending, _ := e.st.PendingOutbox(); len(pending) == 0 {
		t.Fatal("the outbox lost the messages refused by the ban")
	}
	if _, banned := e.b.gate.Banned(); !banned {
		t.Fatal("the gate does not report the ban")
	}
	e.b.gate.Resume()
	e.settle()
	if got := e.countDMs(e.bob, "moved (move 1)"); got != 1 {
		t.Fatalf("bob told of the move %d times after the ban, want 1", got)
	}
	if g := e.game(id); g.LastSeq != 1 {
		t.Fatalf("game at seq %d", g.LastSeq)
	}
	checkSentOnce(t, e)
}
