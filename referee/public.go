package referee

import "shinpan/referee/view"

// PublicView is the channel's board of the game now. Standard and Masked: the
// open board (masks hidden). Tsuitate and Dark: only what was announced — no
// piece on the board and no hand, but the pieces each side captured (as the
// captures were announced), the foul counts when fouls are announced, the
// move number, and check in Tsuitate. After the end: the revealed board. It
// is a function of the announcements, so two games the channel was told the
// same things about give the same view.
func (g *Game) PublicView() view.View {
	if g.result != nil {
		return g.RevealView()
	}
	v := g.View(view.ViewerPublic)
	if !g.variant.Hidden() {
		return v
	}
	v.Captured = g.announced
	v.ShowCaptured = true
	if g.variant == view.Tsuitate {
		v.InCheck = g.told[g.pos.SideToMove()] // "check" is announced to all
	}
	return v
}
