package policy

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"

	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

const B, W = shogi.Black, shogi.White

func newGame(t *testing.T, v view.Variant, sfen string) *referee.Game {
	t.Helper()
	o := referee.DefaultOptions(v)
	g, err := referee.New("p", v, sfen, o)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func apply(t *testing.T, g *referee.Game, a referee.Action) *referee.Game {
	t.Helper()
	before := g.Clone()
	if _, err := g.Apply(a); err != nil {
		t.Fatalf("%+v: %v", a, err)
	}
	return before
}

func move(c shogi.Color, text string) referee.Action {
	return referee.Action{Kind: referee.ActMove, Player: c, Text: text}
}

func mask(c shogi.Color, sq string) referee.Action {
	return referee.Action{Kind: referee.ActMask, Player: c, Text: sq, Salt: "s"}
}

// TestYourTurn: a player is told "your turn" after the opponent's move and,
// Black only, once both masks are set; never after their own move or foul,
// the opponent's foul, or the end.
func TestYourTurn(t *testing.T) {
	g := newGame(t, view.Tsuitate, "")
	apply(t, g, move(B, "7g7f"))
	if !YourTurn(g, W) || YourTurn(g, B) {
		t.Error("after Black's move")
	}
	apply(t, g, move(W, "3c3d"))
	if YourTurn(g, W) || !YourTurn(g, B) {
		t.Error("after White's move")
	}
	g = newGame(t, view.Tsuitate, "4k4/9/9/9/9/9/9/4p4/4K4 b - 1")
	apply(t, g, move(B, "5i4i"))
	apply(t, g, move(W, "5a5b"))
	apply(t, g, move(B, "4i5i")) // into the pawn's attack: a foul on the true board
	if g.LastOutcome() != referee.Foul {
		t.Fatalf("4i5i: %s", g.LastOutcome())
	}
	if YourTurn(g, B) || YourTurn(g, W) {
		t.Error("after Black's foul: Black moves again in the foul's own words; White waits")
	}
	apply(t, g, referee.Action{Kind: referee.ActResign, Player: B})
	if YourTurn(g, B) || YourTurn(g, W) {
		t.Error("after the end")
	}

	m := newGame(t, view.Masked, "")
	apply(t, m, mask(B, "2h"))
	if YourTurn(m, B) || YourTurn(m, W) {
		t.Error("one mask set")
	}
	apply(t, m, mask(W, "8b"))
	if !YourTurn(m, B) || YourTurn(m, W) {
		t.Error("both masks set: Black moves first")
	}
}

// TestNewTurn: a move or the masks being set start a new turn for the
// clocks; a foul, a bounce or a changed mask do not.
func TestNewTurn(t *testing.T) {
	g := newGame(t, view.Tsuitate, "4k4/9/9/9/9/9/9/4p4/4K4 b - 1")
	if before := apply(t, g, move(B, "5i4i")); !NewTurn(before, g) {
		t.Error("a move")
	}
	apply(t, g, move(W, "5a5b"))
	if before := apply(t, g, move(B, "4i5i")); NewTurn(before, g) || g.LastOutcome() != referee.Foul {
		t.Error("a foul")
	}
	d := newGame(t, view.Dark, "4k4/9/9/9/4p4/9/9/9/4K4 b P 1")
	if before := apply(t, d, move(B, "P*5e")); NewTurn(before, d) || d.LastOutcome() != referee.Bounce {
		t.Errorf("a bounce (%s)", d.LastOutcome())
	}
	m := newGame(t, view.Masked, "")
	if before := apply(t, m, mask(B, "2h")); NewTurn(before, m) {
		t.Error("the first mask")
	}
	if w, ok := Waiting(m); !ok || w != W {
		t.Errorf("waiting for %v %v", w, ok)
	}
	if before := apply(t, m, mask(B, "8h")); NewTurn(before, m) {
		t.Error("a changed mask")
	}
	if before := apply(t, m, mask(W, "8b")); !NewTurn(before, m) {
		t.Error("both masks set")
	}
	if w, ok := Waiting(m); !ok || w != B {
		t.Errorf("waiting for %v %v", w, ok)
	}
}

// TestDrawOffer: an offer stands until a move; only the offerer's opponent
// may accept it.
func TestDrawOffer(t *testing.T) {
	g := newGame(t, view.Standard, "")
	off := Offer(g, B)
	if !off.AcceptableBy(g, W) || off.AcceptableBy(g, B) {
		t.Error("a fresh offer")
	}
	var none *DrawOffer
	if none.AcceptableBy(g, W) || none.Standing(g) != nil {
		t.Error("no offer")
	}
	apply(t, g, move(B, "7g7f"))
	if off.Standing(g) != nil || off.AcceptableBy(g, W) {
		t.Error("the offer stands after a move")
	}
	off = Offer(g, W)
	apply(t, g, referee.Action{Kind: referee.ActResign, Player: W})
	if off.Standing(g) != nil {
		t.Error("the offer stands after the end")
	}
}

// TestOptionsKeys: the house rules sit beside the referee's options under
// flat keys, so a game stored before the split reads the same.
func TestOptionsKeys(t *testing.T) {
	stored := `{"foul_limit":12,"announce_fouls":false,"move_limit":200,"mask_as_king":false,"turn_seconds":30,"away_seconds":0,"show_reachable":false,"swap_on_rematch":true}`
	var o Options
	if err := json.Unmarshal([]byte(stored), &o); err != nil {
		t.Fatal(err)
	}
	want := Options{Options: referee.Options{FoulLimit: 12, MoveLimit: 200}, TurnSeconds: 30, SwapOnRematch: true}
	if o != want {
		t.Errorf("read %+v, want %+v", o, want)
	}
	b, err := json.Marshal(o)
	if err != nil || string(b) != stored {
		t.Errorf("wrote %s, %v", b, err)
	}
	if d := Defaults(view.Tsuitate); d.FoulLimit != 10 || d.AwaySeconds != 600 || !d.ShowReachable || !d.SwapOnRematch || d.TurnSeconds != 0 {
		t.Errorf("defaults %+v", d)
	}
	for _, bad := range []Options{{Options: referee.Options{FoulLimit: 30}}, {Options: referee.Options{FoulLimit: 10}, TurnSeconds: 5}, {Options: referee.Options{FoulLimit: 10}, AwaySeconds: -1}} {
		if bad.Validate(view.Tsuitate) == nil {
			t.Errorf("%+v validates", bad)
		}
	}
}

// TestKingVisibleKeys: the Tsuitate option king_visible is read under its
// name from a configuration's TOML and a stored game's JSON, and a game
// stored before it reads as off.
func TestKingVisibleKeys(t *testing.T) {
	o := Defaults(view.Tsuitate)
	if _, err := toml.Decode("king_visible = true", &o); err != nil || !o.KingVisible {
		t.Fatalf("toml: %+v %v", o, err)
	}
	var j Options
	if err := json.Unmarshal([]byte(`{"foul_limit":10,"king_visible":true}`), &j); err != nil || !j.KingVisible {
		t.Fatalf("json: %+v %v", j, err)
	}
	j = Options{}
	if err := json.Unmarshal([]byte(`{"foul_limit":10}`), &j); err != nil || j.KingVisible {
		t.Fatalf("a game stored before the option: %+v %v", j, err)
	}
	if b, _ := json.Marshal(Defaults(view.Tsuitate)); strings.Contains(string(b), "king_visible") {
		t.Fatalf("the defaults write king_visible: %s", b)
	}
}
