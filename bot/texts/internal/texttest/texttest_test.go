package texttest

import (
	"reflect"
	"testing"
)

func TestVerbs(t *testing.T) {
	for s, want := range map[string]map[int]rune{
		"%s's %s on %s":     {1: 's', 2: 's', 3: 's'},
		"%[1]sの%[3]s%[2]sが": {1: 's', 2: 's', 3: 's'},
		"100%% %d/%d":       {1: 'd', 2: 'd'},
		"%[2]d then %s":     {2: 'd', 3: 's'},
	} {
		t.Run(s, func(t *testing.T) {
			if got, err := Verbs(s); err != "" || !reflect.DeepEqual(got, want) {
				t.Errorf("Verbs(%q) = %v, %q; want %v", s, got, err, want)
			}
		})
	}
	for _, bad := range []string{"%", "%[x]s", "%[1]s %[1]d", "%z"} {
		t.Run(bad, func(t *testing.T) {
			if _, err := Verbs(bad); err == "" {
				t.Errorf("Verbs(%q) gave no error", bad)
			}
		})
	}
}
