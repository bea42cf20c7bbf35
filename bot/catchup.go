package bot

import (
	"sort"
	"strconv"
)

// catchUp reads each active player's DM channel since the last message the bot
// handled and handles what it missed: discordgo v0.29 can lose events across a
// reconnect, and a move typed during an outage must not be lost.
func (b *Bot) catchUp() {
	if !b.begin() {
		return
	}
	defer b.end()
	b.catchMu.Lock()
	defer b.catchMu.Unlock()
	games, err := b.st.ActiveGames()
	if err != nil {
		b.log.Error("catch-up", "err", err)
		return
	}
	seen := map[string]bool{}
	for _, g := range games {
		for _, u := range g.Players {
			if u == "" || isCPU(u) || seen[u] {
				continue
			}
			seen[u] = true
			b.catchUpUser(u)
		}
	}
}

func (b *Bot) catchUpUser(user string) {
	st, err := b.st.GetSettings(user)
	if err != nil || st.DMChannelID == "" {
		return
	}
	after := st.LastDM
	for page := 0; page < 10; page++ {
		msgs, err := b.s.ChannelMessages(st.DMChannelID, 100, "", after, "")
		if err != nil {
			b.log.Warn("catch-up read", "user", user, "err", err)
			return
		}
		sort.Slice(msgs, func(i, j int) bool { return snowflake(msgs[i].ID) < snowflake(msgs[j].ID) })
		handled := 0
		for _, m := range msgs {
			after = m.ID
			if m.Author == nil || m.Author.ID != user || m.Author.Bot {
				continue
			}
			b.log.Info("caught up a missed DM", "user", user, "message", m.ID)
			b.queueDM(m)
			handled++
		}
		if len(msgs) < 100 {
			return
		}
	}
}

func snowflake(id string) uint64 {
	n, _ := strconv.ParseUint(id, 10, 64)
	return n
}
