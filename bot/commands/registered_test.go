package commands

import (
	"encoding/json"
	"testing"
)

// held is what Discord gives back for the bodies in list: its own fields
// added, a permission set as a string, defaults filled in.
func held(t *testing.T, list []map[string]json.RawMessage) []map[string]any {
	t.Helper()
	raw, err := json.Marshal(list)
	if err != nil {
		t.Fatal(err)
	}
	var out []map[string]any
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatal(err)
	}
	for i, c := range out {
		c["id"], c["application_id"], c["version"], c["nsfw"], c["type"] = "1", "2", "3", false, float64(1)
		if p, ok := c["default_member_permissions"].(float64); ok {
			c["default_member_permissions"] = json.Number(fmtInt(p)).String()
		}
		out[i] = c
	}
	return out
}

func fmtInt(f float64) string { b, _ := json.Marshal(int64(f)); return string(b) }

func ourList(t *testing.T) []map[string]json.RawMessage {
	t.Helper()
	list, err := registrationBodies()
	if err != nil {
		t.Fatal(err)
	}
	return list
}

// TestSameCommands: the commands Discord holds are taken as ours when only
// its own fields and defaults differ, and as different when a text, an
// option or a flag differs, or one is missing.
func TestSameCommands(t *testing.T) {
	edit := func(f func(h []map[string]any) []map[string]any) func(*testing.T) []map[string]any {
		return func(t *testing.T) []map[string]any { return f(held(t, ourList(t))) }
	}
	opts := func(h map[string]any) []any { return h["options"].([]any) }
	for _, c := range []struct {
		name string
		have func(*testing.T) []map[string]any
		same bool
	}{
		{"as registered", edit(func(h []map[string]any) []map[string]any { return h }), true},
		{"a description changed", edit(func(h []map[string]any) []map[string]any { h[0]["description"] = "old"; return h }), false},
		{"an option missing", edit(func(h []map[string]any) []map[string]any { h[0]["options"] = opts(h[0])[1:]; return h }), false},
		{"a flag ours lacks", edit(func(h []map[string]any) []map[string]any {
			opts(h[0])[0].(map[string]any)["nsfw_only"] = true
			return h
		}), false},
		{"a command missing", edit(func(h []map[string]any) []map[string]any { return h[1:] }), false},
		{"none held", func(*testing.T) []map[string]any { return nil }, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := sameCommands(ourList(t), c.have(t)); got != c.same {
				t.Fatalf("sameCommands = %v, want %v", got, c.same)
			}
		})
	}
}

// TestCommandIDs: every subcommand of the commands held, and every
// subcommand of a group, is known by its path under its command's id; a
// group is not (Discord mentions no group).
func TestCommandIDs(t *testing.T) {
	have := held(t, ourList(t))
	want := map[string]string{}
	for i, c := range have {
		id := fmtInt(float64(100 + i))
		c["id"] = id
		for _, o := range c["options"].([]any) {
			o := o.(map[string]any)
			path := c["name"].(string) + " " + o["name"].(string)
			if o["type"] == float64(2) {
				for _, s := range o["options"].([]any) {
					want[path+" "+s.(map[string]any)["name"].(string)] = id
				}
				continue
			}
			want[path] = id
		}
	}
	ids := commandIDs(have)
	for _, path := range []string{"shogi challenge", "shogi help", "shogi tournament create", "shogi tournament withdraw", "shogiadmin end"} {
		if ids[path] == "" || ids[path] != want[path] {
			t.Errorf("%q: id %q, want %q", path, ids[path], want[path])
		}
	}
	if _, ok := ids["shogi tournament"]; ok {
		t.Error("the group /shogi tournament has an id of its own")
	}
	if len(ids) != len(want) {
		t.Errorf("%d paths, want %d: %v", len(ids), len(want), ids)
	}
	if got := commandIDs(nil); len(got) != 0 {
		t.Errorf("no commands held: %v", got)
	}
}
