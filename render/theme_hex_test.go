package render

import (
	"image/color"
	"testing"
)

func TestHex(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want color.NRGBA
	}{
		{"#000000", color.NRGBA{0, 0, 0, 0xff}},
		{"#f6f0e4", color.NRGBA{0xf6, 0xf0, 0xe4, 0xff}},
		{"#1F5AA6", color.NRGBA{0x1f, 0x5a, 0xa6, 0xff}},
	} {
		t.Run(tc.in, func(t *testing.T) {
			if got := hex(tc.in); got != tc.want {
				t.Errorf("hex(%q) = %v, want %v", tc.in, got, tc.want)
			}
		})
	}
	for _, bad := range []string{"", "#", "f6f0e4", "#f6f0e", "#f6f0e4a", "#g6f0e4", "##6f0e4"} {
		t.Run("bad "+bad, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Errorf("hex(%q) did not panic", bad)
				}
			}()
			hex(bad)
		})
	}
}
