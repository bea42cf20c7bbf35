package bot

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"shinpan/bot/discordtest"
	"shinpan/bot/tap"
	"shinpan/bot/texts"
	"shinpan/bot/texts/uitexts"
	"shinpan/referee/shogi"
	"shinpan/store"
	"shinpan/tournament"
)

// A tap that the hidden position forbids is a foul, told in the tapped
// message as a typed one is, with the menus still there (still her turn);
// the opponent hears the foul. Two quick picks of one move play it once.
func TestTrialTapTsuitateFoul(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("tsuitate")
	e.tapMove(e.alice, "7g7f")
	e.tapMove(e.bob, "4a3b")
	seq := e.game(id).LastSeq
	m, _ := e.tapMove(e.alice, "8h2b+") // through White's hidden pawn on 3c
	if !strings.Contains(m.Content, "Foul") || !strings.Contains(string(m.Components), `"tap:`) {
		t.Fatalf("a foul by tap: %q %s", m.Content, m.Components)
	}
	if g := e.game(id); g.LastSeq != seq+1 {
		t.Fatalf("after the foul: seq %d (was %d)", g.LastSeq, seq)
	}
	if b := e.lastDM(e.bob).Content; !strings.Contains(b, "foul (1/10)") {
		t.Errorf("bob was told %q", b)
	}
	// Two picks of 2g2f at once, on the same screen.
	mv, _ := shogi.ParseUSI("2g2f")
	cs, _ := tap.Choices(m.Components)
	c, ok := tap.Toward(cs, mv)
	if !ok {
		t.Fatalf("no 2g2f: %+v", cs)
	}
	m = e.tapChoice(e.alice, m, c) // the pawn's squares
	cs, _ = tap.Choices(m.Components)
	if c, ok = tap.Toward(cs, mv); !ok || c.Step != "m:2g2f" {
		t.Fatalf("no m:2g2f: %+v", cs)
	}
	var ids []string
	for range 2 {
		iid, err := e.srv.SelectMenu(e.alice, m.ChannelID, m.ID, c.CustomID, c.Value)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, iid)
	}
	for _, iid := range ids {
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		if _, err := e.srv.WaitInteraction(ctx, iid, discordtest.Answered); err != nil {
			t.Fatal(err)
		}
		cancel()
	}
	e.settle()
	if g := e.game(id); g.LastSeq != seq+2 {
		t.Fatalf("two picks: seq %d, want %d (one move after the foul)", g.LastSeq, seq+2)
	}
}

// The answers of /shogi tournament in Japanese name the result in
// Japanese; kicking someone who is not in the tournament says so.
func TestTrialTournamentAnswers(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.slash(e.alice, "settings", discordtest.StringOption("language", "ja"))
	e.tnCmd(e.alice, "create", discordtest.StringOption("variant", "standard"), discordtest.StringOption("format", "swiss"),
		discordtest.IntegerOption("rounds", 1))
	e.tnCmd(e.alice, "join")
	e.tnCmd(e.bob, "join")
	e.tnCmd(e.alice, "start")
	if got, want := e.tnCmd(e.alice, "kick", discordtest.UserOption("user", e.carol)), "<@"+e.carol+"> は 大会 #1 に参加していません。"; got != want {
		t.Errorf("kick carol, who is not in it: %q, want %q", got, want)
	}
	got := e.tnCmd(e.alice, "result", discordtest.IntegerOption("round", 1), discordtest.IntegerOption("board", 1),
		discordtest.StringOption("result", "black"))
	if want := "第1回戦 1番：1–0。"; got != want {
		t.Errorf("the result in Japanese: %q, want %q", got, want)
	}
}

// tnFaulty is a faultyStore whose tournament writes fail too.
type tnFaulty struct{ faultyStore }

func (f *tnFaulty) wrap(st store.Store) store.Store { f.Store = st; return f }

func (f *tnFaulty) SaveTournament(t store.Tournament, games []store.NewGame, out []store.OutMsg) (store.Tournament, []store.Game, error) {
	if err := f.check(); err != nil {
		return store.Tournament{}, nil, err
	}
	return f.Store.SaveTournament(t, games, out)
}

