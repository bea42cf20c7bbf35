package render

import (
	"sync"

	"shinpan/referee/shogi"
)

// PreloadSets is PreloadLabels for the given piece sets only (each theme's
// sprites are built for every set at once; only the bands are per set): a
// start can paint the sets most boards use first and the rest later.
func PreloadSets(labels []Labels, sets []PieceSet, themes ...Theme) error {
	if len(themes) == 0 {
		themes = Themes
	}
	errs := make(chan error, len(themes))
	for _, th := range themes {
		go func() {
			t, c, err := th.resolve()
			var as []*assets
			for _, set := range sets {
				if err == nil {
					var a *assets
					a, err = getAssets(t, c, set)
					as = append(as, a)
				}
			}
			if err == nil {
				var wg sync.WaitGroup
				for _, lb := range labels {
					for _, bottom := range []shogi.Color{shogi.Black, shogi.White} {
						wg.Go(func() {
							for _, a := range as {
								bandCache.shared.ensure(a, bottom, lb)
							}
						})
					}
				}
				wg.Wait()
			}
			errs <- err
		}()
	}
	var first error
	for range themes {
		if err := <-errs; err != nil && first == nil {
			first = err
		}
	}
	return first
}
