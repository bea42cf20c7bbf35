package bot

import (
	"strings"
	"testing"

	"shinpan/bot/discordtest"
	"shinpan/bot/tap"
	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// tapMessage is the newest DM to user with tap menus.
func (e *env) tapMessage(user string) discordtest.Message {
	e.t.Helper()
	ms := e.botDMs(user)
	for i := len(ms) - 1; i >= 0; i-- {
		if strings.Contains(string(ms[i].Components), `"tap:`) {
			return ms[i]
		}
	}
	e.t.Fatalf("no tap menus in %s's DMs", user)
	return discordtest.Message{}
}

// tapChoice taps c on message m and returns the message as the answer left it.
func (e *env) tapChoice(user string, m discordtest.Message, c tap.Choice) discordtest.Message {
	e.t.Helper()
	var iid string
	var err error
	if c.Value == "" {
		iid, err = e.srv.ClickButton(user, m.ChannelID, m.ID, c.CustomID)
	} else {
		iid, err = e.srv.SelectMenu(user, m.ChannelID, m.ID, c.CustomID, c.Value)
	}
	if err != nil {
		e.t.Fatal(err)
	}
	e.answer(iid)
	in, _ := e.srv.Interaction(iid)
	if in.Callback == nil || in.Callback.Type != 7 {
		e.t.Fatalf("tap %s answered %+v", c.Step, in.Callback)
	}
	after, ok := e.srv.Message(m.ID)
	if !ok {
		e.t.Fatal("the tapped message is gone")
	}
	return after
}

// tapMove plays usi by taps from user's newest tap menus; it returns the
// message as the last tap left it and the number of taps.
func (e *env) tapMove(user, usi string) (discordtest.Message, int) {
	e.t.Helper()
	mv, err := shogi.ParseUSI(usi)
	if err != nil {
		e.t.Fatal(err)
	}
	m := e.tapMessage(user)
	for taps := 1; taps <= 4; taps++ {
		cs, err := tap.Choices(m.Components)
		if err != nil {
			e.t.Fatal(err)
		}
		c, ok := tap.Toward(cs, mv)
		if !ok {
			e.t.Fatalf("%s: no choice leads there on %q: %+v", usi, m.Content, cs)
		}
		m = e.tapChoice(user, m, c)
		if c.Step == "m:"+usi {
			return m, taps
		}
	}
	e.t.Fatalf("%s takes more than 4 taps", usi)
	return m, 0
}

// tapMask chooses the mask by tap.
func (e *env) tapMask(user, square string) discordtest.Message {
	e.t.Helper()
	m, c := e.maskChoice(user, square)
	return e.tapChoice(user, m, c)
}

// maskChoice is user's tap message and its menu choice toward a mask on
// square.
func (e *env) maskChoice(user, square string) (discordtest.Message, tap.Choice) {
	e.t.Helper()
	s, _ := shogi.ParseSquare(square)
	m := e.tapMessage(user)
	cs, _ := tap.Choices(m.Components)
	c, ok := tap.TowardMask(cs, s)
	if !ok {
		e.t.Fatalf("no mask choice %s: %+v", square, cs)
	}
	return m, c
}

// TestTapMasked plays a Masked game to its end by taps only: both masks
// from the menu, moves by piece and square, a promotion asked; the mover's
// update replaces the tapped message instead of coming as a new DM. The
// interactions come to the HTTP endpoint (TestTapDark's by the gateway).
func TestTapMasked(t *testing.T) {
	t.Parallel()
	e := newEnv(t, overHTTP)
	id := e.startGame("masked")
	e.tapMask(e.alice, "2h")
	e.tapMask(e.bob, "2c")
	if g := e.game(id); g.LastSeq != 2 {
		t.Fatalf("masks: seq %d", g.LastSeq)
	}
	e.settle()
	from := len(e.srv.Requests())
	for i, usi := range []string{"2g2f", "9c9d", "2f2e", "9d9e", "2e2d", "9e9f", "2d2c+"} {
		u := e.alice
		if i%2 == 1 {
			u = e.bob
		}
		before := len(e.botDMs(u))
		m, taps := e.tapMove(u, usi)
		if !strings.Contains(m.Content, "You played") || strings.Contains(string(m.Components), `"tap:`) {
			t.Fatalf("%s: the answer %q %s", usi, m.Content, m.Components)
		}
		if n := len(e.botDMs(u)); n != before {
			t.Fatalf("%s: %d new DMs to the mover", usi, n-before)
		}
		want := 2
		if usi == "2d2c+" {
			want = 3 // the promotion is asked
		}
		if taps != want {
			t.Errorf("%s: %d taps, want %d", usi, taps, want)
		}
	}
	e.settle()
	global := 0 // requests of the global budget: not interaction callbacks or webhooks
	for _, q := range e.srv.Requests()[from:] {
		if !strings.Contains(q.Route, "/interactions/") && !strings.Contains(q.Route, "/webhooks/") {
			global++
		}
	}
	// Each move: the opponent's DM and the game card's edit (its last one the
	// result post, the revealed board and the reveal's details).
	t.Logf("%d global-budget requests for 7 tap moves", global)
	if global > 2*7+4 {
		t.Errorf("%d global-budget requests for 7 tap moves", global)
	}
	g := e.game(id)
	if g.Result == nil || g.Result.Reason != view.ReasonMaskCaptured || g.Result.Winner == nil || *g.Result.Winner != shogi.Black {
		t.Fatalf("result %+v", g.Result)
	}
}

// TestTapDark plays a Dark game to its end by taps: the king is taken. A
// pick on a board whose move was typed meanwhile says it is out of date and
// plays nothing; so does one after the end, and it leaves no menus.
func TestTapDark(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("dark")
	e.tapMove(e.alice, "7g7f")
	old := e.tapMessage(e.bob)
	e.dm(e.bob, "3c3d") // typed: the menus of move 2 are out of date
	cs, _ := tap.Choices(old.Components)
	c, ok := tap.Toward(cs, shogi.NewMove(shogi.Sq(9, 3), shogi.Sq(9, 4), false))
	if !ok {
		t.Fatalf("no 9c9d on %+v", cs)
	}
	stale := e.tapChoice(e.bob, old, c)
	if !strings.Contains(stale.Content, "out of date") || e.game(id).LastSeq != 2 {
		t.Fatalf("stale pick: %q, seq %d", stale.Content, e.game(id).LastSeq)
	}
	e.tapMove(e.alice, "8h3c+")
	e.tapMove(e.bob, "5a4b")
	turn := e.tapMessage(e.alice)
	e.slash(e.alice, "board") // her board again, with menus: the turn's DM keeps its own
	if m, _ := e.tapMove(e.alice, "3c4b"); strings.Contains(string(m.Components), `"tap:`) {
		t.Fatalf("menus after the end: %s", m.Components)
	}
	g := e.game(id)
	if g.Result == nil || g.Result.Reason != view.ReasonKingCaptured {
		t.Fatalf("result %+v", g.Result)
	}
	cs, _ = tap.Choices(turn.Components)
	if len(cs) == 0 {
		t.Fatal("no choices on the turn's DM")
	}
	after := e.tapChoice(e.alice, turn, cs[0])
	if !strings.Contains(after.Content, "out of date") || strings.Contains(string(after.Components), `"tap:`) {
		t.Fatalf("a finished game's pick: %q %s", after.Content, after.Components)
	}
}

// TestTapInputTyping: /shogi settings input:typing hides the menus under
// the player's boards, input:menus brings them back; the Move button stays.
func TestTapInputTyping(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.startGame("tsuitate")
	if out := e.slash(e.bob, "settings", discordtest.StringOption("input", "typing")); !strings.Contains(out, "typing only") {
		t.Fatalf("settings: %q", out)
	}
	e.play("7g7f")
	if c := string(e.lastDM(e.bob).Components); strings.Contains(c, `"tap:`) || !strings.Contains(c, "move:") {
		t.Fatalf("typing: %s", c)
	}
	e.slash(e.bob, "settings", discordtest.StringOption("input", "menus"))
	e.slash(e.bob, "board")
	if c := string(e.lastDM(e.bob).Components); !strings.Contains(c, `"tap:`) {
		t.Fatalf("menus: %s", c)
	}
}

// TestTapFoulAndDoublePick: in Tsuitate a picked move the hidden position
// forbids is offered and becomes a foul, answered in place with the board
// and the menus again; two quick picks of the same move play it once.
func TestTapFoulAndDoublePick(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("tsuitate")
	e.tapMove(e.alice, "7g7f")
	e.tapMove(e.bob, "3c3d")
	dms := len(e.botDMs(e.alice))
	m, taps := e.tapMove(e.alice, "8h1a+") // through White's bishop on 2b: a foul
	if taps != 3 || !strings.Contains(m.Content, "Foul") || !strings.Contains(string(m.Components), `"tap:`+itoa(uint64(id))+`:3:`) ||
		len(m.Attachments) != 1 || len(e.botDMs(e.alice)) != dms {
		t.Fatalf("the foul's answer: %d taps, %q, %d files, %s", taps, m.Content, len(m.Attachments), m.Components)
	}
	if g := e.game(id); g.LastSeq != 3 {
		t.Fatalf("after the foul: seq %d", g.LastSeq)
	}
	// The same foul picked again: not played (it could only be a foul again).
	if m, _ = e.tapMove(e.alice, "8h1a+"); !strings.Contains(m.Content, "tried that move already") || e.game(id).LastSeq != 3 {
		t.Fatalf("the foul again: %q, seq %d", m.Content, e.game(id).LastSeq)
	}
	// Two quick picks of 2g2f's square: the second finds the board moved on.
	cs, _ := tap.Choices(m.Components)
	c, _ := tap.Toward(cs, shogi.NewMove(shogi.Sq(2, 7), shogi.Sq(2, 6), false))
	m = e.tapChoice(e.alice, m, c)
	cs, _ = tap.Choices(m.Components)
	c, ok := tap.Toward(cs, shogi.NewMove(shogi.Sq(2, 7), shogi.Sq(2, 6), false))
	if !ok || c.Step != "m:2g2f" {
		t.Fatalf("no 2f on %+v", cs)
	}
	var ids []string
	for range 2 {
		if iid, err := e.srv.SelectMenu(e.alice, m.ChannelID, m.ID, c.CustomID, c.Value); err == nil {
			ids = append(ids, iid)
		}
	}
	for _, iid := range ids {
		e.answer(iid)
	}
	if g := e.game(id); g.LastSeq != 4 || len(ids) == 0 {
		t.Fatalf("two picks: seq %d (%d delivered)", g.LastSeq, len(ids))
	}
	// A pick that reaches the game after it moved on (a race past the
	// handler's check, or another process): decide refuses its old number.
	reply, done := e.b.act(id, e.bob, referee.Action{Kind: referee.ActMove, Player: shogi.White, Text: "9c9d", At: 2}, "stale-key")
	if done || !strings.Contains(reply, "out of date") || e.game(id).LastSeq != 4 {
		t.Fatalf("an old number: %q %v, seq %d", reply, done, e.game(id).LastSeq)
	}
	if _, done := e.b.act(id, e.bob, referee.Action{Kind: referee.ActMove, Player: shogi.White, Text: "9c9d", At: 4}, "fresh-key"); !done {
		t.Fatal("the current number refused")
	}
}