func (f *tnFaulty) CreateTournament(t store.Tournament, out []store.OutMsg) (store.Tournament, error) {
	if err := f.check(); err != nil {
		return store.Tournament{}, err
	}
	return f.Store.CreateTournament(t, out)
}

// With the store refusing writes, a tap pick and the tournament commands
// answer StoreDown and change nothing; once it takes writes again the same
// menus play.
func TestTrialStoreDown(t *testing.T) {
	t.Parallel()
	fs := &tnFaulty{}
	e := newEnv(t, func(e *env) { e.wrapStore = fs.wrap })
	down := uitexts.UI(texts.EN, uitexts.StoreDown)
	opts := []discordtest.Option{discordtest.StringOption("variant", "standard"), discordtest.StringOption("format", "swiss"),
		discordtest.IntegerOption("rounds", 1)}
	fs.full.Store(true)
	if got := e.tnCmd(e.alice, "create", opts...); got != down {
		t.Errorf("create with the store down: %q", got)
	}
	fs.full.Store(false)
	e.tnCmd(e.alice, "create", opts...)
	fs.full.Store(true)
	if got := e.tnCmd(e.bob, "join"); got != down {
		t.Errorf("join with the store down: %q", got)
	}
	fs.full.Store(false)
	if n := len(e.tournament(1).State.Players); n != 0 {
		t.Errorf("%d players after a join the store refused", n)
	}

	id := e.startGame("tsuitate")
	m := e.tapMessage(e.alice)
	mv, _ := shogi.ParseUSI("7g7f")
	cs, _ := tap.Choices(m.Components)
	c, _ := tap.Toward(cs, mv)
	m = e.tapChoice(e.alice, m, c)
	cs, _ = tap.Choices(m.Components)
	c, _ = tap.Toward(cs, mv)
	fs.full.Store(true)
	iid, err := e.srv.SelectMenu(e.alice, m.ChannelID, m.ID, c.CustomID, c.Value)
	if err != nil {
		t.Fatal(err)
	}
	if got := e.answer(iid); !strings.Contains(got, down) {
		t.Errorf("a tap with the store down: %q", got)
	}
	fs.full.Store(false)
	if g := e.game(id); g.LastSeq != 0 {
		t.Fatalf("seq %d after a refused tap", g.LastSeq)
	}
	m, _ = e.srv.Message(m.ID)
	if after := e.tapChoice(e.alice, m, c); !strings.Contains(after.Content, "You played") {
		t.Fatalf("the same pick once the store is back: %q", after.Content)
	}
}

// king_visible: Dark ignores it (its card does not list it); in Tsuitate the
// channel's board shows both kings, and a slide through one's own pawn is
// refused as an own-board mistake, not a foul.
func TestTrialKingVisible(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	card := e.challenge("dark", discordtest.BooleanOption("king_visible", true))
	if strings.Contains(card.Content, "king") {
		t.Errorf("a Dark card names king_visible: %q", card.Content)
	}
	e.slash(e.alice, "cancel")
	id := e.startGame("tsuitate", discordtest.BooleanOption("king_visible", true))
	if alt := e.lastPost().Attachments[0].Description; !strings.Contains(alt, "White's king seen on 5a") || !strings.Contains(alt, "Black's king seen on 5i") {
		t.Errorf("the channel's board: %q", alt)
	}
	e.play("5g5f", "5a4b")
	if r := e.dm(e.alice, "2h2c"); !strings.Contains(r.Content, "the path is blocked") {
		t.Errorf("2h2c: %q", r.Content)
	}
	if g := e.game(id); g.LastSeq != 2 {
		t.Errorf("seq %d after an own-board refusal, want 2", g.LastSeq)
	}
}

// /shogi settings names every value in the reader's language.
func TestTrialSettingsJapanese(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	got := e.slash(e.alice, "settings", discordtest.StringOption("language", "ja"), discordtest.StringOption("notation", "japanese"),
		discordtest.StringOption("orientation", "flip"), discordtest.StringOption("board", "contrast"), discordtest.StringOption("pieces", "international"))
	if want := "保存しました。表記：日本式（７六歩）・言語：日本語・盤の向き：反転・盤：ハイコントラスト・駒：国際式（アルファベットと動き）。"; !strings.HasPrefix(got, want) {
		t.Errorf("\n got %q\nwant %q", got, want)
	}
}

