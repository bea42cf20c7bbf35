package outbox

import (
	"errors"
	"time"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/budget"
)

// tooMany says whether a request was answered 429 (discordgo's retry of it
// is off: the caller retries, through the budget).
func tooMany(err error) bool {
	var rl *discordgo.RateLimitError
	return errors.As(err, &rl)
}

// banned says whether the budget refused a request for a ban, and sets wait
// to when to look again: the ban's end, or within bannedPoll (an operator
// may lift it early; asking the budget sends nothing).
func banned(err error, wait *time.Duration) bool {
	var b *budget.BannedError
	if !errors.As(err, &b) {
		return false
	}
	*wait = min(max(time.Until(b.Until), 10*time.Millisecond), bannedPoll)
	return true
}

// bannedPoll bounds the wait of a destination stopped by a ban.
const bannedPoll = time.Second

// again calls fn until it is not answered 429 (or, opening a DM channel,
// 403 code 40003, Discord's "too fast" for that route), at most tries
// times: each call passes the budget, which holds the route's bucket for
// the 429's Retry-After, so a retry waits there rather than being refused
// again. Several processes on one token learn the DM-opening bucket each
// from its own answers, so a 40003 also waits a moment before the retry.
func again[T any](tries int, fn func() (T, error)) (T, error) {
	for i := 1; ; i++ {
		v, err := fn()
		if err == nil || i >= tries || !tooMany(err) && !dmOpenTooFast(err) {
			return v, err
		}
		if dmOpenTooFast(err) {
			time.Sleep(time.Duration(i) * dmOpenBackoff)
		}
	}
}

// dmOpenBackoff is the first wait after a 40003.
const dmOpenBackoff = 500 * time.Millisecond

// dmOpenTooFast says whether Discord refused to open a DM channel because
// the bot opens them too fast (403, code 40003).
func dmOpenTooFast(err error) bool {
	var rerr *discordgo.RESTError
	return errors.As(err, &rerr) && rerr.Message != nil && rerr.Message.Code == discordgo.ErrCodeOpeningDirectMessagesTooFast
}
