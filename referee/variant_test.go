package referee

import (
	"testing"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// TestCloneKeepsVariantStateApart: the bot applies an action to a clone and
// keeps the original when the store fails, so a clone's masks are its own.
func TestCloneKeepsVariantStateApart(t *testing.T) {
	g, err := New("c", view.Masked, "", DefaultOptions(view.Masked))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Apply(Action{Kind: ActMask, Player: shogi.Black, Text: "2h", Salt: "s"}); err != nil {
		t.Fatal(err)
	}
	c := g.Clone()
	if _, err := c.Apply(Action{Kind: ActMask, Player: shogi.White, Text: "8b", Salt: "t"}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Apply(Action{Kind: ActMove, Player: shogi.Black, Text: "2h3h"}); err != nil {
		t.Fatal(err)
	}
	if !g.NeedsMasks() || g.MaskChosen(shogi.White) || g.Masks()[shogi.Black] != shogi.Sq(2, 8) {
		t.Errorf("original changed: needs %v, masks %v", g.NeedsMasks(), g.Masks())
	}
	if c.NeedsMasks() || c.Masks() != [2]shogi.Square{shogi.Sq(3, 8), shogi.Sq(8, 2)} {
		t.Errorf("clone: needs %v, masks %v", c.NeedsMasks(), c.Masks())
	}
}

// TestEveryVariantIsKnown: each variant has a referee, parses by name, and
// has valid defaults.
func TestEveryVariantIsKnown(t *testing.T) {
	for _, v := range []view.Variant{view.Standard, view.Tsuitate, view.Masked, view.Dark} {
		if _, ok := newRules(v); !ok {
			t.Errorf("%s: no referee", v)
		}
		if got, err := ParseVariant(string(v)); err != nil || got != v {
			t.Errorf("%s: parsed as %q, %v", v, got, err)
		}
		if err := DefaultOptions(v).Validate(v); err != nil {
			t.Errorf("%s defaults: %v", v, err)
		}
	}
	if len(variants) != 4 {
		t.Errorf("%d variants", len(variants))
	}
	if err := DefaultOptions(view.Tsuitate).Validate("chess"); err == nil {
		t.Error("an unknown variant validates")
	}
}
