package dms

import (
	"strconv"

	"github.com/bwmarrin/discordgo"

	"shinpan/store"
)

// onMessage takes moves by DM: "7g7f", "#12 7g7f", a mask square in Masked
// setup, or "help".
func (in *Intake) onMessage(s *discordgo.Session, m *discordgo.MessageCreate) {
	if m.GuildID != "" || m.Author == nil || m.Author.Bot || m.Author.ID == in.host.BotID() {
		return
	}
	in.queueDM(m.Message)
}

// queueDM appends a DM to its sender's queue and starts the sender's worker
// when none runs: one player's DMs are handled one at a time, in order, while
// different players' DMs are handled side by side.
func (in *Intake) queueDM(m *discordgo.Message) { in.queueFor(m.Author.ID, m) }

// queueFor appends to a user's DM queue: a message, or nil for "read what
// you missed" (the catch-up runs in the user's own queue, so their DMs are
// handled in the order they were sent, missed ones first).
func (in *Intake) queueFor(user string, m *discordgo.Message) {
	in.mu.Lock()
	q, running := in.dmQueue[user]
	in.dmQueue[user] = append(q, m)
	in.mu.Unlock()
	if running {
		return
	}
	in.pool.Go(func() {
		for {
			in.mu.Lock()
			q := in.dmQueue[user]
			if len(q) == 0 {
				delete(in.dmQueue, user)
				in.mu.Unlock()
				return
			}
			next := q[0]
			in.dmQueue[user] = q[1:]
			in.mu.Unlock()
			if in.host.Begin() {
				handled := false
				if in.catchPending(user) {
					if handled = next != nil && in.handledElsewhere(next); !handled {
						// Unread: next is left to the next try, which reads
						// it from the channel after the missed ones.
						handled = !in.catchUpUser(user)
					}
				}
				if !handled && next != nil && in.firstSeen(user, next.ID) {
					in.handleOnce(next, false)
				}
				in.host.End()
			}
			if next == nil {
				in.catchOver(user)
			}
		}
	})
}

// markHandled remembers the newest DM handled per user, so a catch-up after
// an outage reads only what came after, and drops this process's claim on it
// (claim.go). With one process (no claims), a DM whose action is stored
// under its id (keyed) is remembered in the background, many users in one
// commit: read again after a crash, its key makes it a no-op. Any other DM
// (help, a refusal, a note), and every DM when processes share the store, is
// remembered before the user's next DM is handled, so a catch-up never
// answers it twice and other processes see it handled at once.
func (in *Intake) markHandled(user, channel, msgID string, keyed bool) {
	known := in.rest.NoteDMChannel(user, channel)
	if !known {
		in.KeepDMChannel(user, channel)
	}
	if keyed && !in.sharedStore {
		in.dmMarks.add(user, channel, msgID)
		return
	}
	in.writeLastDM(user, msgID)
}

// writeLastDM raises the user's LastDM and drops this process's claim on
// msgID (claim.go), in one step.
func (in *Intake) writeLastDM(user, msgID string) {
	if err := in.st.MarkDMHandled(user, msgID, in.instance); err != nil {
		in.log.Warn("settings", "user", user, "err", err)
		in.dmMarks.add(user, "", msgID) // written once the store answers: a DM refused meanwhile is never read back
	}
}

// KeepDMChannel stores the channel of a user's DMs when it is not the one
// stored already (a user's first DM).
func (in *Intake) KeepDMChannel(user, channel string) {
	if st, err := in.st.GetSettings(user); channel == "" || err == nil && st.DMChannelID == channel {
		return
	}
	if _, err := in.st.UpdateSettings(user, func(s *store.Settings) { s.DMChannelID = channel }); err != nil {
		in.log.Warn("settings", "user", user, "err", err)
	}
}

// newerID compares Discord snowflakes.
func newerID(a, b string) bool {
	x, _ := strconv.ParseUint(a, 10, 64)
	y, _ := strconv.ParseUint(b, 10, 64)
	return x > y
}
