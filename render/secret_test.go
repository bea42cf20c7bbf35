package render

import (
	"bytes"
	"fmt"
	"testing"

	"shinpan/internal/testkit"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// bandWork is what encoding a board asked of its band cache and did.
type bandWork struct{ lookups, misses, painted int }

func (c *segmentCache) work() bandWork {
	c.mu.Lock()
	defer c.mu.Unlock()
	return bandWork{c.hits + c.misses, c.misses, c.painted}
}

// TestMaskedSecretsTakeNoWork: in Masked, where the mask is and whether it is
// in check are the owner's secrets; check is drawn as a ring on the mask's
// tile. After the same earlier board, the owner's board after a move asks
// the band cache for as many bands, misses as many and paints as many,
// whichever square the mask is on (on a rank the move changed or not) and in
// check or not; and its bytes are those of compressing every band.
func TestMaskedSecretsTakeNoWork(t *testing.T) {
	a := assetsFor(t, ThemeLight)
	pos := mustPos(t, sfenMasked)
	shared := newStaticTable()
	for _, flip := range []bool{false, true} {
		opt := &Options{Labels: enLabels, Flip: flip}
		shared.ensure(a, bottomSide(&view.View{Viewer: view.ViewerBlack}, flip), enLabels)
		var first bandWork
		for _, mask := range []string{"2f", "6g", "8h", "4i"} { // the move changes ranks f and g
			for _, check := range []bool{false, true} {
				c := newSegmentCache(bandCacheLimit)
				c.shared = shared
				scope := fmt.Sprintf("flip %v mask %s check %v", flip, mask, check)
				v := view.Of(view.Masked, pos, view.ViewerBlack)
				v.Mask, v.MoveNumber, v.Turn = sq(t, mask), 24, shogi.Black
				encodeBoth(t, a, recorded(a, &v, opt), scope, c) // the board before
				v.MoveNumber, v.Turn, v.LastMove, v.InCheck = 25, shogi.White, testkit.USI(t, "7g7f"), check
				w0 := c.work()
				got, want := encodeBoth(t, a, recorded(a, &v, opt), scope, c)
				if !bytes.Equal(got, want) {
					t.Errorf("%s: the cached encoding differs from compressing every band", scope)
				}
				w1 := c.work()
				w := bandWork{w1.lookups - w0.lookups, w1.misses - w0.misses, w1.painted - w0.painted}
				if first == (bandWork{}) {
					first = w
				} else if w != first {
					t.Errorf("%s: %+v, the first mask's board %+v", scope, w, first)
				}
			}
		}
		if first.painted == 0 {
			t.Errorf("flip %v: the board after the move painted nothing", flip)
		}
	}
}

// TestSecretRow: only a Masked player's board with a mask has a secret band,
// the one holding the mask's tile, with the board recorded out of check.
func TestSecretRow(t *testing.T) {
	a := assetsFor(t, ThemeLight)
	pos := mustPos(t, sfenMasked)
	for _, tc := range []struct {
		variant view.Variant
		viewer  view.Viewer
		mask    bool
		want    bool
	}{
		{view.Masked, view.ViewerBlack, true, true},
		{view.Masked, view.ViewerWhite, true, true},
		{view.Masked, view.ViewerBlack, false, false},
		{view.Masked, view.ViewerPublic, false, false},
		{view.Standard, view.ViewerBlack, false, false},
		{view.Tsuitate, view.ViewerBlack, false, false},
	} {
		for _, flip := range []bool{false, true} {
			v := view.Of(tc.variant, pos, tc.viewer)
			if tc.mask {
				v.Mask = sq(t, "4i")
				if tc.viewer == view.ViewerWhite {
					v.Mask = sq(t, "4a")
				}
			}
			v.InCheck = tc.mask
			o := orient{bottomSide(&v, flip)}
			y := secretRow(&v, o)
			if got := y > 0; got != tc.want {
				t.Errorf("%v, viewer %v, mask %v, flip %v: secret row %d", tc.variant, tc.viewer, tc.mask, flip, y)
			}
			if y == 0 {
				continue
			}
			if r := tileRect(o.cell(v.Mask)); y != r.Min.Y {
				t.Errorf("%v, viewer %v, flip %v: secret row %d, the mask's tile %v", tc.variant, tc.viewer, flip, y, r)
			}
			d := recorded(a, &v, &Options{Labels: enLabels, Flip: flip})
			if d.unchecked == nil || bytes.Equal(d.bandDesc(nil, y, y+sqH), d.unchecked.bandDesc(nil, y, y+sqH)) {
				t.Errorf("%v, viewer %v, flip %v: the board out of check is not recorded, or its mask's band is the same as in check", tc.variant, tc.viewer, flip)
			}
		}
	}
}
