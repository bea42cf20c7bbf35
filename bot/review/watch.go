package review

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"shinpan/bot/commands"
	"shinpan/bot/compose"
	"shinpan/bot/games"
	"shinpan/bot/interact"
	"shinpan/bot/outbox"
	"shinpan/bot/texts/uitexts"
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
const WatchPrefix = "watch:"

// watchPace is the least time between two watchers' edits: at most 5 a
// second for all games together, a tenth of Discord's global limit.
const watchPace = 200 * time.Millisecond

// watchKey is a watcher of a game.
type watchKey struct {
	game store.GameID
	user string
}

// DefaultWatchDelay is the watchers' delay in moves unless the server (or
// the configuration) sets one, and the least for a ranked game.
const DefaultWatchDelay = 10

// WatchSettings are a server's watch delay and whether its ranked games may
// be watched: its own choices, else the configuration's.
func (rv *Reviews) WatchSettings(gs store.GuildSettings) (delay int, ranked bool) {
	delay = DefaultWatchDelay
	if rv.cfg.WatchDelay != nil {
		delay = *rv.cfg.WatchDelay
	}
	if gs.WatchDelay != nil {
		delay = *gs.WatchDelay
	}
	return delay, compose.OnOff(gs.WatchRanked, rv.cfg.WatchRanked)
}

// watchDelay is how many moves behind game meta a watcher is, under its
// server's settings, or why nobody may watch it ("none", "ranked").
func (rv *Reviews) watchDelay(meta store.Game) (int, string) {
	gs := rv.guildSettings(meta.GuildID)
	if meta.Tournament != nil && meta.Status.Live() && !compose.OnOff(gs.TournamentWatch, false) && !rv.tnVoided(meta.Tournament.ID) {
		return 0, "tournament" // RULES.md §6: not until it ends, unless the server allows it
	}
	d, ranked := rv.WatchSettings(gs)
	return watchRule(meta, d, ranked)
}

// tnVoided: tournament id was cancelled, so its games going on finish as
// ordinary games (RULES.md §6); a store error keeps them tournament games.
func (rv *Reviews) tnVoided(id uint64) bool {
	t, err := rv.st.GetTournament(id)
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
		return max(d, DefaultWatchDelay), ""
	}
	return d, ""
}

func (rv *Reviews) Watch(r *interact.Req) (interact.Answer, error) {
	l := r.Lang
	n, _ := r.Opts.Num("game")
	id := store.GameID(n)
	meta, err := rv.st.GetGame(id)
	if err != nil || !commands.ScopeOf(r).HasGame(meta) {
		return interact.Say(uitexts.UI(l, uitexts.NoGame)), nil
	}
	key := WatchPrefix + r.User
	if _, err := rv.st.GetMessageRef(id, key); err == nil {
		if err := rv.st.DeleteMessageRef(id, key); err != nil {
			return interact.Answer{}, err
		}
		rv.forgetShown(id, r.User)
		return interact.Say(uitexts.Watch(l, "stopped", uint64(id), 0)), nil
	}
	if _, plays := games.SeatOf(meta, r.User); plays {
		return interact.Say(uitexts.Watch(l, "player", uint64(id), 0)), nil
	}
	if !meta.Status.Live() {
		return interact.Say(uitexts.Watch(l, "over", uint64(id), 0)), nil
	}
	delay, why := rv.watchDelay(meta)
	if why != "" {
		return interact.Say(uitexts.Watch(l, why, uint64(id), 0)), nil
	}
	ch, err := rv.rest.DMChannel(r.User)
	if err != nil {
		return interact.Answer{}, err
	}
	msgID, err := rv.rest.PostMessage(ch, compose.Payload{Content: uitexts.WatchWaiting(l, uint64(id), delay)}, "")
	if outbox.DMsClosed(err) {
		return interact.Say(uitexts.UI(l, uitexts.WatchDMsClosed)), nil
	}
	if err != nil {
		return interact.Answer{}, err
	}
	if err := rv.st.PutMessageRef(id, key, store.MessageRef{ChannelID: ch, MessageID: msgID}); err != nil {
		return interact.Answer{}, err
	}
	rv.forgetShown(id, r.User) // a new DM: nothing shown yet
	rv.KickWatchers(id)        // the board as of now, if the game is far enough
	return interact.Say(uitexts.Watch(l, "started", uint64(id), delay)), nil
}

