package bot

import (
	"bytes"
	"strconv"
	"strings"
	"testing"
	"time"

	"shinpan/bot/discordtest"
	"shinpan/bot/texts"
	"shinpan/referee/view"
)

// frozen stops the bot's clock at the env's creation: only e.offset moves it,
// so clocks read the same in every run.
func frozen(e *env) { frozenAt(time.Now().UTC().Truncate(time.Second))(e) }

// frozenAt is frozen at a given instant.
func frozenAt(base time.Time) func(*env) {
	return func(e *env) {
		e.opts = append(e.opts, WithClock(func() time.Time { return base.Add(time.Duration(e.offset.Load())) }))
	}
}

func (e *env) at(d time.Duration) { e.offset.Store(int64(d)) }

// TestByoyomiClock: both clocks under each board from the start, a move
// charged to its mover, the byoyomi period after the main time, and running
// out loses.
func TestByoyomiClock(t *testing.T) {
	t.Parallel()
	e := newEnv(t, frozen)
	id := e.startGame("standard", discordtest.IntegerOption("main_minutes", 1), discordtest.IntegerOption("byoyomi_seconds", 10))
	if c := e.lastDM(e.alice).Content; !strings.Contains(c, "⏳ ☗ 1:00 · ☖ 1:00 (then 10 s a move)") || !strings.Contains(c, "⏱ <t:") {
		t.Fatalf("alice's start DM: %q", c)
	}
	if !strings.Contains(e.card().Content, "1 min + 10 s byoyomi") {
		t.Fatalf("card: %q", e.card().Content)
	}
	if g := e.game(id); g.Options.AwaySeconds != 0 || !g.Deadline.Away.IsZero() {
		t.Fatalf("a clocked game keeps the away takeover: %+v", g.Deadline)
	}
	e.at(25 * time.Second)
	e.play("7g7f")
	if c := e.lastDM(e.bob).Content; !strings.Contains(c, "⏳ ☗ 0:35 · ☖ 1:00") {
		t.Fatalf("bob after alice's move: %q", c)
	}
	if st := e.slash(e.carol, "status", discordtest.IntegerOption("game", int64(id))); !strings.Contains(st, "⏳ ☗ 0:35 · ☖ 1:00") {
		t.Fatalf("status: %q", st)
	}
	g := e.game(id)
	if want := e.b.now().Add(70 * time.Second); !g.Deadline.Turn.Equal(want) || g.Clocks.MainMillis != [2]int64{35_000, 60_000} {
		t.Fatalf("after alice's move: deadline %v (want %v), clocks %v", g.Deadline.Turn, want, g.Clocks.MainMillis)
	}
	e.at(25*time.Second + 65*time.Second) // bob is 5 s into byoyomi
	e.dm(e.bob, "3c3d")
	if c := e.lastDM(e.alice).Content; !strings.Contains(c, "⏳ ☗ 0:35 · ☖ byoyomi") {
		t.Fatalf("alice after bob's move: %q", c)
	}
	e.play("2g2f")
	e.at(25*time.Second + 65*time.Second + 11*time.Second) // bob's 10 s are up
	e.waitUntil("the timeout", func() bool { return e.game(id).Result != nil })
	if r := e.game(id).Result; r.Reason != view.ReasonTimeout || r.Winner.String() != "black" {
		t.Fatalf("result %+v", r)
	}
}

// TestFischerSurvivesRestart: the increment is added after each move; both
// clocks and the running turn are in the stored game, so a restarted bot goes
// on with them.
func TestFischerSurvivesRestart(t *testing.T) {
	t.Parallel()
	e := newEnv(t, frozen)
	id := e.startGame("tsuitate", discordtest.StringOption("time", "5m+5s"))
	e.at(10 * time.Second)
	e.play("7g7f")
	if c := e.lastDM(e.bob).Content; !strings.Contains(c, "⏳ ☗ 4:55 · ☖ 5:00 (+5 s a move)") {
		t.Fatalf("bob: %q", c)
	}
	e.stop()
	e.at(10*time.Second + 4*time.Minute)
	e.start()
	e.dm(e.bob, "3c3d")
	if got := e.game(id).Clocks.MainMillis; got != [2]int64{295_000, 65_000} {
		t.Fatalf("after the restart: %v", got)
	}
	e.stop()
	e.at(10*time.Second + 4*time.Minute + 295*time.Second + time.Second) // alice's time ran out while the bot was down
	e.start()
	e.waitUntil("the timeout after the restart", func() bool { return e.game(id).Result != nil })
	if r := e.game(id).Result; r.Reason != view.ReasonTimeout || r.Winner.String() != "white" {
		t.Fatalf("result %+v", r)
	}
}

