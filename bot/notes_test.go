package bot

import (
	"sync"
	"testing"
	"time"

	"shinpan/referee/shogi"
)

// TestSquareOfReadsMetaLocked: naming a square reads the game's seats while
// the game changes (a seat going away or coming back); under -race an
// unlocked read fails here.
func TestSquareOfReadsMetaLocked(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("tsuitate")
	lg, err := e.b.games.Get(id)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { // as setAway does
		defer wg.Done()
		for range 200 {
			lg.Mu.Lock()
			lg.Meta.Away[shogi.White].Since = time.Now()
			lg.Mu.Unlock()
		}
	}()
	for range 200 {
		if _, c, sq, why := e.b.cmds.SquareOf(id, e.bob, "5e"); why != "" || c != shogi.White || sq != shogi.Sq(5, 5) {
			t.Fatalf("SquareOf: %v %v %q", c, sq, why)
		}
	}
	wg.Wait()
}
