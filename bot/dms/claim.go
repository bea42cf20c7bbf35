package dms

import (
	"errors"
	"time"

	"github.com/bwmarrin/discordgo"

	"shinpan/store"
)

// A DM is handled once, by its message id, however many times it arrives:
// every process that runs shard 0 receives each DM, and a RESUME may replay
// one. Within a process firstSeen (catchup.go) drops a DM already handled.
// When several processes share the store (store.Shared), a DM is claimed
// in its sender's DM state first, in one atomic step (store.ClaimDM); a
// process handles it only with the claim:
//
//   - a DM at or below LastDM was handled (by any process): dropped;
//   - while another process holds a live claim for the user, wait: one
//     user's DMs are handled one at a time and in order, whichever process
//     handles each;
//   - a claim past its deadline (its process died or stalled), or held by a
//     process whose leases ran out (cluster mode: claims carry the lease
//     process's name), is taken over; when it was for an older DM the
//     process never saw, the DMs since LastDM are read back first
//     (catch-up), so none is skipped.
//
// Handling ends by raising LastDM and dropping the claim, one atomic step
// too (markHandled, store.MarkDMHandled).
// Two more guards hold when a claim is taken over from a stalled process that
// then wakes: its action carries the DM's id as its idempotency key, so the
// store refuses it as applied already; its reply carries a nonce made from
// the DM's id, so Discord's enforce_nonce drops it. (A "?" note it toggles
// late is toggled twice; notes are private marks, not the game.)
// With one process (bbolt) nothing is claimed and nothing more is written.

const (
	// dmClaimTTL is how long a process may take over a DM before others
	// take it from it; the deadlines are wall-clock times of different
	// machines, so their clocks must agree well within it (NTP).
	dmClaimTTL = 10 * time.Second
	// dmClaimPoll is how soon a process waiting for another's claim looks
	// again; each look waits twice as long as the one before, up to
	// dmClaimPollMax. Every gateway process receives every DM, so all but
	// one wait on each: looking every 50 ms for as long as the move took
	// made the store's load grow with the latency, and three processes at
	// 150 moves/s fell behind for good (the first look still comes at once
	// after a quick move; a claim whose process died is taken within
	// dmClaimPollMax of its end).
	dmClaimPoll    = 50 * time.Millisecond
	dmClaimPollMax = time.Second
)

// handleOnce handles a DM unless it was or is being handled: by this
// process (firstSeen, before) or, with a shared store, by another one.
// catchingUp says it was read back from the DM channel (catch-up).
func (in *Intake) handleOnce(m *discordgo.Message, catchingUp bool) {
	user := m.Author.ID
	if in.letOwnerClaim(user, m.ID, catchingUp) != claimNow {
		return
	}
	wait := dmClaimPoll
	for {
		r, last := in.claimDM(user, m.ID, catchingUp)
		switch r {
		case store.DMMine:
			in.markHandled(user, m.ChannelID, m.ID, in.host.HandleDM(m))
			return
		case store.DMDone:
			return
		case store.DMOrphan:
			in.log.Warn("a DM claim ran out: reading the DMs since the last handled", "user", user)
			in.rewindDM(user, last)
			in.SetPending(user) // a failed read is tried again (catchUpLater)
			if !in.catchUpUser(user) {
				return // m is left to that try, which reads it after the DMs before it
			}
			catchingUp = true // then m is done, or taken over
		case store.DMBusy:
			select {
			case <-time.After(wait):
				wait = min(2*wait, dmClaimPollMax)
			case <-in.ctx.Done():
				return // the next start's catch-up reads it
			}
		}
	}
}

// handledElsewhere settles a pending user's live DM m without reading their
// DM channel when another process has handled it: a process handles a DM
// only once that user is caught up there (read back, or settled this way),
// so every DM before m was handled too, and this process, whose gateway
// session saw m, sees every later one live. It returns false when m is this
// process's to handle (it then holds m's claim, which the catch-up that
// follows keeps: the claims are by process) and with one process.
func (in *Intake) handledElsewhere(m *discordgo.Message) bool {
	if !in.sharedStore {
		return false
	}
	user := m.Author.ID
	switch in.letOwnerClaim(user, m.ID, false) {
	case botStopped:
		return true
	case ownerDone:
		in.settled(user, m.ID)
		return true
	}
	wait := dmClaimPoll
	for {
		switch r, _ := in.claimDM(user, m.ID, false); r {
		case store.DMDone:
			in.settled(user, m.ID)
			return true
		case store.DMBusy:
			select {
			case <-time.After(wait):
				wait = min(2*wait, dmClaimPollMax)
			case <-in.ctx.Done():
				return true // the next start's catch-up reads it
			}
		default:
			return false
		}
	}
}

