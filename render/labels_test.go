package render

// The picture's words of the tests, as bot/texts gives them (render has no
// words of its own).
var (
	enLabels = Labels{Sides: [2]string{"Black", "White"}, ToMove: "%s to move", Check: "check", Move: "Move %d",
		Fouls: "Fouls %d/%d", Hand: "Hand", Took: "Took", None: "none", Turn: "Turn", CheckTag: "Check", Ranks: "abcdefghi"}
	jaLabels = Labels{Sides: [2]string{"先手", "後手"}, ToMove: "%sの手番", Check: "王手", Move: "%d手目",
		Fouls: "反則 %d/%d", Hand: "持駒", Took: "取った駒", None: "なし", Turn: "手番", CheckTag: "王手", Ranks: "一二三四五六七八九"}
)

// withResult returns l with the status line of a finished game.
func withResult(l Labels, result string) Labels { l.Result = result; return l }
