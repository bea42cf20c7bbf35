package outbox

import (
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"shinpan/store"
)

// ClosedDMs remembers the players whose DMs are closed to the bot. A DM
// Discord refused with 50007 is an invalid request: 10 000 of them in 10
// minutes get the IP banned. So a refusal is kept, in memory and in the
// user's settings (a restart, or another process, knows it too), and DMs are
// not sent to them blindly: a DM to a user known closed is given up at once
// (Refuse: undeliverable, as if refused, without a request) until a DM from
// them arrives or one to them goes through (Open), or DMsClosedRetry has
// passed since the last refusal, when the next DM is sent as a probe.
type ClosedDMs struct {
	st  store.UserSettings
	log *slog.Logger
	now func() time.Time

	// closed holds the users last refused (the time of the refusal); read
	// the users whose settings were read for it.
	closed, read sync.Map
}

// DMsClosedRetry is how long after a refusal the DMs to a user are given up
// without asking Discord.
const DMsClosedRetry = 30 * time.Minute

// ErrDMsKnownClosed is the answer to a DM given up without a request: 403
// 50007, as Discord would have answered.
var ErrDMsKnownClosed = &discordgo.RESTError{
	Response: &http.Response{StatusCode: http.StatusForbidden, Status: "403 Forbidden (known closed, not sent)"},
	Message:  &discordgo.APIErrorMessage{Code: discordgo.ErrCodeCannotSendMessagesToThisUser, Message: "Cannot send messages to this user (known closed, not sent)"},
}

// NewClosedDMs returns the closed DMs kept in st's settings; now is the clock.
func NewClosedDMs(st store.UserSettings, log *slog.Logger, now func() time.Time) *ClosedDMs {
	return &ClosedDMs{st: st, log: log, now: now}
}

// Refuse is the outbox's Refuse hook: ErrDMsKnownClosed for a DM to a user
// known to have closed their DMs within DMsClosedRetry, nil to send it. The
// first DM to a user in this process reads their settings.
func (c *ClosedDMs) Refuse(m store.OutMsg) error {
	if m.Dest != store.DestDM {
		return nil
	}
	at, ok := c.closedAt(m.Target)
	if !ok {
		return nil
	}
	if now := c.now(); now.Sub(at) >= DMsClosedRetry {
		// One probe: the DMs sent meanwhile wait for its answer's news.
		c.closed.Store(m.Target, now)
		return nil
	}
	return ErrDMsKnownClosed
}

// Known says whether user's DMs are known closed in this process.
func (c *ClosedDMs) Known(user string) bool {
	_, closed := c.closed.Load(user)
	return closed
}

// closedAt says when a DM to user was last refused, if their DMs are known
// closed; the first call for a user reads their settings.
func (c *ClosedDMs) closedAt(user string) (time.Time, bool) {
	if v, ok := c.closed.Load(user); ok {
		at, _ := v.(time.Time)
		return at, true
	}
	if _, read := c.read.LoadOrStore(user, true); read {
		return time.Time{}, false
	}
	s, err := c.st.GetSettings(user)
	if err != nil || s.DMsClosedAt.IsZero() {
		return time.Time{}, false
	}
	v, _ := c.closed.LoadOrStore(user, s.DMsClosedAt)
	at, _ := v.(time.Time)
	return at, true
}

// Refused remembers that Discord refused a DM to user (50007); rerr is
// ErrDMsKnownClosed when the DM was given up without a request.
func (c *ClosedDMs) Refused(user string, rerr *discordgo.RESTError) {
	if rerr == ErrDMsKnownClosed {
		return
	}
	now := c.now()
	c.closed.Store(user, now)
	c.read.Store(user, true)
	if _, err := c.st.UpdateSettings(user, func(s *store.Settings) { s.DMsClosedAt = now }); err != nil {
		c.log.Warn("remember closed DMs", "user", user, "err", err)
	}
}

// Open forgets that user's DMs were closed: a DM from them arrived, or one
// to them went through. stored is the refusal their settings hold, if the
// caller read them (zero: not read, or none).
func (c *ClosedDMs) Open(user string, stored time.Time) {
	c.read.LoadOrStore(user, true)
	if _, was := c.closed.LoadAndDelete(user); !was && stored.IsZero() {
		return
	}
	if _, err := c.st.UpdateSettings(user, func(s *store.Settings) { s.DMsClosedAt = time.Time{} }); err != nil {
		c.log.Warn("forget closed DMs", "user", user, "err", err)
	}
}
