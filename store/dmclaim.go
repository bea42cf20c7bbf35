package store

import (
	"strconv"
	"time"
)

// A DM is handled once, whichever process sees it (the bot's dmclaim.go):
// before handling a user's DM a process claims it in the user's DM state
// (Settings.LastDM and the DMClaim fields) with ClaimDM, one atomic step,
// and afterwards raises LastDM and drops its claim with MarkDMHandled.

// DMClaim is what ClaimDM found.
type DMClaim int

const (
	DMMine   DMClaim = iota // the caller holds the claim now: handle the DM
	DMDone                  // handled already (at or below LastDM)
	DMBusy                  // another process holds a live claim on one of the user's DMs
	DMOrphan                // an older DM's claim ran out unhandled: catch up first
)

// JudgeDM decides a claim of DM msgID by process by at time now on a user's
// DM state st: with takeOrphan an expired claim on an older DM is taken over
// as well (the caller caught up). Backends apply it atomically.
func JudgeDM(st Settings, msgID, by string, now time.Time, takeOrphan bool) DMClaim {
	other := st.DMClaim != "" && st.DMClaimBy != by
	switch {
	case !NewerSnowflake(msgID, st.LastDM):
		return DMDone
	case other && now.Before(st.DMClaimUntil):
		return DMBusy
	case other && NewerSnowflake(msgID, st.DMClaim) && !takeOrphan:
		return DMOrphan
	}
	return DMMine
}

// ClaimState sets st's claim to msgID by process by until the given time.
func ClaimState(st *Settings, msgID, by string, until time.Time) {
	st.DMClaim, st.DMClaimBy, st.DMClaimUntil = msgID, by, NormTime(until)
}

// HandledState raises st's LastDM to msgID and drops by's claim on it.
func HandledState(st *Settings, msgID, by string) {
	if NewerSnowflake(msgID, st.LastDM) {
		st.LastDM = msgID
	}
	if st.DMClaim == msgID && st.DMClaimBy == by {
		st.DMClaim, st.DMClaimBy, st.DMClaimUntil = "", "", time.Time{}
	}
}

// NewerSnowflake compares Discord ids (snowflakes): whether a is newer than
// b ("" and what is not a number count as 0).
func NewerSnowflake(a, b string) bool { return Snowflake(a) > Snowflake(b) }

// Snowflake is a Discord id as a number (0: "" or not a number).
func Snowflake(id string) uint64 {
	n, _ := strconv.ParseUint(id, 10, 64)
	return n
}
