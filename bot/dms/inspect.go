package dms

import (
	"github.com/bwmarrin/discordgo"

	"shinpan/store"
)

// What the bot's end-to-end tests look at and do inside the intake: its
// bookkeeping (which a crash, a slow store or another process changes) and
// its single steps.

// CatchUpConcurrency bounds the catch-ups that run at once.
const CatchUpConcurrency = catchUpConcurrency

// CatchUps are how many catch-ups ran at once at most, how many users'
// queued catch-ups hold a slot and how many slots are taken.
func (in *Intake) CatchUps() (most, held, slots int) {
	in.mu.Lock()
	defer in.mu.Unlock()
	return in.catchMost, len(in.catchHeld), len(in.catchSlots)
}

// LastSeen is the newest DM of user this process handled or saw handled.
func (in *Intake) LastSeen(user string) uint64 {
	in.mu.Lock()
	defer in.mu.Unlock()
	return in.lastDM[user]
}

// SetPending marks user's missed DMs as to be read before their next one;
// CatchPending says whether they are.
func (in *Intake) SetPending(user string) {
	in.mu.Lock()
	in.catching[user] = true
	in.mu.Unlock()
}

// CatchPending: see SetPending.
func (in *Intake) CatchPending(user string) bool { return in.catchPending(user) }

// HandledElsewhere settles a DM another process handled.
func (in *Intake) HandledElsewhere(m *discordgo.Message) bool { return in.handledElsewhere(m) }

// Claim claims user's DM msgID for this process (store.ClaimDM).
func (in *Intake) Claim(user, msgID string, takeOrphan bool) (store.DMClaim, string) {
	return in.claimDM(user, msgID, takeOrphan)
}

// MarkHandled remembers that this process handled user's DM msgID.
func (in *Intake) MarkHandled(user, channel, msgID string, keyed bool) {
	in.markHandled(user, channel, msgID, keyed)
}

// DropMarks forgets the handled DMs not yet written to the store, as a
// crash does.
func (in *Intake) DropMarks() { in.dmMarks.take() }

// Snowflake is a Discord id's number; NewerID compares two.
func Snowflake(id string) uint64 { return snowflake(id) }

// NewerID says whether id a is newer than b.
func NewerID(a, b string) bool { return newerID(a, b) }

// OwnerLetClaim waits, as a DM of user does, while the game's owner may
// claim msgID; it says whether this process should claim it now.
func (in *Intake) OwnerLetClaim(user, msgID string) bool {
	return in.letOwnerClaim(user, msgID, false) == claimNow
}

// OwnerGrace and OwnerMaxWait are how long a DM waits at least and at
// most for the game's owner to handle it; CheckEvery is how often the
// intake looks whether it did.
const (
	OwnerGrace   = ownerGrace
	OwnerMaxWait = ownerMaxWait
	CheckEvery   = dmCheckEvery
)