// A round robin of three: round 1 ends by resignation, round 2's game is
// aborted (no result: a loss for both), round 3's is adjudicated a draw by
// a moderator while it goes on. The standings count exactly that.
func TestTrialRoundRobin(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	if got := e.tnCmd(e.alice, "create", discordtest.StringOption("variant", "standard"), discordtest.StringOption("format", "roundrobin")); !strings.Contains(got, "Sign-up open") {
		t.Fatalf("create: %q", got)
	}
	for _, u := range []string{e.alice, e.bob, e.carol} {
		e.tnCmd(u, "join")
	}
	e.tnCmd(e.alice, "start")
	points := map[string]float64{}
	for round := 1; round <= 3; round++ {
		var p tournament.Pairing
		e.waitUntil(fmt.Sprintf("round %d's game", round), func() bool {
			tn := e.tournament(1)
			for _, q := range tn.State.RoundPairings(round) {
				if !q.IsBye() && q.Game != 0 {
					p = q
					return true
				}
			}
			return false
		})
		switch round {
		case 1:
			e.slash(p.White, "resign", discordtest.IntegerOption("game", int64(p.Game)))
			points[p.Black]++
		case 2:
			if got := e.slash(p.Black, "abort", discordtest.IntegerOption("game", int64(p.Game))); got == "" {
				t.Fatal("abort: no answer")
			}
		case 3:
			got := e.tnCmd(e.alice, "result", discordtest.IntegerOption("round", 3), discordtest.IntegerOption("board", int64(p.Board)),
				discordtest.StringOption("result", "draw"))
			if want := "Round 3, board " + fmt.Sprint(p.Board) + ": ½–½."; got != want {
				t.Errorf("adjudicate: %q, want %q", got, want)
			}
			points[p.Black] += 0.5
			points[p.White] += 0.5
			e.waitUntil("the game ended", func() bool { return !e.game(store.GameID(p.Game)).Status.Live() })
		}
	}
	var final store.Tournament
	e.waitUntil("the end", func() bool { final = e.tournament(1); return final.Over() })
	for _, s := range final.State.Standings() {
		if s.Points != points[s.Player] {
			t.Errorf("%s: %v points, want %v (%+v)", s.Player, s.Points, points[s.Player], s)
		}
	}
	e.settle()
	t.Logf("standings: %s", e.tnCmd(e.bob, "standings"))
	final2 := 0
	for _, m := range e.channelPosts() {
		if strings.Contains(m.Content, "Final standings") {
			final2++
		}
	}
	if final2 != 1 {
		t.Errorf("%d posts of the final standings", final2)
	}
}

// Across a restart: the tap menus sent before it still play, and a
// king_visible game still shows the king; a paused tournament stays paused.
func TestTrialRestart(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.tnCmd(e.alice, "create", discordtest.StringOption("variant", "standard"), discordtest.StringOption("format", "swiss"),
		discordtest.IntegerOption("rounds", 2))
	e.tnCmd(e.carol, "join")
	e.tnCmd(e.alice, "join")
	e.tnCmd(e.alice, "start")
	if got := e.tnCmd(e.alice, "pause"); !strings.Contains(got, "paused") {
		t.Fatalf("pause: %q", got)
	}
	id := e.startGame("tsuitate", discordtest.BooleanOption("king_visible", true))
	e.stop()
	e.start()
	m, _ := e.tapMove(e.alice, "7g7f")
	if !strings.Contains(m.Content, "You played") {
		t.Fatalf("a tap on a menu from before the restart: %q", m.Content)
	}
	if g := e.game(id); g.LastSeq != 1 {
		t.Fatalf("seq %d", g.LastSeq)
	}
	if alt := e.lastDM(e.bob).Attachments[0].Description; !strings.Contains(alt, "Black's king seen on 5i") {
		t.Errorf("bob's board after the restart: %q", alt)
	}
	tn := e.tournament(1)
	if tn.State.Status != tournament.StatusPaused {
		t.Errorf("the tournament after the restart: %s", tn.State.Status)
	}
	if got := e.tnCmd(e.alice, "resume"); !strings.Contains(got, "goes on") {
		t.Errorf("resume: %q", got)
	}
}

