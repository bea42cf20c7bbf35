package compose

import (
	"shinpan/bot/tap"
	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/store"
)

// TapInput is what player c's tap menus may be built from (bot/tap): c's own
// view and the game's public options, in the reader's words and orientation.
func TapInput(meta store.Game, g *referee.Game, c shogi.Color, rd Reader) *tap.Input {
	return &tap.Input{Game: uint64(meta.ID), View: g.View(view.ViewerOf(c)), MaskAsKing: g.Options().MaskAsKing,
		MaskPhase: g.NeedsMasks(), Lang: rd.Lang, Notation: rd.Notation(), Flip: rd.Set.Orientation == "flip"}
}

// TapMenus are the first tap menus under player c's board: none when the
// reader types their moves (store.InputTyping) or may not move now.
func TapMenus(meta store.Game, g *referee.Game, c shogi.Color, rd Reader) []Menu {
	if (rd.Set.Input == store.InputTyping && !g.NeedsMasks()) || IsCPU(rd.ID) || g.Over() {
		return nil
	}
	return TapSelects(tap.First(TapInput(meta, g, c, rd)).Selects)
}

// TapSelects are tap menus as Payload menus.
func TapSelects(sel []tap.Select) []Menu {
	var out []Menu
	for _, s := range sel {
		m := Menu{ID: s.ID, Placeholder: s.Placeholder}
		for _, o := range s.Options {
			m.Options = append(m.Options, MenuOption{Label: o.Label, Value: o.Value, Description: o.Description})
		}
		out = append(out, m)
	}
	return out
}

// TapButtons are tap buttons as Payload buttons.
func TapButtons(bs []tap.Button) []Button {
	var out []Button
	for _, b := range bs {
		st := StyleSecondary
		if b.Primary {
			st = StylePrimary
		}
		out = append(out, Button{ID: b.ID, Label: b.Label, Style: st})
	}
	return out
}
