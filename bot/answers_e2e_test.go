package bot

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"shinpan/bot/discordtest"
	"shinpan/internal/testkit"
	"shinpan/referee/view"
	"shinpan/store"
	"shinpan/store/storetest"
)

// TestDeclareAnswer: a valid impasse declaration answers the declarer
// with what happened, the game it won, in their language (not "Done.").
func TestDeclareAnswer(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	// Black's king in camp with ten pieces there and 28 points: a valid
	// declaration (referee/shogi's impasse tests), Black to move.
	const impasse = "+P+P+P+P+P+P+P+P1/RB2K4/9/9/9/9/9/9/4k4 b 2G2S2N2L2P 1"
	if err := e.srv.SetLocale(e.carol, "ja"); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, black, want string
	}{
		{"en", e.alice, "Your impasse declaration is valid (27-point rule): you win game #%s."},
		{"ja", e.carol, "入玉宣言が認められました（27点法）。対局 #%s はあなたの勝ちです。"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := storetest.SampleGame(e.srv.GuildID(), e.ch, tc.black, e.bob, view.Standard)
			g.StartSFEN, g.Ranked, g.Status = impasse, false, store.StatusActive
			g, err := e.st.CreateGame(g, "", nil)
			if err != nil {
				t.Fatal(err)
			}
			want := strings.Replace(tc.want, "%s", itoa(uint64(g.ID)), 1)
			if out := e.slash(tc.black, "declare"); out != want {
				t.Fatalf("declaration: %q, want %q", out, want)
			}
			if r := e.game(g.ID).Result; r == nil || r.Reason != view.ReasonImpasse {
				t.Fatalf("result %+v", r)
			}
		})
	}
}

// TestMaskMenuAnswer: a mask chosen from the mask menu of an older
// message (mask:<game>, before the tap menus) answers with the piece and
// square chosen, in the chooser's language; the opponent is told nothing.
func TestMaskMenuAnswer(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	if err := e.srv.SetLocale(e.bob, "ja"); err != nil {
		t.Fatal(err)
	}
	id := e.startGame("masked")
	e.settle()
	for _, tc := range []struct {
		name, user, other, square, want string
	}{
		{"en", e.alice, e.bob, "2h", "Your mask is now the rook on 2h."},
		{"en changed", e.alice, e.bob, "7i", "Your mask is now the silver on 7i."},
		{"ja", e.bob, e.alice, "8b", "影武者を８二の飛にしました。"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			menu, _ := json.Marshal([]any{map[string]any{"type": 1, "components": []any{map[string]any{
				"type": 3, "custom_id": "mask:" + itoa(uint64(id)), "placeholder": "mask",
				"options": []any{map[string]any{"label": tc.square, "value": tc.square}}}}}})
			ch := e.dmChannel(tc.user)
			msg, err := e.srv.SeedBotComponents(ch, "Choose your mask:", menu)
			if err != nil {
				t.Fatal(err)
			}
			before := len(e.botDMs(tc.other))
			iid, err := e.srv.SelectMenu(tc.user, ch, msg, "mask:"+itoa(uint64(id)), tc.square)
			if err != nil {
				t.Fatal(err)
			}
			if out := e.answer(iid); out != tc.want {
				t.Fatalf("mask: %q, want %q", out, tc.want)
			}
			for _, m := range e.botDMs(tc.other)[before:] {
				if regexp.MustCompile(`\b`+tc.square+`\b`).MatchString(m.Content) || strings.Contains(m.Content, "８二") { // not inside a commitment's hex
					t.Fatalf("the opponent was told of the mask: %q", m.Content)
				}
			}
		})
	}
	if g := e.game(id); g.Status != store.StatusActive {
		t.Fatalf("both masks chosen: status %s", g.Status)
	}
}

// twice has the bot's Interactions Endpoint take the next interaction
// twice in a row, as a retry after a lost response would bring it: the
// first delivery's answer is dropped, the stand-in gets the second's.
type twice struct {
	next    atomic.Bool
	between func() // if set, run between the two deliveries
}

