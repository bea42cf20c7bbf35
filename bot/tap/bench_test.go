package tap

import (
	"testing"

	"shinpan/bot/texts"
	"shinpan/referee"
	"shinpan/referee/notation"
	"shinpan/referee/view"
	"shinpan/render"
)

// BenchmarkPick is one pick's work: the screen of a picked piece and its
// board redrawn with the piece marked (issue 34: ≤ 3 ms), the seat's bands
// reused as the bot does (CacheScope), a different piece each time so the
// image cache never answers.
func BenchmarkPick(b *testing.B) {
	g, err := referee.New("bench", view.Tsuitate, "", referee.DefaultOptions(view.Tsuitate))
	if err != nil {
		b.Fatal(err)
	}
	in := &Input{Game: 1, View: g.View(view.ViewerBlack), Lang: texts.EN, Notation: notation.Western}
	var steps []string
	for _, o := range First(in).Selects[0].Options {
		steps = append(steps, o.Value)
	}
	labels := texts.BoardLabels(texts.EN, nil)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		pk, err := Step(in, steps[i%len(steps)])
		if err != nil {
			b.Fatal(err)
		}
		in.View.MoveNumber = 1 + i%500 // a new board each time: no cached image
		if _, err := render.Render(in.View, render.Options{Reach: pk.Screen.Reach, Labels: labels, CacheScope: "bench seat"}); err != nil {
			b.Fatal(err)
		}
		in.View.MoveNumber = 1
	}
}
