package golit

import (
	"strings"
	"testing"
)

type pair struct{ Lo, Hi uint64 }

func TestFile(t *testing.T) {
	for _, tc := range []struct {
		name string
		v    Var
		want string
	}{
		{"scalar", V("x", uint64(255)), "x uint64 = 0xff"},
		{"signed", V("d", [3]int8{0, -1, 2}), "d = [3]int8{1: -1, 2: 2}"},
		{"struct", V("p", [2]pair{1: {1, 2}}), "p = [2]pair{1: {Lo: 0x1, Hi: 0x2}}"},
		{"nested", V("n", [2][2]bool{1: {1: true}}), "n = [2][2]bool{\n\t\t1: {1: true},\n\t}"},
		{"zero field", V("q", [1]pair{{0, 3}}), "q = [1]pair{0: {Hi: 0x3}}"},
		{"all zero", V("z", [4]int16{}), "z = [4]int16{}"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src, err := File("golit", "// test", nil, []Var{tc.v})
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(src), tc.want) {
				t.Errorf("got\n%s\nwant it to contain\n%s", src, tc.want)
			}
		})
	}
}