// settled clears a pending user whose live DM m another process handled.
func (in *Intake) settled(user, msgID string) {
	in.mu.Lock()
	delete(in.catching, user)
	in.mu.Unlock()
	in.firstSeen(user, msgID)
}

// Every gateway process gets every DM. When the owner of the player's
// current game is known to receive DMs (OwnerTakesDMs), the others leave the
// DM to it: they wait ownerGrace and then look whether it was handled
// (check.go). Claiming it is only for an owner that died with it or does
// not take it; claiming sooner, once the owner lags behind, would route the
// DMs it has in hand through the inbox, more work for it as it lags (three
// processes at 200 moves/s never caught up). When the owner takes no DMs,
// a gateway process claims the DM at once and routes it through the inbox.
// (It used to wait 20 ms first, for an owner that took DMs since the last
// renewal: every routed DM paid it, with one gateway process most of them.)
const ownerGrace = 2 * time.Second

// ownerWait is what letOwnerClaim found.
type ownerWait int

const (
	claimNow   ownerWait = iota // claim the DM
	ownerDone                   // the game's owner handled it
	botStopped                  // the next start's catch-up reads it, unless the owner handled it
)

// letOwnerClaim leaves a live DM (not one read back: a catch-up reads what
// no process handled) to the owner of the user's current game when several
// processes share the games and another owns it: when the owner takes DMs,
// it waits ownerGrace and then looks (check.go) until the owner handled
// it, ownerMaxWait passed or the owner is gone; else it claims at once.
func (in *Intake) letOwnerClaim(user, msgID string, catchingUp bool) ownerWait {
	if !in.clustered || catchingUp {
		return claimNow
	}
	game := in.dmGame(user)
	if game == 0 || in.host.Owns(game) {
		return claimNow
	}
	if !in.host.OwnerTakesDMs(game) {
		return claimNow
	}
	deadline := time.Now().Add(ownerMaxWait)
	if in.sleep(ownerGrace, claimNow) == botStopped {
		return botStopped
	}
	for {
		switch handled, ok := in.ownerHandled(user, msgID); {
		case !ok:
			return botStopped
		case handled:
			return ownerDone
		case time.Now().After(deadline) || in.host.Owns(game) || !in.host.OwnerTakesDMs(game):
			return claimNow
		}
	}
}

// dmGame is the game a user's typed move applies to, as far as it decides
// who owns the DM: their current game, else their only active game (0:
// none, several, or unread).
func (in *Intake) dmGame(user string) store.GameID {
	st, err := in.st.GetSettings(user) // cached
	if err == nil && st.CurrentGame != 0 {
		return st.CurrentGame
	}
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return 0
	}
	gs, err := in.st.ActiveGamesOf(user) // until their first action in a game
	if err != nil || len(gs) != 1 {
		return 0
	}
	return gs[0].ID
}

// sleep waits d and returns then, or botStopped if the bot stops first.
func (in *Intake) sleep(d time.Duration, then ownerWait) ownerWait {
	select {
	case <-time.After(d):
		return then
	case <-in.ctx.Done():
		return botStopped
	}
}

// claimDM claims a DM for this process (store.ClaimDM: one atomic step
// against the other processes). With takeOrphan an expired claim on an older
// DM is taken over as well. It returns the user's last handled DM too.
func (in *Intake) claimDM(user, msgID string, takeOrphan bool) (store.DMClaim, string) {
	if !in.sharedStore {
		return store.DMMine, ""
	}
	now := time.Now() // claims are between processes: the wall clock, not the game's
	r, last, err := in.st.ClaimDM(user, msgID, in.instance, now, now.Add(dmClaimTTL), takeOrphan)
	if err != nil {
		// Handling it without a claim risks a second answer (the action
		// itself is keyed); dropping it would lose a move.
		in.log.Warn("claim a DM", "user", user, "err", err)
		return store.DMMine, ""
	}
	return r, last
}

// rewindDM forgets what this process saw of a user's DMs beyond the last one
// handled (last), so that a catch-up reads them again.
func (in *Intake) rewindDM(user, last string) {
	in.mu.Lock()
	in.lastDM[user] = snowflake(last)
	in.mu.Unlock()
}
