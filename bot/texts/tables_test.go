package texts

import (
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// verbs returns the fmt placeholders of s as argument number → verb, and an
// error text for a malformed or inconsistent one.
func verbs(s string) (map[int]rune, string) {
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

// keyConsts reads the message ids declared in keys.go.
func keyConsts(t *testing.T) map[msg]string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "keys.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := map[msg]string{}
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
				if prev, dup := out[msg(v)]; dup {
					t.Errorf("message id %q declared twice (%s, %s)", v, prev, n.Name)
				}
				out[msg(v)] = n.Name
			}
		}
	}
	if len(out) < 100 {
		t.Fatalf("found only %d message ids in keys.go", len(out))
	}
	return out
}

func TestTablesHaveTheSameKeys(t *testing.T) {
	consts := keyConsts(t)
	for name, tab := range map[string]map[msg]string{"en": en(), "ja": ja()} {
		for k, c := range consts {
			if _, ok := tab[k]; !ok {
				t.Errorf("%s: missing %s (%q)", name, c, k)
			}
		}
		for k := range tab {
			if _, ok := consts[k]; !ok {
				t.Errorf("%s: %q is not declared in keys.go", name, k)
			}
		}
	}
	if len(en()) != len(ja()) {
		t.Errorf("en has %d keys, ja %d", len(en()), len(ja()))
	}
}

func TestTablesHaveTheSamePlaceholders(t *testing.T) {
	keys := make([]string, 0, len(en()))
	for k := range en() {
		keys = append(keys, string(k))
	}
	sort.Strings(keys)
	for _, ks := range keys {
		k := msg(ks)
		ve, errE := verbs(en()[k])
		vj, errJ := verbs(ja()[k])
		if errE != "" || errJ != "" {
			t.Errorf("%s: en %s; ja %s", k, errE, errJ)
			continue
		}
		if !reflect.DeepEqual(ve, vj) {
			t.Errorf("%s: placeholders differ: en %v %q, ja %v %q", k, ve, en()[k], vj, ja()[k])
		}
		// Arguments are numbered 1..n with none left out.
		for i := 1; i <= len(ve); i++ {
			if _, ok := ve[i]; !ok {
				t.Errorf("%s: argument %d unused in %q", k, i, en()[k])
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
		for _, l := range Langs {
			if s := tr(l, k, args...); strings.Contains(s, "%!") {
				t.Errorf("%s %s: %q", l, k, s)
			}
		}
	}
}

func TestVerbsParser(t *testing.T) {
	for s, want := range map[string]map[int]rune{
		"%s's %s on %s":     {1: 's', 2: 's', 3: 's'},
		"%[1]sの%[3]s%[2]sが": {1: 's', 2: 's', 3: 's'},
		"100%% %d/%d":       {1: 'd', 2: 'd'},
		"%[2]d then %s":     {2: 'd', 3: 's'},
	} {
		got, err := verbs(s)
		if err != "" || !reflect.DeepEqual(got, want) {
			t.Errorf("verbs(%q) = %v, %q; want %v", s, got, err, want)
		}
	}
	for _, bad := range []string{"%", "%[x]s", "%[1]s %[1]d", "%z"} {
		if _, err := verbs(bad); err == "" {
			t.Errorf("verbs(%q) gave no error", bad)
		}
	}
}
