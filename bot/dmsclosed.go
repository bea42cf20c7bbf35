package bot

import (
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"

	"shinpan/store"
)

// Closed DMs. A DM Discord refused with 50007 (the user closed their DMs to
// the bot) is an invalid request: 10 000 of them in 10 minutes get the IP
// banned. So the bot remembers who refused, in memory and in the user's
// settings (a restart, or another process, knows it too), and does not
// send them DMs blindly: a DM to a user known closed is given up at once
// (undeliverable, as if refused, without a request) until a DM from them
// arrives, one to them goes through, or dmsClosedRetry has passed since the
// last refusal, when the next DM is sent as a probe.

// dmsClosedRetry is how long after a refusal the DMs to a user are given up
// without asking Discord.
const dmsClosedRetry = 30 * time.Minute

// errDMsKnownClosed is the answer to a DM given up without a request: 403
// 50007, as Discord would have answered.
var errDMsKnownClosed = &discordgo.RESTError{
	Response: &http.Response{StatusCode: http.StatusForbidden, Status: "403 Forbidden (known closed, not sent)"},
	Message:  &discordgo.APIErrorMessage{Code: discordgo.ErrCodeCannotSendMessagesToThisUser, Message: "Cannot send messages to this user (known closed, not sent)"},
}

// refuseKnownClosed is the outbox's Refuse hook: errDMsKnownClosed for a DM
// to a user known to have closed their DMs within dmsClosedRetry, nil to
// send it. The first DM to a user in this process reads their settings.
func (b *Bot) refuseKnownClosed(m store.OutMsg) error {
	if m.Dest != store.DestDM {
		return nil
	}
	at, ok := b.dmsClosedAt(m.Target)
	if !ok {
		return nil
	}
	if now := b.now(); now.Sub(at) >= dmsClosedRetry {
		// One probe: the DMs sent meanwhile wait for its answer's news.
		b.dmsClosed.Store(m.Target, now)
		return nil
	}
	return errDMsKnownClosed
}

// dmsClosedAt says when a DM to user was last refused, if their DMs are
// known closed; the first call for a user reads their settings.
func (b *Bot) dmsClosedAt(user string) (time.Time, bool) {
	if v, ok := b.dmsClosed.Load(user); ok {
		at, _ := v.(time.Time)
		return at, true
	}
	if _, read := b.dmsRead.LoadOrStore(user, true); read {
		return time.Time{}, false
	}
	s, err := b.st.GetSettings(user)
	if err != nil || s.DMsClosedAt.IsZero() {
		return time.Time{}, false
	}
	v, _ := b.dmsClosed.LoadOrStore(user, s.DMsClosedAt)
	at, _ := v.(time.Time)
	return at, true
}

// dmRefused remembers that Discord refused a DM to user (50007); rerr is
// errDMsKnownClosed when the DM was given up without a request.
func (b *Bot) dmRefused(user string, rerr *discordgo.RESTError) {
	if rerr == errDMsKnownClosed {
		return
	}
	now := b.now()
	b.dmsClosed.Store(user, now)
	b.dmsRead.Store(user, true)
	if _, err := b.st.UpdateSettings(user, func(s *store.Settings) { s.DMsClosedAt = now }); err != nil {
		b.log.Warn("remember closed DMs", "user", user, "err", err)
	}
}

// dmsOpen forgets that user's DMs were closed: a DM from them arrived, or
// one to them went through. stored is the refusal their settings hold, if
// the caller read them (zero: not read, or none).
func (b *Bot) dmsOpen(user string, stored time.Time) {
	b.dmsRead.LoadOrStore(user, true)
	if _, was := b.dmsClosed.LoadAndDelete(user); !was && stored.IsZero() {
		return
	}
	if _, err := b.st.UpdateSettings(user, func(s *store.Settings) { s.DMsClosedAt = time.Time{} }); err != nil {
		b.log.Warn("forget closed DMs", "user", user, "err", err)
	}
}
