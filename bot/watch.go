package bot

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"shinpan/bot/commands"
	"shinpan/bot/compose"
	"shinpan/bot/games"
	"shinpan/bot/interact"
	"shinpan/bot/texts"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/render"
	"shinpan/store"
	"shinpan/tournament"
)

// Watching (RULES.md §3, Watching): /shogi watch game:N DMs a spectator the
// whole board some moves behind the game and edits that DM as the game goes;
// the same command again stops it. A watcher is stored as the game's message
// "watch:<user>" (the watcher's DM), so watching survives a restart.
//
// Nothing a player or the channel gets depends on watchers: their updates are
// sent after the action's messages, from a goroutine of their own and outside
// the outbox, so they neither add to nor wait in the players' queue, and they
// are paced (watchPace) so that they cannot use up the rate limits the
// players' messages share.
const watchPrefix = "watch:"

// watchPace is the least time between two watchers' edits: at most 5 a
// second for all games together, a tenth of Discord's global limit.
const watchPace = 200 * time.Millisecond

// watchKey is a watcher of a game.
type watchKey struct {
	game store.GameID
	user string
}

// defaultWatchDelay is the watchers' delay in moves unless the server (or
// the configuration) sets one, and the least for a ranked game.
const defaultWatchDelay = 10

// watchSettings are a server's watch delay and whether its ranked games may
// be watched: its own choices, else the configuration's.
func (b *Bot) watchSettings(gs store.GuildSettings) (delay int, ranked bool) {
	delay = defaultWatchDelay
	if b.cfg.WatchDelay != nil {
		delay = *b.cfg.WatchDelay
	}
	if gs.WatchDelay != nil {
		delay = *gs.WatchDelay
	}
	return delay, commands.OnOff(gs.WatchRanked, b.cfg.WatchRanked)
}

// watchDelay is how many moves behind game meta a watcher is, under its
// server's settings, or why nobody may watch it ("none", "ranked").
func (b *Bot) watchDelay(meta store.Game) (int, string) {
	gs := b.guildSettings(meta.GuildID)
	if meta.Tournament != nil && meta.Status.Live() && !commands.OnOff(gs.TournamentWatch, false) && !b.tnVoided(meta.Tournament.ID) {
		return 0, "tournament" // RULES.md §6: not until it ends, unless the server allows it
	}
	d, ranked := b.watchSettings(gs)
	return watchRule(meta, d, ranked)
}

// tnVoided: tournament id was cancelled, so its games going on finish as
// ordinary games (RULES.md §6); a store error keeps them tournament games.
func (b *Bot) tnVoided(id uint64) bool {
	t, err := b.st.GetTournament(id)
	return err == nil && t.State.Status == tournament.StatusCancelled
}

// watchRule applies the safeguards (RULES.md §5, Watching) to a server's
// delay d and ranked choice: -1 is no watching; a ranked game only when
// allowed and never less than defaultWatchDelay behind.
func watchRule(meta store.Game, d int, ranked bool) (int, string) {
	switch {
	case d < 0:
		return 0, "none"
	case meta.Ranked && !ranked:
		return 0, "ranked"
	case meta.Ranked:
		return max(d, defaultWatchDelay), ""
	}
	return d, ""
}

func (b *Bot) cmdWatch(r *interact.Req) (interact.Answer, error) {
	l := r.Lang
	n, _ := r.Opts.Num("game")
	id := store.GameID(n)
	meta, err := b.st.GetGame(id)
	if err != nil || !commands.ScopeOf(r).HasGame(meta) {
		return interact.Say(texts.UI(l, texts.NoGame)), nil
	}
	key := watchPrefix + r.User
	if _, err := b.st.GetMessageRef(id, key); err == nil {
		if err := b.st.DeleteMessageRef(id, key); err != nil {
			return interact.Answer{}, err
		}
		b.forgetShown(id, r.User)
		return interact.Say(texts.Watch(l, "stopped", uint64(id), 0)), nil
	}
	if _, plays := games.SeatOf(meta, r.User); plays {
		return interact.Say(texts.Watch(l, "player", uint64(id), 0)), nil
	}
	if !meta.Status.Live() {
		return interact.Say(texts.Watch(l, "over", uint64(id), 0)), nil
	}
	delay, why := b.watchDelay(meta)
	if why != "" {
		return interact.Say(texts.Watch(l, why, uint64(id), 0)), nil
	}
	ch, err := b.rest.DMChannel(r.User)
	if err != nil {
		return interact.Answer{}, err
	}
	msgID, err := b.rest.PostMessage(ch, compose.Payload{Content: texts.WatchWaiting(l, uint64(id), delay)}, "")
	if dmsClosed(err) {
		return interact.Say(texts.UI(l, texts.WatchDMsClosed)), nil
	}
	if err != nil {
		return interact.Answer{}, err
	}
	if err := b.st.PutMessageRef(id, key, store.MessageRef{ChannelID: ch, MessageID: msgID}); err != nil {
		return interact.Answer{}, err
	}
	b.forgetShown(id, r.User) // a new DM: nothing shown yet
	b.updateWatchers(id)      // the board as of now, if the game is far enough
	return interact.Say(texts.Watch(l, "started", uint64(id), delay)), nil
}

