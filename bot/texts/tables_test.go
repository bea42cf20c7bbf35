package texts

import (
	"path/filepath"
	"testing"

	"shinpan/bot/texts/internal/texttest"
)

// TestTables: every message id of keys.go is in both tables, with the same
// placeholders, and each text fits a message.
func TestTables(t *testing.T) { texttest.Tables(t, "keys.go", 100, MaxLen, en(), ja()) }

// TestIDsHaveOneHome: no two packages of bot/texts declare the same message
// id, so each word has one home.
func TestIDsHaveOneHome(t *testing.T) {
	subs, err := filepath.Glob("*/keys.go")
	if err != nil || len(subs) < 2 {
		t.Fatalf("found %v: %v", subs, err)
	}
	home := map[string]string{}
	for _, f := range append([]string{"keys.go"}, subs...) {
		for id := range texttest.Keys(t, f) {
			if prev, ok := home[id]; ok {
				t.Errorf("message id %q is declared in %s and in %s", id, prev, f)
			}
			home[id] = f
		}
	}
	if len(home) < 400 {
		t.Errorf("found only %d message ids in %v", len(home), subs)
	}
}

// TestCommandsExist: every slash command a text names is /shogi or
// /shogiadmin with a real subcommand (none does today: the commands are
// named in uitexts's texts, where the same test counts them).
func TestCommandsExist(t *testing.T) {
	texttest.CommandsExist(t, map[string]map[msg]string{"en": en(), "ja": ja()})
}
