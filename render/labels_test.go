package render

import "testing"

// The picture's words of the tests, as bot/texts gives them (render has no
// words of its own).
var (
	enLabels = Labels{Sides: [2]string{"Black", "White"}, ToMove: "%s to move", Check: "check", Move: "After move %d", Start: "Start position",
		Fouls: "Fouls %d/%d", Hand: "Hand", Took: "Took", None: "none", Turn: "Turn", CheckTag: "Check", Ranks: "abcdefghi"}
	jaLabels = Labels{Sides: [2]string{"先手", "後手"}, ToMove: "%sの手番", Check: "王手", Move: "%d手目", Start: "開始局面",
		Fouls: "反則 %d/%d", Hand: "持駒", Took: "取った駒", None: "なし", Turn: "手番", CheckTag: "王手", Ranks: "一二三四五六七八九"}
)

// withResult returns l with the status line of a finished game.
func withResult(l Labels, result string) Labels { l.Result = result; return l }

// TestMoveText: the status line's top right names the moves played, from
// the view's SFEN move number (the move about to be played): the start, a
// mate after 37 moves, a resignation after 5; with no Start label the start
// is move 0.
func TestMoveText(t *testing.T) {
	for _, c := range []struct {
		name string
		lb   Labels
		next int
		want string
	}{
		{"en start", enLabels, 1, "Start position"},
		{"en mate after 37", enLabels, 38, "After move 37"},
		{"en resigned after 5", enLabels, 6, "After move 5"},
		{"ja start", jaLabels, 1, "開始局面"},
		{"ja mate after 37", jaLabels, 38, "37手目"},
		{"ja resigned after 5", jaLabels, 6, "5手目"},
		{"no start label", Labels{Move: "Move %d"}, 1, "Move 0"},
		{"number only", Labels{Move: "#"}, 38, "37"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := c.lb.MoveText(c.next); got != c.want {
				t.Errorf("MoveText(%d) = %q, want %q", c.next, got, c.want)
			}
		})
	}
}
