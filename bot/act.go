package bot

import (
	"errors"
	"time"

	"shinpan/bot/cluster"
	"shinpan/bot/compose"
	"shinpan/bot/games"
	"shinpan/bot/moves"
	"shinpan/bot/texts"
	"shinpan/bot/texts/uitexts"
	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/store"
)

// act applies one player action to a live game: the referee decides on a copy,
// the store commits the action with its messages, then the copy becomes the
// game and the outbox is sent. It returns the text for the acting player when
// there is one (a refusal), and whether the action took effect. key is the
// Discord id that caused the action (idempotency).
func (b *Bot) act(id store.GameID, user string, a referee.Action, key string) (string, bool) {
	reply, ok, _ := b.actAs(id, b.readers.Reader(user), a, key, texts.Refusal)
	return reply, ok
}

// actAs is act for a player whose settings the caller read already (an
// action reads each player's settings once), with the refusal worded by
// refusal (texts.Refusal, or texts.RefusalWithMoveHint for text typed in
// DM). With several processes a player's action goes to the game's owner
// through the inbox (bot/cluster); queued says it went there.
func (b *Bot) actAs(id store.GameID, rd compose.Reader, a referee.Action, key string, refusal func(texts.Lang, error) string) (reply string, ok, queued bool) {
	user := rd.ID
	if b.cl != nil && !compose.IsCPU(user) && user != b.botID() && !b.cl.ApplyHere(id) {
		return b.cl.Route(id, key, routed(b.play, user, a, key), rd.Lang)
	}
	reply, ok, err := b.applyAs(id, rd, a, key, refusal)
	if errors.Is(err, store.ErrFenced) && b.cl != nil && !compose.IsCPU(user) && user != b.botID() {
		return b.cl.Route(id, key, routed(b.play, user, a, key), rd.Lang) // the lease moved meanwhile
	}
	if err != nil {
		return compose.StoreText(rd.Lang, err), false, false
	}
	return reply, ok, false
}

// routed is user's action for the inbox, with the interaction it came from
// when the mover's update is to edit its message (moves.Moves.Hooked).
func routed(play *moves.Moves, user string, a referee.Action, key string) cluster.Routed {
	r := cluster.Routed{Kind: "act", User: user, Action: a}
	if u, h := play.HookOf(key); h != nil && u == user {
		r.Hook = h
	}
	return r
}

// apply applies an action in this process; err is the store's error (the
// reply then says so). With several processes the game must be this
// process's (else store.ErrFenced).
func (b *Bot) apply(id store.GameID, user string, a referee.Action, key string, refusal func(texts.Lang, error) string) (string, bool, error) {
	return b.applyAs(id, b.readers.Reader(user), a, key, refusal)
}

// applyAs is apply for a player whose settings were read already.
func (b *Bot) applyAs(id store.GameID, rd compose.Reader, a referee.Action, key string, refusal func(texts.Lang, error) string) (string, bool, error) {
	user := rd.ID
	start, result := time.Now(), "ignored"
	defer func() { b.observeAction(id, user, a, key, result, start) }()
	lang := rd.Lang
	if !b.owns(id) {
		result = "not_owner"
		return "", false, store.ErrFenced
	}
	lg, err := b.games.Get(id)
	if err != nil {
		result = "no_game"
		if !errors.Is(err, store.ErrNotFound) {
			return compose.StoreText(lang, err), false, err // the store failed: try again
		}
		return uitexts.UI(lang, uitexts.NoGame), false, nil
	}
	person := !compose.IsCPU(user) && user != b.botID()
	if person {
		b.returnSeat(id, user)
	}
	lg.Mu.Lock()
	seq := lg.Meta.LastSeq + 1
	b.moves.Begin(uint64(id), seq, start) // before the commit: its messages may go out at once
	done, reply, err := b.decide(lg, rd, a, key, func(err error) string { return refusal(lang, err) })
	lg.Mu.Unlock()
	msgs := -1
	if done != nil {
		msgs = done.msgs
	}
	b.moves.Settle(b.metrics, uint64(id), seq, msgs)
	if err != nil {
		result = "error"
		b.log.Error("append action", "game", id, "user", user, "err", err)
		b.games.Forget(id) // reload from the store next time
		return compose.StoreText(lang, err), false, err
	}
	if done == nil {
		if reply != "" {
			result = "refused"
		}
		return reply, false, nil
	}
	result = done.result
	if person && rd.Set.CurrentGame != id {
		if _, err := b.st.UpdateSettings(user, func(s *store.Settings) { s.CurrentGame = id }); err != nil {
			b.log.Warn("settings", "user", user, "err", err)
		}
	}
	b.ob.Kick()
	b.reviews.KickWatchers(id) // bot/review/watchqueue.go: after the players' and the channel's messages
	if done.over {
		b.rate(id)
		b.tnr.GameOver(lg)
		b.games.Forget(id)
	}
	if done.cpuNext {
		go b.cpuTurn(id)
	}
	return "", true, nil
}