// forgetShown forgets what a watcher's DM of game id showed.
func (b *Bot) forgetShown(id store.GameID, user string) {
	b.watchMu.Lock()
	delete(b.watchShown, watchKey{id, user})
	b.watchMu.Unlock()
}

// kickWatchers updates game id's watchers in the background. Updates
// waiting for their turn coalesce: the one that runs reads the game as it is
// then.
func (b *Bot) kickWatchers(id store.GameID) {
	if _, waiting := b.watchPending.LoadOrStore(id, true); waiting {
		return
	}
	go func() {
		if !b.begin() {
			b.watchPending.Delete(id)
			return
		}
		defer b.end()
		b.updateWatchers(id)
	}()
}

// updateWatchers edits each watcher's DM to the game's whole board as it
// stood delay moves ago (at the end: the revealed board, and watching ends).
func (b *Bot) updateWatchers(id store.GameID) {
	if _, watchers := b.watchers(id); len(watchers) == 0 {
		b.watchPending.Delete(id) // no wait behind other games' watchers
		return
	}
	b.watchMu.Lock()
	defer b.watchMu.Unlock()
	b.watchPending.Delete(id) // an action from now on queues another update
	refs, watchers := b.watchers(id)
	if len(watchers) == 0 {
		return
	}
	meta, entries, err := b.st.LoadGame(id)
	if err != nil {
		return
	}
	steps, err := timeline(meta, entries)
	if err != nil {
		b.log.Error("watch", "game", id, "err", err)
		return
	}
	delay, why := b.watchDelay(meta)
	over := !meta.Status.Live()
	for _, k := range watchers {
		user := strings.TrimPrefix(k, watchPrefix)
		ref := refs[k]
		rd := b.readers.Reader(user)
		l := rd.Lang
		now := steps[len(steps)-1]
		var content string
		var v view.View
		switch {
		case over:
			content, v = texts.WatchEnded(l, uint64(id)), now.True
		case why != "":
			continue // the server's settings changed: nothing more is shown
		case now.Ply < delay:
			continue // still the waiting text
		case b.watchShown[watchKey{id, user}] == now.Ply+1:
			continue // no move since the last edit: an edit now would tell of a private action (a foul, a bounce)
		default:
			s := steps[now.Ply-delay]
			content, v = texts.WatchBoard(l, uint64(id), s.Ply, now.Ply), watchView(s.True)
		}
		f, err := compose.RenderFor(v, rd, render.Options{CacheScope: fmt.Sprintf("game %d watch %s", id, user)})
		if err == nil {
			err = b.rest.ReplaceFiles(ref.ChannelID, ref.MessageID, &content, []compose.File{f})
		}
		if err != nil {
			b.log.Warn("watch update", "game", id, "watcher", user, "err", err)
		} else if !over {
			if b.watchShown == nil {
				b.watchShown = map[watchKey]int{}
			}
			b.watchShown[watchKey{id, user}] = now.Ply + 1 // +1: 0 is "nothing shown"
		}
		select { // watchers' edits are paced, so they never crowd the players' messages out of the rate limits
		case <-time.After(watchPace):
		case <-b.ctx.Done():
			return
		}
		if over {
			delete(b.watchShown, watchKey{id, user})
			if err := b.st.DeleteMessageRef(id, k); err != nil {
				b.log.Warn("watch end", "game", id, "err", err)
			}
		}
	}
}

// watchers returns a game's message refs and the purposes of its watchers.
func (b *Bot) watchers(id store.GameID) (map[string]store.MessageRef, []string) {
	refs, err := b.st.MessageRefs(id)
	if err != nil {
		return nil, nil
	}
	var out []string
	for k := range refs {
		if strings.HasPrefix(k, watchPrefix) {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return refs, out
}

// watchView is a watcher's board of a game going on: the whole board without
// the masks (a mask never changes, so no delay would hide it).
func watchView(v view.View) view.View {
	v.Masks = [2]shogi.Square{shogi.NoSquare, shogi.NoSquare}
	v.Revealed = false
	return v
}
