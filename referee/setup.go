package referee

import (
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// checkStart refuses a start position that could not arise under v's rules
// (RULES.md §1, impossible positions): Masked and Dark, where a king may be
// left in attack, captured and dropped, check only nifu.
func checkStart(v view.Variant, p *shogi.Position) error {
	if v == view.Masked || v == view.Dark {
		return p.ValidatePseudo()
	}
	return p.Validate()
}