// TestCorrespondence: days per move, and no CPU in an away player's seat
// however long they take within them.
func TestCorrespondence(t *testing.T) {
	t.Parallel()
	e := newEnv(t, frozen)
	id := e.startGame("dark", discordtest.StringOption("time", "1d"), discordtest.BooleanOption("ranked", true))
	g := e.game(id)
	if g.Options.AwaySeconds != 0 || !g.Deadline.Away.IsZero() || !g.Deadline.Turn.Equal(e.b.now().Add(24*time.Hour)) || !g.Ranked {
		t.Fatalf("deadline %+v, options %+v", g.Deadline, g.Options)
	}
	if !strings.Contains(e.card().Content, "1 day(s) a move (correspondence)") {
		t.Fatalf("card: %q", e.card().Content)
	}
	e.at(23 * time.Hour)
	time.Sleep(1500 * time.Millisecond) // a timer tick or more
	if g := e.game(id); g.Away[0].CPU || g.Result != nil {
		t.Fatalf("after 23 hours: %+v, %+v", g.Away, g.Result)
	}
	e.play("7g7f")
	if !e.game(id).Deadline.Turn.Equal(e.b.now().Add(24 * time.Hour)) {
		t.Fatal("bob's day does not start with his turn")
	}
	e.at(47*time.Hour + time.Second)
	e.waitUntil("the timeout", func() bool { return e.game(id).Result != nil })
	if r := e.game(id).Result; r.Reason != view.ReasonTimeout || r.Winner.String() != "black" {
		t.Fatalf("result %+v", r)
	}
}

// TestTimeOptionsRefused: clock options that make no time control, or are
// out of range, are refused with the reason and post no challenge.
func TestTimeOptionsRefused(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	for _, c := range []struct {
		opts []discordtest.Option
		want string
	}{
		{[]discordtest.Option{discordtest.IntegerOption("main_minutes", 5), discordtest.IntegerOption("byoyomi_seconds", 30),
			discordtest.IntegerOption("increment_seconds", 5)}, `increment\_seconds cannot be combined with byoyomi\_seconds`},
		{[]discordtest.Option{discordtest.IntegerOption("increment_seconds", 5)}, `increment\_seconds needs main\_minutes too`},
		{[]discordtest.Option{discordtest.StringOption("time", "3d"), discordtest.IntegerOption("away_seconds", 600)}, `in correspondence the CPU never takes a seat`},
		{[]discordtest.Option{discordtest.IntegerOption("byoyomi_seconds", 5)}, `byoyomi\_seconds must be 0 (none) or from 10 to 3600, not 5.`},
		{[]discordtest.Option{discordtest.StringOption("time", "10m+30s"), discordtest.IntegerOption("turn_seconds", 30),
			discordtest.IntegerOption("main_minutes", 3)}, `turn\_seconds cannot be combined with time:10m+30s`},
	} {
		opts := append([]discordtest.Option{discordtest.StringOption("variant", "standard"), discordtest.UserOption("opponent", e.bob)}, c.opts...)
		if got := e.slash(e.alice, "challenge", opts...); !strings.Contains(got, c.want) {
			t.Errorf("got %q, want %q", got, c.want)
		}
	}
	if cs, _ := e.st.Challenges(); len(cs) != 0 {
		t.Fatalf("%d challenges stored", len(cs))
	}
}

