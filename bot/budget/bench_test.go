package budget

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// stub answers at once with a bucket that never runs out: what is left is
// the gate's own cost.
type stub struct{}

func (stub) RoundTrip(req *http.Request) (*http.Response, error) {
	h := http.Header{}
	h.Set("X-RateLimit-Limit", "1000000000")
	h.Set("X-RateLimit-Remaining", "999999999")
	h.Set("X-RateLimit-Reset-After", "1000")
	h.Set("X-RateLimit-Bucket", "abc")
	return &http.Response{StatusCode: 200, Header: h, Body: io.NopCloser(strings.NewReader("{}")), Request: req}, nil
}

func BenchmarkGateOverhead(b *testing.B) {
	for _, c := range []struct{ name, method, url string }{
		{"message", "POST", "http://d/api/v10/channels/123456789012345678/messages"},
		{"callback", "POST", "http://d/api/v10/interactions/123456789012345678/tok/callback"},
	} {
		b.Run(c.name, func(b *testing.B) {
			g := New(Config{Base: stub{}, Global: 1 << 30})
			req, _ := http.NewRequest(c.method, c.url, nil)
			b.ReportAllocs()
			for b.Loop() {
				resp, err := g.RoundTrip(req)
				if err != nil {
					b.Fatal(err)
				}
				resp.Body.Close()
			}
		})
	}
	b.Run("parallel", func(b *testing.B) {
		g := New(Config{Base: stub{}, Global: 1 << 30})
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			req, _ := http.NewRequest("POST", "http://d/api/v10/channels/123456789012345678/messages", nil)
			for pb.Next() {
				resp, err := g.RoundTrip(req)
				if err != nil {
					b.Fatal(err)
				}
				resp.Body.Close()
			}
		})
	})
}

func BenchmarkStubAlone(b *testing.B) {
	req, _ := http.NewRequest("POST", "http://d/api/v10/channels/1/messages", nil)
	for b.Loop() {
		resp, _ := stub{}.RoundTrip(req)
		resp.Body.Close()
	}
}
