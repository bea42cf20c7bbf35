package testkit

import (
	"strings"
	"testing"
)

func TestParseMetrics(t *testing.T) {
	body := `# HELP a_total Things done \\ with a\nnewline.
# TYPE a_total counter
a_total{kind="x",path="C:\\dir \"q\"\nz"} 2
a_total{kind="y"} 3.5
# HELP h
# TYPE h histogram
h_bucket{op="w",le="0.5"} 1
h_bucket{op="w",le="1"} 2
h_bucket{op="w",le="+Inf"} 3
h_sum{op="w"} 4.25
h_count{op="w"} 3
info{compiler="gc", GOOS="linux"} 1
up 1
`
	s := ParseMetrics(t, body)
	for _, c := range []struct {
		name   string
		labels []string
		want   float64
	}{
		{"a_total", nil, 5.5},
		{"a_total", []string{"kind", "y"}, 3.5},
		{"a_total", []string{"path", "C:\\dir \"q\"\nz"}, 2},
		{"a_total", []string{"kind", "z"}, 0},
		{"h_bucket", []string{"le", "+Inf"}, 3},
		{"h_count", []string{"op", "w"}, 3},
		{"info", []string{"GOOS", "linux"}, 1},
		{"up", nil, 1},
	} {
		if v := s.Value(c.name, c.labels...); v != c.want {
			t.Errorf("Value(%s, %v) = %v, want %v", c.name, c.labels, v, c.want)
		}
	}
	if s.Types["a_total"] != "counter" || s.Types["h"] != "histogram" || s.Types["up"] != "" {
		t.Errorf("types %v", s.Types)
	}
	if h := s.Help["a_total"]; h != "Things done \\ with a\nnewline." {
		t.Errorf("help %q", h)
	}
	if h, ok := s.Help["h"]; !ok || h != "" {
		t.Errorf("an empty HELP: %q, %v", h, ok)
	}
	if !s.Has("info") || s.Has("info", "GOOS", "darwin") {
		t.Error("Has")
	}
}

func TestParseMetricsRefuses(t *testing.T) {
	for _, c := range []struct{ name, body, why string }{
		{"no value", "a_total{kind=\"x\"}\n", "want one value"},
		{"timestamp", "a 1 1700000000\n", "want one value"},
		{"bad value", "a one\n", "value"},
		{"bad name", "1a 1\n", "bad metric name"},
		{"bad label", "a{k-1=\"x\"} 1\n", "bad label name"},
		{"unquoted", "a{k=x} 1\n", "without"},
		{"unclosed", "a{k=\"x} 1\n", "no closing quote"},
		{"bad escape", "a{k=\"\\t\"} 1\n", "unknown escape"},
		{"label twice", "a{k=\"x\",k=\"y\"} 1\n", "twice"},
		{"series twice", "a{k=\"x\"} 1\na{k=\"x\"} 2\n", "a second sample"},
		{"split family", "a 1\nb 1\na{k=\"x\"} 1\n", "not together"},
		{"type late", "a 1\n# TYPE a gauge\n", "TYPE after"},
		{"two types", "# TYPE a gauge\n# TYPE a gauge\na 1\n", "a second TYPE"},
		{"unknown type", "# TYPE a meter\na 1\n", "unknown type"},
		{"buckets fall", "# TYPE h histogram\nh_bucket{le=\"1\"} 2\nh_bucket{le=\"2\"} 1\nh_bucket{le=\"+Inf\"} 2\nh_count 2\n", "below"},
		{"count off", "# TYPE h histogram\nh_bucket{le=\"1\"} 1\nh_bucket{le=\"+Inf\"} 2\nh_count 3\n", "+Inf bucket 2, count 3"},
		{"no +Inf", "# TYPE h histogram\nh_bucket{le=\"1\"} 1\nh_count 1\n", "no +Inf"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := parseMetrics(c.body)
			if err == nil || !strings.Contains(err.Error(), c.why) {
				t.Errorf("err %v, want one saying %q", err, c.why)
			}
		})
	}
}
