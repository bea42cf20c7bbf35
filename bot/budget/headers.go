package budget

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"time"
)

// headers are the rate-limit headers of one response.
type headers struct {
	hasLimit   bool
	limit      int
	remaining  int
	resetAfter time.Duration
	bucket     string // X-RateLimit-Bucket

	// On a 429:
	retryAfter time.Duration
	global     bool
	scope      string // user, global or shared
}

// readHeaders parses a response's X-RateLimit-* headers. On a 429 whose
// headers carry no Retry-After it reads the JSON body's retry_after, and
// puts the body back for the caller.
func readHeaders(resp *http.Response) *headers {
	hd := resp.Header
	h := &headers{bucket: hd.Get("X-RateLimit-Bucket"), scope: hd.Get("X-RateLimit-Scope")}
	if l, err := strconv.Atoi(hd.Get("X-RateLimit-Limit")); err == nil {
		h.limit, h.hasLimit = l, true
		if r, err := strconv.Atoi(hd.Get("X-RateLimit-Remaining")); err == nil {
			h.remaining = r
		}
		if s, err := strconv.ParseFloat(hd.Get("X-RateLimit-Reset-After"), 64); err == nil {
			h.resetAfter = seconds(s)
		} else if s, err := strconv.ParseFloat(hd.Get("X-RateLimit-Reset"), 64); err == nil {
			h.resetAfter = time.Until(time.UnixMilli(int64(s * 1000)))
		}
	}
	h.global = hd.Get("X-RateLimit-Global") == "true" || h.scope == "global"
	if resp.StatusCode != http.StatusTooManyRequests {
		return h
	}
	if s, err := strconv.ParseFloat(hd.Get("Retry-After"), 64); err == nil {
		h.retryAfter = seconds(s)
	}
	if h.retryAfter == 0 && resp.Body != nil {
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<16))
		resp.Body.Close()
		resp.Body = io.NopCloser(bytes.NewReader(body))
		var b struct {
			RetryAfter float64 `json:"retry_after"`
			Global     bool    `json:"global"`
		}
		if json.Unmarshal(body, &b) == nil {
			h.retryAfter = seconds(b.RetryAfter)
			h.global = h.global || b.Global
		}
	}
	if h.retryAfter <= 0 {
		h.retryAfter = time.Second // a 429 that says nothing: back off a second
	}
	return h
}

func seconds(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }
