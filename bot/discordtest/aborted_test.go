package discordtest

import (
	"fmt"
	"net"
	"net/url"
	"testing"
	"time"
)

// TestAbortedRequest: a request whose client goes away before its body is
// all sent (one cancelled mid-send) is recorded as aborted, never acted on
// and not a validation failure: Discord never sees it whole.
func TestAbortedRequest(t *testing.T) {
	srv := New(Options{})
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	u, _ := url.Parse(srv.URL())
	conn, err := net.Dial("tcp", u.Host)
	if err != nil {
		t.Fatal(err)
	}
	path := fmt.Sprintf("/api/v9/channels/%s/messages", srv.DefaultChannelID())
	fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: %s\r\nAuthorization: Bot test\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"content\":", path, u.Host)
	conn.Close()
	deadline := time.Now().Add(5 * time.Second)
	for {
		for _, r := range srv.Requests() {
			if r.Path == path {
				if r.Fault != "aborted by the client" || len(r.Problems) > 0 {
					t.Fatalf("recorded as %+v", r)
				}
				if n := len(srv.ValidationErrors()); n != 0 {
					t.Fatalf("%d validation errors", n)
				}
				if ms := srv.BotMessages(srv.DefaultChannelID()); len(ms) != 0 {
					t.Fatalf("a message was posted: %+v", ms)
				}
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatal("the request was not recorded")
		}
		time.Sleep(10 * time.Millisecond)
	}
}
