package testkit

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// A Sample is one sample line of a scrape: a series and its value.
type Sample struct {
	Name   string
	Labels map[string]string
	Value  float64
}

// Scrape is a /metrics body in Prometheus's text format, read by
// ParseMetrics.
type Scrape struct {
	Samples []Sample
	Types   map[string]string // by family: counter, gauge, histogram, ...
	Help    map[string]string // by family, unescaped
}

var metricName = regexp.MustCompile(`^[a-zA-Z_:][a-zA-Z0-9_:]*$`)

// ParseMetrics reads a scrape in Prometheus's text format (version 0.0.4)
// strictly, failing t on what Prometheus would refuse or misread: a line
// that is neither HELP, TYPE, a comment nor a sample; a bad name, label or
// value; a series twice; a family's lines not together, or its TYPE after
// its samples; a histogram whose buckets are not cumulative or whose +Inf
// bucket is not its count.
func ParseMetrics(t testing.TB, body string) *Scrape {
	t.Helper()
	s, err := parseMetrics(body)
	if err != nil {
		t.Fatalf("%v\n%s", err, body)
	}
	return s
}

func parseMetrics(body string) (*Scrape, error) {
	s := &Scrape{Types: map[string]string{}, Help: map[string]string{}}
	done := map[string]bool{} // families whose lines have ended
	seen := map[string]bool{} // series
	current := ""
	enter := func(family string) error {
		if family == current {
			return nil
		}
		if done[family] {
			return fmt.Errorf("family %s: its lines are not together", family)
		}
		if current != "" {
			done[current] = true
		}
		current = family
		return nil
	}
	hasSamples := map[string]bool{}
	for n, line := range strings.Split(strings.TrimSuffix(body, "\n"), "\n") {
		fail := func(format string, a ...any) error {
			return fmt.Errorf("line %d %q: %s", n+1, line, fmt.Sprintf(format, a...))
		}
		if line == "" {
			continue
		}
		if rest, ok := strings.CutPrefix(line, "#"); ok {
			fields := strings.SplitN(strings.TrimPrefix(rest, " "), " ", 3)
			if len(fields) < 2 || (fields[0] != "HELP" && fields[0] != "TYPE") {
				continue // a comment
			}
			family := fields[1]
			if !metricName.MatchString(family) {
				return nil, fail("bad family name")
			}
			if err := enter(family); err != nil {
				return nil, fail("%v", err)
			}
			text := ""
			if len(fields) == 3 {
				text = fields[2]
			}
			switch fields[0] {
			case "HELP":
				if _, dup := s.Help[family]; dup {
					return nil, fail("a second HELP")
				}
				s.Help[family] = strings.NewReplacer(`\\`, `\`, `\n`, "\n").Replace(text)
			case "TYPE":
				if _, dup := s.Types[family]; dup {
					return nil, fail("a second TYPE")
				}
				if hasSamples[family] {
					return nil, fail("TYPE after the family's samples")
				}
				if !slices.Contains([]string{"counter", "gauge", "histogram", "summary", "untyped"}, text) {
					return nil, fail("unknown type")
				}
				s.Types[family] = text
			}
			continue
		}
		sm, err := parseSample(line)
		if err != nil {
			return nil, fail("%v", err)
		}
		family := sm.Name
		for _, suffix := range []string{"_bucket", "_sum", "_count"} {
			if base, ok := strings.CutSuffix(sm.Name, suffix); ok {
				if typ := s.Types[base]; typ == "histogram" || typ == "summary" {
					family = base
				}
			}
		}
		if err := enter(family); err != nil {
			return nil, fail("%v", err)
		}
		hasSamples[family] = true
		if key := seriesKey(sm.Name, sm.Labels, ""); seen[key] {
			return nil, fail("a second sample of %s", key)
		} else {
			seen[key] = true
		}
		s.Samples = append(s.Samples, sm)
	}
	return s, s.checkHistograms()
}

// parseSample reads name{label="value",...} value.
func parseSample(line string) (Sample, error) {
	sm := Sample{Labels: map[string]string{}}
	i := strings.IndexAny(line, "{ ")
	if i < 0 {
		return sm, fmt.Errorf("no value")
	}
	sm.Name, line = line[:i], line[i:]
	if !metricName.MatchString(sm.Name) {
		return sm, fmt.Errorf("bad metric name %q", sm.Name)
	}
	if strings.HasPrefix(line, "{") {
		line = line[1:]
		for !strings.HasPrefix(line, "}") {
			eq := strings.Index(line, `="`)
			if eq < 0 {
				return sm, fmt.Errorf("a label without =\"")
			}
			label := strings.TrimSpace(line[:eq])
			if !metricName.MatchString(label) || strings.Contains(label, ":") {
				return sm, fmt.Errorf("bad label name %q", label)
			}
			line = line[eq+2:]
			var v strings.Builder
			for {
				if line == "" {
					return sm, fmt.Errorf("label %s: no closing quote", label)
				}
				c := line[0]
				line = line[1:]
				if c == '"' {
					break
				}
				if c == '\\' {
					if line == "" {
						return sm, fmt.Errorf("label %s: a lone backslash", label)
					}
					switch line[0] {
					case '\\', '"':
						v.WriteByte(line[0])
					case 'n':
						v.WriteByte('\n')
					default:
						return sm, fmt.Errorf("label %s: unknown escape \\%c", label, line[0])
					}
					line = line[1:]
					continue
				}
				v.WriteByte(c)
			}
			if _, dup := sm.Labels[label]; dup {
				return sm, fmt.Errorf("label %s twice", label)
			}
			sm.Labels[label] = v.String()
			line = strings.TrimPrefix(strings.TrimLeft(line, " "), ",")
			line = strings.TrimLeft(line, " ")
		}
		line = line[1:]
	}
	fields := strings.Fields(line)
	if len(fields) != 1 {
		return sm, fmt.Errorf("want one value after the series, have %q", line)
	}
	v, err := strconv.ParseFloat(fields[0], 64)
	if err != nil {
		return sm, fmt.Errorf("value: %v", err)
	}
	sm.Value = v
	return sm, nil
}

// seriesKey names a series: its name and its labels but skip, sorted.
func seriesKey(name string, labels map[string]string, skip string) string {
	keys := make([]string, 0, len(labels))
	for k := range labels {
		if k != skip {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteString(name)
	for _, k := range keys {
		fmt.Fprintf(&b, ",%s=%q", k, labels[k])
	}
	return b.String()
}

// checkHistograms: each histogram series's buckets grow with le, and its
// +Inf bucket is its count.
func (s *Scrape) checkHistograms() error {
	type bucket struct{ le, n float64 }
	buckets := map[string][]bucket{}
	counts := map[string]float64{}
	for _, sm := range s.Samples {
		if base, ok := strings.CutSuffix(sm.Name, "_bucket"); ok && s.Types[base] == "histogram" {
			le, err := strconv.ParseFloat(sm.Labels["le"], 64)
			if err != nil {
				return fmt.Errorf("%s: le %q: %v", sm.Name, sm.Labels["le"], err)
			}
			k := seriesKey(base, sm.Labels, "le")
			buckets[k] = append(buckets[k], bucket{le, sm.Value})
		}
		if base, ok := strings.CutSuffix(sm.Name, "_count"); ok && s.Types[base] == "histogram" {
			counts[seriesKey(base, sm.Labels, "")] = sm.Value
		}
	}
	for k, bs := range buckets {
		sort.Slice(bs, func(i, j int) bool { return bs[i].le < bs[j].le })
		for i := 1; i < len(bs); i++ {
			if bs[i].n < bs[i-1].n {
				return fmt.Errorf("histogram %s: bucket le=%g has %g, below le=%g's %g", k, bs[i].le, bs[i].n, bs[i-1].le, bs[i-1].n)
			}
		}
		// Go's runtime histograms (go_sched_latencies_seconds,
		// go_gc_pauses_seconds) have buckets and no _count.
		if last := bs[len(bs)-1]; !math.IsInf(last.le, 1) {
			return fmt.Errorf("histogram %s: no +Inf bucket", k)
		} else if c, ok := counts[k]; ok && c != last.n {
			return fmt.Errorf("histogram %s: +Inf bucket %g, count %g", k, last.n, c)
		}
	}
	return nil
}

// Value is the sum of the samples named name whose labels include every
// given pair (a label's name, then its value); 0 when there is none.
func (s *Scrape) Value(name string, labels ...string) float64 {
	sum := 0.0
	for _, sm := range s.Samples {
		if sm.Name == name && sm.has(labels) {
			sum += sm.Value
		}
	}
	return sum
}

// Has reports whether a sample named name has every given label pair.
func (s *Scrape) Has(name string, labels ...string) bool {
	for _, sm := range s.Samples {
		if sm.Name == name && sm.has(labels) {
			return true
		}
	}
	return false
}

func (sm Sample) has(labels []string) bool {
	if len(labels)%2 != 0 {
		panic("testkit: labels must be name, value pairs")
	}
	for i := 0; i < len(labels); i += 2 {
		if v, ok := sm.Labels[labels[i]]; !ok || v != labels[i+1] {
			return false
		}
	}
	return true
}