// start_in: at the start time a tournament of one is cancelled (said in the
// channel), one of two starts by itself.
func TestTrialStartIn(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	opts := []discordtest.Option{discordtest.StringOption("variant", "standard"), discordtest.StringOption("format", "swiss"),
		discordtest.IntegerOption("rounds", 1), discordtest.IntegerOption("start_in", 1)}
	e.tnCmd(e.alice, "create", opts...)
	e.tnCmd(e.alice, "join")
	e.tnCmd(e.alice, "create", opts...)
	e.tnCmd(e.alice, "join")
	e.tnCmd(e.bob, "join")
	e.offset.Store(int64(2 * time.Minute))
	e.waitUntil("both decided", func() bool {
		t1 := e.tournament(1)
		return t1.Over() && e.tournament(2).State.Status != tournament.StatusSignup
	})
	if s := e.tournament(1).State.Status; s != tournament.StatusCancelled {
		t.Errorf("the tournament of one: %s", s)
	}
	if s := e.tournament(2).State.Status; s != tournament.StatusRunning {
		t.Errorf("the tournament of two: %s", s)
	}
	e.settle()
	found := false
	for _, m := range e.channelPosts() {
		if strings.Contains(m.Content, "Tournament #1") && strings.Contains(strings.ToLower(m.Content), "cancelled") {
			found = true
			t.Logf("%q", m.Content)
		}
	}
	if !found {
		t.Error("no post says tournament #1 was cancelled")
	}
}

// Dark: a drop by tap onto a fogged square that is occupied bounces, told in
// place, with the menus still there; Back returns to the pieces.
func TestTrialTapDarkBounce(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("dark")
	e.play("7g7f", "3c3d", "8h2b+", "3a2b")
	seq := e.game(id).LastSeq
	m, _ := e.tapMove(e.alice, "B*4a") // White's gold, in the fog
	if !strings.Contains(m.Content, "occupied") || !strings.Contains(string(m.Components), `"tap:`) {
		t.Fatalf("a bounce by tap: %q %s", m.Content, m.Components)
	}
	if g := e.game(id); g.LastSeq != seq+1 {
		t.Errorf("seq %d after a bounce, want %d", g.LastSeq, seq+1)
	}
	cs, _ := tap.Choices(m.Components)
	mv, _ := shogi.ParseUSI("2g2f")
	c, _ := tap.Toward(cs, mv)
	m = e.tapChoice(e.alice, m, c)
	cs, _ = tap.Choices(m.Components)
	var back tap.Choice
	for _, c := range cs {
		if c.Value == "" && c.Step == tap.Root {
			back = c
		}
	}
	if back.CustomID == "" {
		t.Fatalf("no Back: %+v", cs)
	}
	m = e.tapChoice(e.alice, m, back)
	if first, _ := tap.Choices(m.Components); len(first) == 0 || !strings.HasPrefix(first[0].Step, "p:") && !strings.HasPrefix(first[0].Step, "d:") {
		t.Errorf("after Back: %+v", first)
	}
}

// After a cancel, the games going on finish as ordinary games (RULES §6).
func TestTrialCancelledGames(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.tnCmd(e.alice, "create", discordtest.StringOption("variant", "standard"), discordtest.StringOption("format", "swiss"),
		discordtest.IntegerOption("rounds", 1))
	e.tnCmd(e.alice, "join")
	e.tnCmd(e.bob, "join")
	e.tnCmd(e.alice, "start")
	var game uint64
	e.waitUntil("the game", func() bool {
		tn := e.tournament(1)
		ps := tn.State.RoundPairings(1)
		if len(ps) == 1 {
			game = ps[0].Game
		}
		return game != 0
	})
	if got := e.slash(e.carol, "watch", discordtest.IntegerOption("game", int64(game))); !strings.Contains(got, "tournament game") {
		t.Errorf("watching before the cancel: %q", got)
	}
	if got := e.tnCmd(e.alice, "cancel"); !strings.Contains(got, "ancel") {
		t.Fatalf("cancel: %q", got)
	}
	got := e.slash(e.carol, "watch", discordtest.IntegerOption("game", int64(game)))
	if !strings.Contains(got, "You are watching game #") {
		t.Errorf("watching a cancelled tournament's game: %q", got)
	}
}
