// Package texttest checks the word tables of bot/texts and its sub-packages
// alike: every message id declared in keys.go is in both tables and nothing
// else is, both tables take the same placeholders, and the texts name only
// the slash commands the bot has. Each package's tests call it on its own
// tables.
package texttest

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// Verbs returns the fmt placeholders of s as argument number → verb, and an
// error text for a malformed or inconsistent one.
func Verbs(s string) (map[int]rune, string) {
	out := map[int]rune{}
	arg := 1
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			continue
		}
		i++
		if i < len(s) && s[i] == '%' {
			continue
		}
		for i < len(s) && strings.IndexByte("+-# 0", s[i]) >= 0 {
			i++
		}
		for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.') {
			i++
		}
		if i < len(s) && s[i] == '[' {
			j := strings.IndexByte(s[i:], ']')
			if j < 0 {
				return nil, "unclosed ["
			}
			n, err := strconv.Atoi(s[i+1 : i+j])
			if err != nil || n < 1 {
				return nil, "bad index " + s[i:i+j+1]
			}
			arg = n
			i += j + 1
		}
		if i >= len(s) {
			return nil, "dangling %"
		}
		v := rune(s[i])
		if !strings.ContainsRune("dsvqxXcf", v) {
			return nil, "unexpected verb %" + string(v)
		}
		if old, ok := out[arg]; ok && old != v {
			return nil, "argument " + strconv.Itoa(arg) + " used as %" + string(old) + " and %" + string(v)
		}
		out[arg] = v
		arg++
	}
	return out, ""
}

// Keys reads the message ids declared in a keys.go file (constants of type
// msg): id → constant name. An id declared twice is an error.
func Keys(t testing.TB, file string) map[string]string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, sp := range g.Specs {
			vs := sp.(*ast.ValueSpec)
			if id, ok := vs.Type.(*ast.Ident); !ok || id.Name != "msg" {
				continue
			}
			for i, n := range vs.Names {
				lit := vs.Values[i].(*ast.BasicLit)
				v, _ := strconv.Unquote(lit.Value)
				if prev, dup := out[v]; dup {
					t.Errorf("%s: message id %q declared twice (%s, %s)", file, v, prev, n.Name)
				}
				out[v] = n.Name
			}
		}
	}
	return out
}

// Tables checks a package's tables en and ja against the message ids of its
// keys.go (at least min of them): the same keys in both and in keys.go, the
// same placeholders in both, numbered 1..n with none left out, each template
// formats with arguments of the right types without a fmt error, and each
// fits one Discord message (maxLen characters) as written, so no help or
// rules page is ever cut (format verbs count as written; what they insert is
// bounded where it is filled).
func Tables[K ~string](t *testing.T, keysFile string, min, maxLen int, en, ja map[K]string) {
	t.Helper()
	consts := Keys(t, keysFile)
	if len(consts) < min {
		t.Fatalf("found only %d message ids in %s", len(consts), keysFile)
	}
	t.Run("keys", func(t *testing.T) {
		for name, tab := range map[string]map[K]string{"en": en, "ja": ja} {
			for k, c := range consts {
				if _, ok := tab[K(k)]; !ok {
					t.Errorf("%s: missing %s (%q)", name, c, k)
				}
			}
			for k := range tab {
				if _, ok := consts[string(k)]; !ok {
					t.Errorf("%s: %q is not declared in %s", name, k, keysFile)
				}
			}
		}
		if len(en) != len(ja) {
			t.Errorf("en has %d keys, ja %d", len(en), len(ja))
		}
	})
	t.Run("fit", func(t *testing.T) {
		for name, tab := range map[string]map[K]string{"en": en, "ja": ja} {
			for k, s := range tab {
				if n := utf8.RuneCountInString(s); n > maxLen {
					t.Errorf("%s %s: %d characters, Discord takes %d", name, k, n, maxLen)
				}
			}
		}
	})
	t.Run("placeholders", func(t *testing.T) {
		keys := make([]string, 0, len(en))
		for k := range en {
			keys = append(keys, string(k))
		}
		sort.Strings(keys)
		for _, ks := range keys {
			k := K(ks)
			ve, errE := Verbs(en[k])
			vj, errJ := Verbs(ja[k])
			if errE != "" || errJ != "" {
				t.Errorf("%s: en %s; ja %s", k, errE, errJ)
				continue
			}
			if !reflect.DeepEqual(ve, vj) {
				t.Errorf("%s: placeholders differ: en %v %q, ja %v %q", k, ve, en[k], vj, ja[k])
			}
			// Arguments are numbered 1..n with none left out.
			for i := 1; i <= len(ve); i++ {
				if _, ok := ve[i]; !ok {
					t.Errorf("%s: argument %d unused in %q", k, i, en[k])
				}
			}
			// Formatting with arguments of the right types gives no fmt error.
			args := make([]any, len(ve))
			for i := range args {
				if ve[i+1] == 'd' {
					args[i] = 7
				} else {
					args[i] = "x"
				}
			}
			for name, tab := range map[string]map[K]string{"en": en, "ja": ja} {
				s := tab[k]
				if len(args) > 0 {
					s = fmt.Sprintf(s, args...)
				}
				if strings.Contains(s, "%!") {
					t.Errorf("%s %s: %q", name, k, s)
				}
			}
		}
	})
}

// Subcommands are the subcommands of /shogi (bot/commands), AdminSubcommands
// those of /shogiadmin, the moderators' command. A text may name no other
// command.
var (
	Subcommands = map[string]bool{"challenge": true, "accept": true, "decline": true, "cancel": true,
		"resign": true, "declare": true, "board": true, "status": true, "games": true, "rules": true, "help": true,
		"note": true, "reach": true, "draw": true, "abort": true, "rematch": true, "rating": true,
		"leaderboard": true, "history": true, "record": true, "settings": true,
		"review": true, "watch": true, "tournament": true}
	AdminSubcommands = map[string]bool{"end": true, "settings": true, "defaults": true}
)

var slashCommand = regexp.MustCompile("(?:^|[\\s`(（「])/([a-z_]+)( [a-z_]+)?")

// CommandsExist checks that every slash command a text of tables names is
// /shogi or /shogiadmin with a real subcommand, written in code (which the
// bot sends as the command's mention, texts.CommandIDs), and returns how
// many it found.
func CommandsExist[K ~string](t *testing.T, tables map[string]map[K]string) int {
	t.Helper()
	named := 0
	for l, tab := range tables {
		for k, s := range tab {
			for _, i := range slashCommand.FindAllStringIndex(s, -1) {
				if s[i[0]] != '`' {
					t.Errorf("%s %s names %q outside code: write it in backticks, to be sent as its mention", l, k, strings.TrimSpace(s[i[0]:i[1]]))
				}
			}
			for _, m := range slashCommand.FindAllStringSubmatch(s, -1) {
				named++
				subs := Subcommands
				if m[1] == "shogiadmin" {
					subs = AdminSubcommands
				}
				if m[1] != "shogi" && m[1] != "shogiadmin" || m[2] != "" && !subs[strings.TrimSpace(m[2])] {
					t.Errorf("%s %s names %q, which is no command", l, k, strings.TrimSpace(m[0]))
				}
			}
		}
	}
	return named
}

// HasJapanese reports whether s holds kana or kanji.
func HasJapanese(s string) bool {
	for _, r := range s {
		if r >= 0x3040 && r <= 0x30ff || r >= 0x4e00 && r <= 0x9fff {
			return true
		}
	}
	return false
}

// Runes is the length of s in characters, as Discord counts them.
func Runes(s string) int { return len([]rune(s)) }