// forgetShown forgets what a watcher's DM of game id showed.
func (rv *Reviews) forgetShown(id store.GameID, user string) {
	rv.shownMu.Lock()
	delete(rv.watchShown, watchKey{id, user})
	rv.shownMu.Unlock()
}

// shown is the move (+1; 0: none) a watcher's DM of game id last showed.
func (rv *Reviews) shown(k watchKey) int {
	rv.shownMu.Lock()
	defer rv.shownMu.Unlock()
	return rv.watchShown[k]
}

// setShown records that a watcher's DM of game id shows move ply.
func (rv *Reviews) setShown(k watchKey, ply int) {
	rv.shownMu.Lock()
	defer rv.shownMu.Unlock()
	if rv.watchShown == nil {
		rv.watchShown = map[watchKey]int{}
	}
	rv.watchShown[k] = ply + 1 // +1: 0 is "nothing shown"
}

// updateWatchers edits each watcher's DM to the game's whole board as it
// stood delay moves ago (at the end: the revealed board, and watching ends).
// Only the drainer calls it (watchqueue.go), one game at a time.
func (rv *Reviews) updateWatchers(id store.GameID) {
	refs, watchers := rv.watchers(id)
	if len(watchers) == 0 {
		return
	}
	meta, entries, err := rv.st.LoadGame(id)
	if err != nil {
		return
	}
	steps, err := Timeline(meta, entries)
	if err != nil {
		rv.log.Error("watch", "game", id, "err", err)
		return
	}
	delay, why := rv.watchDelay(meta)
	over := !meta.Status.Live()
	for _, k := range watchers {
		user := strings.TrimPrefix(k, WatchPrefix)
		ref := refs[k]
		rd := rv.readers.Reader(user)
		l := rd.Lang
		now := steps[len(steps)-1]
		var content string
		var v view.View
		switch {
		case over:
			content, v = uitexts.WatchEnded(l, uint64(id)), now.True
		case why != "":
			continue // the server's settings changed: nothing more is shown
		case now.Ply < delay:
			continue // still the waiting text
		case rv.shown(watchKey{id, user}) == now.Ply+1:
			continue // no move since the last edit: an edit now would tell of a private action (a foul, a bounce)
		default:
			s := steps[now.Ply-delay]
			content, v = uitexts.WatchBoard(l, uint64(id), s.Ply, now.Ply), WatchView(s.True)
		}
		f, err := compose.RenderFor(v, rd, render.Options{CacheScope: fmt.Sprintf("game %d watch %s", id, user)})
		if err == nil {
			err = rv.rest.ReplaceFiles(ref.ChannelID, ref.MessageID, &content, []compose.File{f})
		}
		if err != nil {
			rv.log.Warn("watch update", "game", id, "watcher", user, "err", err)
		} else if !over {
			rv.setShown(watchKey{id, user}, now.Ply)
		}
		select { // watchers' edits are paced, so they never crowd the players' messages out of the rate limits
		case <-time.After(watchPace):
		case <-rv.ctx.Done():
			return
		}
		if over {
			rv.forgetShown(id, user)
			if err := rv.st.DeleteMessageRef(id, k); err != nil {
				rv.log.Warn("watch end", "game", id, "err", err)
			}
		}
	}
}

// watchers returns a game's message refs and the purposes of its watchers.
func (rv *Reviews) watchers(id store.GameID) (map[string]store.MessageRef, []string) {
	refs, err := rv.st.MessageRefs(id)
	if err != nil {
		return nil, nil
	}
	var out []string
	for k := range refs {
		if strings.HasPrefix(k, WatchPrefix) {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return refs, out
}

// WatchView is a watcher's board of a game going on: the whole board without
// the masks (a mask never changes, so no delay would hide it).
func WatchView(v view.View) view.View {
	v.Masks = [2]shogi.Square{shogi.NoSquare, shogi.NoSquare}
	v.Revealed = false
	return v
}
