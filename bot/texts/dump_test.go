package texts

import (
	"flag"
	"fmt"
	"testing"

	"shinpan/referee"
	"shinpan/referee/notation"
	"shinpan/referee/policy"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

var dump = flag.Bool("dump", false, "print sample texts")

func TestDump(t *testing.T) {
	if !*dump {
		t.Skip()
	}
	for _, v := range []view.Variant{view.Standard, view.Tsuitate, view.Masked, view.Dark} {
		o := policy.Defaults(v)
		g, bs := play(t, v, o.Options, 3, 400)
		if !g.Over() {
			g.Apply(referee.Action{Kind: referee.ActResign, Player: g.Turn()})
		}
		for _, l := range Langs {
			ctx := Ctx{Lang: l, Variant: v, Names: Names{"<@1>", "Bob"}, GameID: 12, Notation: notation.Japanese, Options: o, Last: shogi.NoSquare}
			if l == EN {
				ctx.Notation = notation.Western
			}
			fmt.Println("=====", v, l)
			for i, b := range bs {
				foul := false
				for _, e := range b.evs {
					foul = foul || e.Kind == view.EvFoul || e.Kind == view.EvCheck
				}
				if i > 6 && i < len(bs)-3 && !foul {
					continue
				}
				c := ctx
				c.Before = b.seen[2]
				fmt.Println("CH:", Announcement(c, b.evs))
				c.Before = b.seen[0]
				fmt.Println("B :", PlayerUpdate(c, shogi.Black, b.evs))
				c.Before = b.seen[1]
				fmt.Println("W :", PlayerUpdate(c, shogi.White, b.evs))
			}
			for _, e := range bs[len(bs)-1].evs {
				if e.Kind == view.EvReveal && e.To == view.ToPublic {
					for _, m := range RevealDetails(ctx, e) {
						fmt.Println("REVEAL:", m)
					}
				}
			}
		}
	}
}