// TestClocksTellNoFouls: in Tsuitate with fouls unannounced, the opponent's
// messages and boards — clocks included, and a board asked for between the
// foul and the move — are the same whether or not the mover fouled first
// (RULES.md §3: a foul's time is the mover's and shows only in when the move
// comes).
func TestClocksTellNoFouls(t *testing.T) {
	t.Parallel()
	base := time.Now().UTC().Truncate(time.Second)
	seen := func(foul bool) (dms []string, boards [][]byte, posts []string) {
		e := newEnv(t, frozenAt(base))
		names := e.idNames() // the stand-in's ids differ per run
		e.startGame("tsuitate", discordtest.BooleanOption("announce_fouls", false),
			discordtest.IntegerOption("main_minutes", 1), discordtest.IntegerOption("byoyomi_seconds", 10))
		e.at(5 * time.Second)
		e.play("7g7f")
		e.at(10 * time.Second)
		e.dm(e.bob, "8c8d")
		if foul {
			e.at(15 * time.Second)
			if r := e.dm(e.alice, "8h2b+"); !strings.Contains(r.Content, "Foul") {
				t.Fatalf("no foul: %q", r.Content)
			}
		}
		e.at(20 * time.Second)
		n := len(e.botDMs(e.bob))
		e.slash(e.bob, "board")
		e.waitUntil("bob's board", func() bool { return len(e.botDMs(e.bob)) > n })
		e.at(40 * time.Second)
		e.play("2g2f")
		e.settle()
		for _, m := range e.botDMs(e.bob) {
			dms = append(dms, names.Replace(m.Content))
			for _, a := range m.Attachments {
				boards = append(boards, a.Data)
			}
		}
		for _, m := range e.channelPosts() {
			posts = append(posts, names.Replace(m.Content))
		}
		card := e.card() // the channel's board, clocks in its panels
		posts = append(posts, strconv.Itoa(card.Edits))
		for _, a := range card.Attachments {
			boards = append(boards, a.Data)
		}
		return dms, boards, posts
	}
	d0, b0, p0 := seen(false)
	d1, b1, p1 := seen(true)
	if strings.Join(d0, "\n---\n") != strings.Join(d1, "\n---\n") || strings.Join(p0, "\n") != strings.Join(p1, "\n") {
		t.Fatalf("bob or the channel learns of the foul:\n%q\n%q\n%q\n%q", d0, d1, p0, p1)
	}
	if len(b0) != len(b1) || len(b0) < 3 {
		t.Fatalf("bob's boards: %d and %d", len(b0), len(b1))
	}
	for k := range b0 {
		if !bytes.Equal(b0[k], b1[k]) {
			t.Fatalf("bob's board %d depends on the foul", k)
		}
	}
	last := d1[len(d1)-1]
	if want := texts.ClockFace(25_000); !strings.Contains(last, "☗ "+want+" · ☖ 0:55") {
		t.Fatalf("alice's move is not charged its 20 s, foul included: %q", last)
	}
}

// TestMaskPhaseOffTheClocks: in Masked under byoyomi the masks are chosen
// within a minute and cost no main time; Black's clock starts when both are
// set; a player who does not choose loses on time.
func TestMaskPhaseOffTheClocks(t *testing.T) {
	t.Parallel()
	e := newEnv(t, frozen)
	id := e.startGame("masked", discordtest.StringOption("time", "10m+30s"))
	if dl := e.game(id).Deadline; !dl.Turn.Equal(e.b.now().Add(time.Minute)) {
		t.Fatalf("mask phase deadline %+v", dl)
	}
	e.at(20 * time.Second)
	e.dm(e.alice, "2h")
	e.at(50 * time.Second)
	e.dm(e.bob, "8b")
	e.settle()
	g := e.game(id)
	if g.Clocks.MainMillis != [2]int64{600_000, 600_000} || g.Deadline.Player != 0 || !g.Deadline.Turn.Equal(e.b.now().Add(10*time.Minute+30*time.Second)) {
		t.Fatalf("after the masks: %v %+v", g.Clocks.MainMillis, g.Deadline)
	}
	if !strings.Contains(e.lastDM(e.alice).Content, "⏳ ☗ 10:00 · ☖ 10:00") {
		t.Fatalf("alice: %q", e.lastDM(e.alice).Content)
	}

	f := newEnv(t, frozen)
	id = f.startGame("masked", discordtest.StringOption("time", "5m+5s"))
	f.at(20 * time.Second)
	f.dm(f.alice, "2h")
	f.at(59 * time.Second)
	f.dm(f.alice, "8h")    // a changed mask buys bob nothing
	f.at(61 * time.Second) // the minute from the start is up: bob has not chosen
	f.waitUntil("the timeout", func() bool { return f.game(id).Result != nil })
	if r := f.game(id).Result; r.Reason != view.ReasonTimeout || r.Winner.String() != "black" {
		t.Fatalf("result %+v", r)
	}
}
