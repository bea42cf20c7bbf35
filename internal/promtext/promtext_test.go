package promtext

import (
	"bytes"
	"math"
	"testing"

	"shinpan/internal/testkit"
)

func TestWrite(t *testing.T) {
	var b bytes.Buffer
	Family(&b, "x_total", "counter", "Things \\ done,\nby route.")
	Sample(&b, "x_total", 3, "route", `/a/"b"\c`, "method", "GET")
	Sample(&b, "x_total", 0.25, "route", "line\nbreak", "method", "GET")
	Family(&b, "y", "gauge", "Y.")
	Sample(&b, "y", math.Inf(1))
	want := `# HELP x_total Things \\ done,\nby route.
# TYPE x_total counter
x_total{route="/a/\"b\"\\c",method="GET"} 3
x_total{route="line\nbreak",method="GET"} 0.25
# HELP y Y.
# TYPE y gauge
y +Inf
`
	if b.String() != want {
		t.Fatalf("wrote\n%s\nwant\n%s", b.String(), want)
	}
	// What Prometheus reads back is what was written.
	s := testkit.ParseMetrics(t, b.String())
	if v := s.Value("x_total", "route", `/a/"b"\c`); v != 3 {
		t.Errorf("read back %v, want 3", v)
	}
	if v := s.Value("x_total", "route", "line\nbreak"); v != 0.25 {
		t.Errorf("read back %v, want 0.25", v)
	}
	if s.Help["x_total"] != "Things \\ done,\nby route." {
		t.Errorf("help read back %q", s.Help["x_total"])
	}
}

func TestName(t *testing.T) {
	for _, c := range []struct {
		name   string
		labels []string
		want   string
	}{
		{"a", nil, "a"},
		{"a", []string{"k", "v"}, `a{k="v"}`},
		{"a", []string{"k", `"`, "l", "w"}, `a{k="\"",l="w"}`},
	} {
		t.Run(c.want, func(t *testing.T) {
			if got := Name(c.name, c.labels...); got != c.want {
				t.Errorf("Name = %s, want %s", got, c.want)
			}
		})
	}
}
