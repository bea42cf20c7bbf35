package commands

import (
	"encoding/json"
	"fmt"

	"shinpan/bot/texts"
)

// Registering the commands at every start spends Discord's command bucket
// (a bulk overwrite, limited per application and per guild, and 200 creates
// a day per guild) although they rarely change: a start reads what Discord
// holds (one GET) and overwrites only when that differs from Definitions.

// serverKeys are the fields Discord adds to a command it holds.
var serverKeys = map[string]bool{"id": true, "application_id": true, "version": true, "guild_id": true}

// sameCommands says whether the commands Discord holds (have, as read back)
// are exactly list, the bodies the bot would register.
func sameCommands(list []map[string]json.RawMessage, have []map[string]any) bool {
	if len(list) != len(have) {
		return false
	}
	raw, err := json.Marshal(list)
	if err != nil {
		return false
	}
	var ours []map[string]any
	if json.Unmarshal(raw, &ours) != nil {
		return false
	}
	for _, o := range ours {
		found := false
		for _, h := range have {
			if h["name"] == o["name"] && commandType(h) == commandType(o) {
				if _, ok := o["type"]; !ok {
					o["type"] = float64(1) // what Discord fills in
				}
				found = covers(o, h)
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// commandType is a command's type, 1 (a slash command) when not given.
func commandType(c map[string]any) string {
	if t, ok := c["type"]; ok && t != nil {
		return fmt.Sprint(t)
	}
	return "1"
}

// covers says whether theirs holds ours: the same values under ours' keys,
// and, under keys ours lacks, nothing but zero values or what Discord adds.
// Numbers compare as text (a permission set is sent as a number and read
// back as a string).
func covers(ours, theirs any) bool {
	switch o := ours.(type) {
	case map[string]any:
		t, ok := theirs.(map[string]any)
		if !ok {
			return len(o) == 0 && zero(theirs)
		}
		for k, v := range o {
			if !covers(v, t[k]) {
				return false
			}
		}
		for k, v := range t {
			if _, ok := o[k]; !ok && !serverKeys[k] && !zero(v) {
				return false
			}
		}
		return true
	case []any:
		t, ok := theirs.([]any)
		if !ok {
			return len(o) == 0 && zero(theirs)
		}
		if len(o) != len(t) {
			return false
		}
		for i := range o {
			if !covers(o[i], t[i]) {
				return false
			}
		}
		return true
	case nil:
		return zero(theirs)
	case float64, string:
		return fmt.Sprint(o) == fmt.Sprint(theirs)
	}
	return ours == theirs
}

// zero says whether v is JSON's null, false, 0, "", [] or {}.
func zero(v any) bool {
	switch v := v.(type) {
	case nil:
		return true
	case bool:
		return !v
	case float64:
		return v == 0
	case string:
		return v == ""
	case []any:
		return len(v) == 0
	case map[string]any:
		return len(v) == 0
	}
	return false
}

// commandIDs are the ids of the commands Discord holds (as read back) by the
// paths a mention names: each slash command's subcommands ("shogi
// challenge") and its groups' ("shogi tournament create"), under the
// command's id.
func commandIDs(have []map[string]any) texts.CommandIDs {
	ids := texts.CommandIDs{}
	for _, c := range have {
		id, _ := c["id"].(string)
		name, _ := c["name"].(string)
		if id == "" || name == "" || commandType(c) != "1" {
			continue
		}
		var walk func(path string, opts any)
		walk = func(path string, opts any) {
			list, _ := opts.([]any)
			for _, o := range list {
				o, _ := o.(map[string]any)
				n, _ := o["name"].(string)
				switch fmt.Sprint(o["type"]) {
				case "1": // a subcommand
					ids[path+" "+n] = id
				case "2": // a group of subcommands
					walk(path+" "+n, o["options"])
				}
			}
		}
		walk(name, c["options"])
	}
	return ids
}