// applied is what follows an action taken.
type applied struct {
	over, cpuNext bool
	result        string // accepted, foul or bounce (metrics and logs)
	msgs          int    // messages queued with it
}

// decide runs an action under the game's lock: checks, the referee on a copy,
// the commit, then the copy becomes the game. It returns nil and the reply
// when nothing changed (reply "" for an action already applied or a CPU whose
// seat was given back), or the store's error.
func (b *Bot) decide(lg *games.Game, rd compose.Reader, a referee.Action, key string, refusal func(error) string) (*applied, string, error) {
	user, lang := rd.ID, rd.Lang
	if compose.IsCPU(user) && (a.Player > shogi.White || lg.CPU[a.Player] == nil) {
		return nil, "", nil // the seat's player came back
	}
	// A redelivered event that was applied already is refused by the store
	// (its key); its key is looked up only where the game refuses it, so
	// that it is not answered with a refusal.
	seenKey := func() bool { _, _, err := b.st.LookupKey(key); return err == nil }
	if a.Kind == referee.ActDraw && !lg.G.Over() && !lg.Meta.DrawOffer.AcceptableBy(lg.G, a.Player) {
		if seenKey() {
			return nil, "", nil
		}
		return nil, uitexts.UI(lang, uitexts.DrawWithdrawn), nil // a move came between cmdDraw's check and this
	}
	if a.At != 0 && (lg.G.MoveNumber() != a.At || lg.G.Over()) { // chosen on an older board (bot/moves/tap.go)
		if seenKey() {
			return nil, "", nil
		}
		return nil, uitexts.UI(lang, uitexts.TapStale), nil
	}
	g := lg.G.Clone()
	before := games.BoardsBefore(g)
	evs, err := g.Apply(a)
	if err != nil {
		if seenKey() {
			return nil, "", nil
		}
		return nil, refusal(err), nil
	}
	meta := lg.Meta
	clocks, dl := b.deadline(meta, lg.G, g, meta.LastSeq+1)
	meta.Clocks = clocks
	if compose.IsCPU(user) {
		meta.CPUMoved[a.Player] = true
	}
	out := b.play.DivertAnswer(key, rd, meta, g, b.compose.ActionMessages(meta, g, a, evs, before, dl, rd)) // bot/moves/tap.go
	next := func(m *store.Game) {
		games.UpdateMeta(m, g)
		m.CPUMoved = meta.CPUMoved
		m.Deadline = dl
		m.Clocks = clocks
		m.DrawOffer = m.DrawOffer.Standing(g)
	}
	commit := time.Now()
	entry := store.Entry{Action: a, UserID: user, Key: key}
	stored, err := b.st.AppendAction(meta.ID, entry, out, next)
	if errors.Is(err, store.ErrOutcomeUnknown) && key != "" { // settle.go: taken or not, the key tells
		stored, err = b.settleAppend(meta.ID, meta.LastSeq+1, entry, func() (store.Entry, error) { return b.st.AppendAction(meta.ID, entry, out, next) })
	}
	b.metrics.Commit("append_action", time.Since(commit))
	if errors.Is(err, store.ErrDuplicate) {
		return nil, "", nil // already applied (a redelivered event)
	}
	if err != nil {
		return nil, "", err
	}
	lg.G = g
	next(&lg.Meta)
	lg.Meta.LastSeq = stored.Seq
	b.track(lg.Meta)
	lg.Observe(evs)
	return &applied{over: g.Over(), cpuNext: !g.Over() && (lg.CPU[0] != nil || lg.CPU[1] != nil), result: actionResult(evs), msgs: len(out)}, "", nil
}
