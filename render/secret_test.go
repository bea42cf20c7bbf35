package render

import (
	"bytes"
	"fmt"
	"testing"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// TestMaskedCheckTakesNoLonger: in Masked, check is the mask owner's secret,
// drawn as a ring on the mask's tile. After the same boards, a board in check
// and the same board not in check ask the band cache for the same bands and
// miss as many, so neither takes longer to compress; and the bytes are those
// of compressing every band.
func TestMaskedCheckTakesNoLonger(t *testing.T) {
	a := assetsFor(t, ThemeLight)
	pos := mustPos(t, sfenMasked)
	for _, flip := range []bool{false, true} {
		opt := &Options{Labels: enLabels, Flip: flip}
		misses := map[bool]int{}
		for _, check := range []bool{false, true} {
			c := newSegmentCache(bandCacheLimit)
			scope := fmt.Sprintf("flip %v check %v", flip, check)
			v := view.Of(view.Masked, pos, view.ViewerBlack)
			v.Mask, v.MoveNumber = sq(t, "4i"), 24
			encodeBoth(t, a, recorded(a, &v, opt), scope, c) // the owner's board before
			v.MoveNumber, v.Turn, v.LastMove, v.InCheck = 25, shogi.White, mv(t, "3c3d"), check
			_, m0, _ := c.stats()
			got, want := encodeBoth(t, a, recorded(a, &v, opt), scope, c)
			if !bytes.Equal(got, want) {
				t.Errorf("flip %v, check %v: the cached encoding differs from compressing every band", flip, check)
			}
			_, m1, _ := c.stats()
			misses[check] = m1 - m0
		}
		if misses[true] != misses[false] {
			t.Errorf("flip %v: a board in check missed %d bands, not in check %d", flip, misses[true], misses[false])
		}
	}
}

// TestSecretRow: only a Masked player's board with a mask has a band kept
// out of the caches, the one holding the mask's tile.
func TestSecretRow(t *testing.T) {
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
		v := view.Of(tc.variant, pos, tc.viewer)
		if tc.mask {
			v.Mask = sq(t, "4i")
		}
		y := secretRow(&v, orient{bottomSide(&v, false)})
		if got := y > 0; got != tc.want {
			t.Errorf("%v, viewer %v, mask %v: secret row %d", tc.variant, tc.viewer, tc.mask, y)
		}
		if y > 0 && y != tileRect(orient{bottomSide(&v, false)}.cell(v.Mask)).Min.Y {
			t.Errorf("%v, viewer %v: secret row %d is not the mask's", tc.variant, tc.viewer, y)
		}
	}
}
