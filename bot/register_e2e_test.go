package bot

import (
	"strings"
	"testing"
)

// TestCommandsRegisteredOnce: the first start registers the application
// commands; a restart finds them unchanged at Discord and spends nothing of
// the command bucket on them, and learns their ids from that read: its
// texts still mention them.
func TestCommandsRegisteredOnce(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	puts := func() int {
		n := 0
		for _, r := range e.srv.Requests() {
			if r.Route == "PUT /applications/{application_id}/commands" && r.Status == 200 {
				n++
			}
		}
		return n
	}
	if n := puts(); n != 1 {
		t.Fatalf("the first start registered the commands %d times, want once", n)
	}
	e.stop()
	e.start()
	if n := puts(); n != 1 {
		t.Fatalf("after a restart the commands were registered %d times in all, want once", n)
	}
	if len(e.srv.Commands(e.cfg.DevGuild)) == 0 {
		t.Fatal("no commands registered")
	}
	if out := e.slash(e.alice, "help"); !strings.Contains(out, e.mention("shogi challenge")) {
		t.Fatalf("the help after a restart: %q", out)
	}
}
