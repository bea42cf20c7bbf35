package rest

import (
	"fmt"
	"net/http"
	"path"
	"shinpan/bot/discordtest/ratelimit"
	"shinpan/bot/discordtest/wire"
	"strings"
	"time"
)

// Fault makes the next Times REST requests that match Method and Path fail
// with Status instead of being served (they are recorded with Request.Fault
// set and have no effect).
type Fault struct {
	// Method is an HTTP method; empty or "*" matches any.
	Method string
	// Path is a path.Match pattern on the path after /api/vN, e.g.
	// "/channels/*/messages" or "/interactions/*/*/callback"; empty matches any.
	Path string
	// Times is how many requests fail; default 1.
	Times int
	// Status is the HTTP status: 429, 500, 502, or any other error status.
	Status int
	// RetryAfter is the 429 wait (body retry_after in seconds and headers);
	// default 100 ms.
	RetryAfter time.Duration
	// Global marks a 429 as the global rate limit (scope global).
	Global bool
	// Scope is a 429's X-RateLimit-Scope when not Global: "user" (default)
	// or "shared" (a resource's limit, which does not count toward the ban).
	Scope string
	// Code and Message override the JSON error body for statuses other than 429.
	Code    int
	Message string
}

func (f *Fault) matches(method, apiPath string) bool {
	if f.Method != "" && f.Method != "*" && !strings.EqualFold(f.Method, method) {
		return false
	}
	if f.Path == "" {
		return true
	}
	ok, _ := path.Match(f.Path, apiPath)
	return ok
}

// InjectFault arms a REST fault.
func (a *API) InjectFault(f Fault) {
	if f.Times <= 0 {
		f.Times = 1
	}
	if f.Status == http.StatusTooManyRequests && f.RetryAfter <= 0 {
		f.RetryAfter = 100 * time.Millisecond
	}
	a.w.Lock()
	defer a.w.Unlock()
	a.faults = append(a.faults, &f)
}

// ClearFaults disarms every pending REST fault.
func (a *API) ClearFaults() {
	a.w.Lock()
	defer a.w.Unlock()
	a.faults = nil
}

// takeFault consumes one use of the first fault matching the request.
func (a *API) takeFault(method, apiPath string) *Fault {
	for i, f := range a.faults {
		if f.matches(method, apiPath) {
			f.Times--
			if f.Times <= 0 {
				a.faults = append(a.faults[:i:i], a.faults[i+1:]...)
			}
			return f
		}
	}
	return nil
}

// scope is the X-RateLimit-Scope of a 429 fault ("" for other statuses).
func (f *Fault) scope() string {
	switch {
	case f.Status != http.StatusTooManyRequests:
		return ""
	case f.Global:
		return "global"
	case f.Scope != "":
		return f.Scope
	}
	return "user"
}

// answer writes the fault's headers and returns its status and body. A 429
// is written as Discord writes one of its scope (docs §Exceeding A Rate
// Limit): a user or shared one with the headers of a bucket of its own
// that resets after RetryAfter (empty for user, not for shared), a global
// one without them.
func (f *Fault) answer(h http.Header, now time.Time) (int, *wire.APIError, any) {
	if f.Status != http.StatusTooManyRequests {
		msg := f.Message
		if msg == "" {
			msg = fmt.Sprintf("%d: %s", f.Status, http.StatusText(f.Status))
		}
		e := wire.NewAPIError(f.Status, f.Code, msg)
		return f.Status, e, e
	}
	scope := f.scope()
	msg := ratelimit.MsgRateLimited
	if scope != "global" {
		remaining := 0
		if scope == "shared" {
			msg, remaining = ratelimit.MsgResourceLimited, 4
		}
		ratelimit.WriteHeaders(h, ratelimit.Bucket{Requests: 5, Per: f.RetryAfter}, remaining, now.Add(f.RetryAfter), now, ratelimit.Hash("fault")) // a limit of 5: any would do
	}
	l := ratelimit.TooMany(h, f.RetryAfter, scope, 0, msg)
	return l.Status, nil, l.Body
}