func (tw *twice) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !tw.next.CompareAndSwap(true, false) {
			h.ServeHTTP(w, r)
			return
		}
		body, err := io.ReadAll(r.Body)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		first := r.Clone(r.Context())
		first.Body = io.NopCloser(bytes.NewReader(body))
		h.ServeHTTP(httptest.NewRecorder(), first) // its answer is lost
		if tw.between != nil {
			tw.between()
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		h.ServeHTTP(w, r)
	})
}

// TestAnswersDeliveredTwice: an action whose interaction comes twice (the
// first answer lost) is taken once, and the second delivery says what the
// player did rather than a bare "Done.", in their language; a mask names
// the chooser's own mask, in their own answer only. A draw offered again
// while it stands is not sent to the opponent again.
func TestAnswersDeliveredTwice(t *testing.T) {
	t.Parallel()
	tw := &twice{}
	e := newEnv(t, overHTTP, func(e *env) { e.wrapEndpoint = tw.wrap })
	if err := e.srv.SetLocale(e.bob, "ja"); err != nil {
		t.Fatal(err)
	}
	id := e.startGame("masked")
	e.settle()
	// again sends an interaction twice and returns the answer shown.
	again := func(send func() (string, error)) string {
		t.Helper()
		tw.next.Store(true)
		iid, err := send()
		if err != nil {
			t.Fatal(err)
		}
		return e.answer(iid)
	}
	notTold := func(user string, before int, square, ja string) {
		t.Helper()
		for _, m := range e.botDMs(user)[before:] {
			if regexp.MustCompile(`\b`+square+`\b`).MatchString(m.Content) || strings.Contains(m.Content, ja) {
				t.Fatalf("the opponent was told of the mask: %q", m.Content)
			}
		}
	}
	t.Run("mask by tap", func(t *testing.T) {
		m, c := e.maskChoice(e.alice, "2h")
		before := len(e.botDMs(e.bob))
		out := again(func() (string, error) { return e.srv.SelectMenu(e.alice, m.ChannelID, m.ID, c.CustomID, c.Value) })
		if out != "Your mask is now the rook on 2h." {
			t.Fatalf("a mask picked twice: %q", out)
		}
		if g := e.game(id); g.LastSeq != 1 {
			t.Fatalf("seq %d, want the mask taken once", g.LastSeq)
		}
		notTold(e.bob, before, "2h", "２八")
	})
	t.Run("mask menu ja", func(t *testing.T) {
		menu, _ := json.Marshal([]any{map[string]any{"type": 1, "components": []any{map[string]any{
			"type": 3, "custom_id": "mask:" + itoa(uint64(id)), "placeholder": "mask",
			"options": []any{map[string]any{"label": "8b", "value": "8b"}}}}}})
		ch := e.dmChannel(e.bob)
		msg, err := e.srv.SeedBotComponents(ch, "Choose your mask:", menu)
		if err != nil {
			t.Fatal(err)
		}
		before := len(e.botDMs(e.alice))
		out := again(func() (string, error) { return e.srv.SelectMenu(e.bob, ch, msg, "mask:"+itoa(uint64(id)), "8b") })
		// The menu's route is deferred before it runs: both deliveries'
		// answers come as follow-ups; each must name the mask.
		for _, line := range strings.Split(out, "\n") {
			if line != "影武者を８二の飛にしました。" {
				t.Fatalf("a mask chosen twice: %q", out)
			}
		}
		if g := e.game(id); g.LastSeq != 2 || g.Status != store.StatusActive {
			t.Fatalf("seq %d, status %s: want both masks taken once", g.LastSeq, g.Status)
		}
		notTold(e.alice, before, "8b", "８二")
	})
	t.Run("move box", func(t *testing.T) {
		board := e.tapMessage(e.alice)
		if out := e.click(e.alice, board, "move:"); out != "[modal]" {
			t.Fatalf("the Move button: %q", out)
		}
		out := again(func() (string, error) {
			return e.srv.SubmitModal(e.alice, board.ChannelID, "movemodal:"+itoa(uint64(id)), map[string]string{"move": "7g7f"})
		})
		if out != "That move was already received." {
			t.Fatalf("a move sent twice: %q", out)
		}
		if g := e.game(id); g.LastSeq != 3 {
			t.Fatalf("seq %d, want the move played once", g.LastSeq)
		}
	})
	t.Run("draw offered again ja", func(t *testing.T) {
		e.settle()
		offers := func() int {
			n := 0
			for _, m := range e.botDMs(e.alice) {
				if strings.Contains(m.Content, "offers a draw") {
					n++
				}
			}
			return n
		}
		if out := e.slash(e.bob, "draw"); !strings.Contains(out, "引き分けを提案しました") {
			t.Fatalf("the offer: %q", out)
		}
		if out := e.slash(e.bob, "draw"); out != "引き分けはすでに提案しています。相手が受けるか、次の手が指されるまで有効です。" {
			t.Fatalf("the offer again: %q", out)
		}
		e.settle()
		if n := offers(); n != 1 {
			t.Fatalf("alice was told of %d draw offers, want 1", n)
		}
	})
	t.Run("resign", func(t *testing.T) {
		var board discordtest.Message
		for _, m := range e.botDMs(e.alice) {
			if strings.Contains(string(m.Components), `"resign:`) {
				board = m
			}
		}
		if out := e.click(e.alice, board, "resign:"); !strings.Contains(out, "Resign game #") {
			t.Fatalf("the Resign button: %q", out)
		}
		in := e.lastInteraction(e.alice)
		if in.Original == nil {
			t.Fatal("no confirmation message")
		}
		confirm := *in.Original
		out := again(func() (string, error) {
			return e.srv.ClickButton(e.alice, confirm.ChannelID, confirm.ID, "resignok:"+itoa(uint64(id)))
		})
		// Deferred before it runs, as the mask menu: one delivery resigns,
		// the other, whichever it is, says it was received already.
		lines := strings.Split(out, "\n")
		slices.Sort(lines)
		if !slices.Equal(lines, []string{"You resigned game #" + itoa(uint64(id)) + ".", "Your resignation was already received."}) {
			t.Fatalf("a resignation sent twice: %q", out)
		}
		if g := e.game(id); g.LastSeq != 4 || g.Result == nil || g.Result.Reason != view.ReasonResignation {
			t.Fatalf("seq %d, result %+v: want the resignation taken once", g.LastSeq, g.Result)
		}
	})
}

// TestEndingCommandDeliveredTwice: a slash command whose action ends the
// game (an accepted draw, a resignation), its interaction delivered twice,
// after the first has ended the game, is taken once, and the second
// delivery says what was done rather than that there is no game.
func TestEndingCommandDeliveredTwice(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		sub    string
		reason view.Reason
		want   func(id store.GameID) []string // the answers either delivery may show
	}{
		{"draw", view.ReasonDrawAgreed, func(id store.GameID) []string {
			return []string{"Draw agreed: game #" + itoa(uint64(id)) + " ends in a draw."}
		}},
		{"resign", view.ReasonResignation, func(id store.GameID) []string {
			return []string{"You resigned game #" + itoa(uint64(id)) + ".", "Your resignation was already received."}
		}},
	} {
		t.Run(tc.sub, func(t *testing.T) {
			t.Parallel()
			tw := &twice{}
			e := newEnv(t, overHTTP, func(e *env) { e.wrapEndpoint = tw.wrap })
			id := e.startGame("tsuitate")
			e.settle()
			tw.between = func() { // the second delivery finds the game ended
				testkit.Until(testkit.Slack(10*time.Second), func() bool {
					g, err := e.st.GetGame(id)
					return err == nil && g.Result != nil
				})
			}
			if tc.sub == "draw" {
				if out := e.slash(e.alice, "draw"); !strings.Contains(out, "offer") {
					t.Fatalf("the offer: %q", out)
				}
			}
			tw.next.Store(true)
			iid, err := e.srv.SlashCommand(e.bob, e.ch, "shogi", discordtest.Subcommand(tc.sub))
			if err != nil {
				t.Fatal(err)
			}
			// Deferred before it runs, both deliveries' answers may come as
			// follow-ups.
			for _, line := range strings.Split(e.answer(iid), "\n") {
				if !slices.Contains(tc.want(id), line) {
					t.Fatalf("delivered twice: %q, want one of %q", line, tc.want(id))
				}
			}
			g := e.game(id)
			if g.Result == nil || g.Result.Reason != tc.reason || g.LastSeq != 1 {
				t.Fatalf("seq %d, result %+v: want %s taken once", g.LastSeq, g.Result, tc.reason)
			}
		})
	}
}
