package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	mrand "math/rand/v2"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"golang.org/x/time/rate"

	"shinpan/bot/compose"
	"shinpan/bot/texts"
	"shinpan/store"
)

// The outbox is sent by one dispatcher and one worker per destination (a
// channel, or a user's DMs): in order within a destination, in parallel across
// them, so a 429, a 5xx or a slow channel delays no other. Each route's bucket
// is discordgo's rate limiter's (it reads the bucket headers and waits out a
// 429's retry_after, in the calling goroutine: that destination's worker); on
// top, a token bucket keeps the whole bot under Discord's global limit
// (global_rate, default 50 requests/s). A 5xx or a network error is retried
// with exponential back-off and jitter; a 4xx other than 429 is final
// (undeliverable). Sent messages are marked in batches: a mark lost in a crash
// only means a re-send, which the message's nonce makes Discord drop.

// outbox is the sender's state.
type outbox struct {
	mu       sync.Mutex
	queues   map[string][]store.OutMsg // by destination, in outbox order
	running  map[string]bool           // destinations with a worker
	inFlight map[uint64]bool           // handed to a worker, not yet marked sent
	done     []uint64                  // sent or given up, to mark
	seen     uint64                    // every message up to this id was read (orderedOutbox)
	kick     chan struct{}             // wakes the dispatcher
	marks    chan struct{}             // wakes the marker
	limit    *rate.Limiter
	// scan orders dispatch's read of the whole outbox with markSent's
	// commit: a read from before a commit must not find its messages out of
	// flight (they would be sent twice). An orderedOutbox needs none: a read
	// returns only messages never dispatched, which no commit marked.
	scan sync.Mutex
}

func newOutbox(perSecond int) *outbox {
	return &outbox{queues: map[string][]store.OutMsg{}, running: map[string]bool{}, inFlight: map[uint64]bool{},
		kick: make(chan struct{}, 1), marks: make(chan struct{}, 1), limit: rate.NewLimiter(rate.Limit(perSecond), perSecond)}
}

func wake(c chan struct{}) {
	select {
	case c <- struct{}{}:
	default:
	}
}

// dest is the queue a message belongs to.
func dest(m store.OutMsg) string { return string(m.Dest) + ":" + m.Target }

// outboxLoop hands what the outbox holds to the destinations' workers whenever
// the store signals a commit or someone kicks it, and looks again every few
// seconds (a message whose mark failed, a store that was unreadable).
func (b *Bot) outboxLoop() {
	defer b.wg.Done()
	tick := time.NewTicker(3 * time.Second)
	defer tick.Stop()
	for {
		select {
		case <-b.ctx.Done():
			return
		case <-b.st.OutboxReady():
		case <-b.ob.kick:
		case <-tick.C:
		}
		b.dispatch()
	}
}

// kickOutbox wakes the dispatcher; it never waits for a send.
func (b *Bot) kickOutbox() { wake(b.ob.kick) }

// orderedOutbox is a store whose outbox ids grow in commit order (bbolt's:
// one writer at a time), so the dispatcher reads only the messages after the
// last it read instead of the whole outbox at every commit.
type orderedOutbox interface {
	PendingOutboxAfter(after uint64) ([]store.OutMsg, error)
}

// dispatch queues every pending message not yet handed out.
func (b *Bot) dispatch() {
	ob := b.ob
	if !b.orderedOutbox() {
		ob.scan.Lock()
		defer ob.scan.Unlock()
	}
	msgs, err := b.pending()
	if err != nil {
		b.log.Error("outbox", "err", err)
		return
	}
	ob.mu.Lock()
	defer ob.mu.Unlock()
	for _, m := range msgs {
		ob.seen = max(ob.seen, m.ID)
		if ob.inFlight[m.ID] {
			continue
		}
		ob.inFlight[m.ID] = true
		d := dest(m)
		ob.queues[d] = append(ob.queues[d], m)
		if !ob.running[d] {
			ob.running[d] = true
			b.wg.Add(1)
			b.pool.Go(func() { b.worker(d) })
		}
	}
}

// worker sends one destination's messages in order until its queue is empty.
func (b *Bot) worker(d string) {
	defer b.wg.Done()
	ob := b.ob
	for {
		ob.mu.Lock()
		q := ob.queues[d]
		if len(q) == 0 || b.ctx.Err() != nil {
			delete(ob.queues, d)
			delete(ob.running, d)
			ob.mu.Unlock()
			return
		}
		m := q[0]
		ob.queues[d] = q[1:]
		ob.mu.Unlock()
		// q[1:] is only ever appended to, past its end: safe to read unlocked.
		if superseded(m, q[1:]) {
			compose.Memo.Drop(m.Payload)
			b.sent(m, "coalesced", time.Now()) // coalesce.go
		} else if !b.deliver(m) {
			return // closing: the message stays in the outbox for the next start
		}
		ob.mu.Lock()
		ob.done = append(ob.done, m.ID)
		ob.mu.Unlock()
		wake(ob.marks)
	}
}

// deliver sends one message, retrying what may succeed later; it returns
// false only when the bot is closing.
func (b *Bot) deliver(m store.OutMsg) bool {
	backoff := 250 * time.Millisecond
	for {
		queued := time.Now()
		if err := b.ob.limit.Wait(b.ctx); err != nil {
			return false
		}
		b.metrics.GlobalWait(time.Since(queued))
		start := time.Now()
		err := b.send(m)
		var rerr *discordgo.RESTError
		switch {
		case err == nil:
			b.sent(m, "sent", start)
			return true
		case permanent(err, &rerr):
			// Permanent: closed DMs, missing permissions, deleted channel.
			b.sent(m, "undeliverable", start)
			b.log.Warn("message not delivered", "game", m.GameID, "dest", m.Dest, "target", m.Target, "err", err)
			b.undeliverable(m, rerr)
			return true
		}
		b.sent(m, "retry", start)
		wait := backoff/2 + time.Duration(mrand.Int64N(int64(backoff)))
		b.log.Warn("send failed, will retry", "game", m.GameID, "dest", m.Dest, "target", m.Target, "in", wait.Round(time.Millisecond), "err", err)
		select {
		case <-b.ctx.Done():
			return false
		case <-time.After(wait):
		}
		backoff = min(2*backoff, 30*time.Second)
	}
}

// permanent says whether a send failed for good (a 4xx other than 429).
func permanent(err error, rerr **discordgo.RESTError) bool {
	return errors.As(err, rerr) && (*rerr).Response != nil && (*rerr).Response.StatusCode >= 400 &&
		(*rerr).Response.StatusCode < 500 && (*rerr).Response.StatusCode != http.StatusTooManyRequests
}

// claimHold is how long a claimed message is this process's to send (several
// processes): a process that dies lets its messages go after it; the nonce
// keeps one sent twice from showing twice.
const claimHold = 8 * time.Second

// pending is what the outbox holds for this process to send: everything, or
// with several processes, the messages of its own games and of no game.
func (b *Bot) pending() ([]store.OutMsg, error) {
	if b.cl != nil {
		return b.st.ClaimOutbox(500, claimHold)
	}
	if b.orderedOutbox() {
		return b.st.(orderedOutbox).PendingOutboxAfter(b.ob.seen) // seen: only the dispatcher writes it
	}
	return b.st.PendingOutbox()
}

// orderedOutbox says whether the dispatcher reads only what follows the last
// message it read (one process, an orderedOutbox store).
func (b *Bot) orderedOutbox() bool {
	_, ok := b.st.(orderedOutbox)
	return ok && b.cl == nil
}

// drainOutbox sends, once the workers have stopped, what the outbox still
// holds, until ctx ends: each message once, in order within its destination;
// a destination whose send fails waits for the next start.
func (b *Bot) drainOutbox(ctx context.Context) {
	b.markSent() // what the workers delivered last
	msgs, err := b.st.PendingOutbox()
	if b.cl != nil { // this process's games' messages (it still holds them), and those of no game
		msgs = slices.DeleteFunc(msgs, func(m store.OutMsg) bool { return m.GameID != 0 && !b.owns(m.GameID) })
	}
	if err != nil || len(msgs) == 0 {
		return
	}
	b.log.Info("sending what the outbox holds before stopping", "messages", len(msgs))
	stuck := map[string]bool{}
	var sent []uint64
	for _, m := range msgs {
		if ctx.Err() != nil || b.ob.limit.Wait(ctx) != nil {
			break
		}
		if stuck[dest(m)] {
			continue
		}
		start := time.Now()
		err := b.send(m)
		var rerr *discordgo.RESTError
		switch {
		case err == nil:
			b.sent(m, "sent", start)
		case permanent(err, &rerr):
			b.sent(m, "undeliverable", start)
			b.log.Warn("message not delivered", "game", m.GameID, "dest", m.Dest, "target", m.Target, "err", err)
			b.undeliverable(m, rerr)
		default:
			b.sent(m, "retry", start)
			stuck[dest(m)] = true
			continue
		}
		sent = append(sent, m.ID)
	}
	if err := b.st.MarkSent(sent...); err != nil {
		b.log.Error("mark sent", "messages", len(sent), "err", err)
	}
	if left := len(msgs) - len(sent); left > 0 {
		b.log.Warn("the outbox keeps messages for the next start", "messages", left)
	}
}

// markLoop marks delivered messages sent, many in one commit, at most one
// commit every markEvery. A failed mark keeps them in flight (never sent
// twice by this process) and is retried.
func (b *Bot) markLoop() {
	defer b.wg.Done()
	retry := time.NewTicker(2 * time.Second)
	defer retry.Stop()
	var last time.Time
	for {
		select {
		case <-b.ctx.Done():
			b.markSent() // what was delivered before closing
			return
		case <-b.ob.marks:
			select {
			case <-time.After(time.Until(last.Add(markEvery))):
			case <-b.ctx.Done():
			}
		case <-retry.C:
		}
		last = time.Now()
		b.markSent()
	}
}

// markEvery spaces the commits that mark messages sent: under load one
// commit (a sync of the disk) marks a few dozen instead of one or two. A
// mark lost in a crash meanwhile means only that the message is sent again
// after the start, which its nonce makes Discord answer with the first.
const markEvery = 50 * time.Millisecond

func (b *Bot) markSent() {
	ob := b.ob
	ob.mu.Lock()
	ids := ob.done
	ob.done = nil
	ob.mu.Unlock()
	if len(ids) == 0 {
		return
	}
	if !b.orderedOutbox() {
		ob.scan.Lock()
		defer ob.scan.Unlock()
	}
	if err := b.st.MarkSent(ids...); err != nil {
		b.log.Error("mark sent", "messages", len(ids), "err", err)
		ob.mu.Lock()
		ob.done = append(ob.done, ids...)
		ob.mu.Unlock()
		return
	}
	ob.mu.Lock()
	for _, id := range ids {
		delete(ob.inFlight, id)
	}
	ob.mu.Unlock()
}

// send delivers one outbox message.
func (b *Bot) send(m store.OutMsg) error {
	p, ok := compose.Memo.Take(m.Payload) // payloadmemo.go
	if ok && compose.MemoCheck {
		compose.CheckMemo(b.log, m, p)
	}
	if !ok {
		if err := json.Unmarshal(m.Payload, &p); err != nil {
			b.log.Error("bad outbox compose.Payload, dropped", "game", m.GameID, "outbox", m.ID, "err", err)
			return nil
		}
	}
	p.FillGame(m.GameID)
	if p.EditRef != "" {
		return b.editRef(m.GameID, p)
	}
	ch := m.Target
	if m.Dest == store.DestDM {
		var err error
		if ch, err = b.dmChannel(m.Target); err != nil {
			return err
		}
	}
	if p.Edit != "" {
		if err := b.editMessage(ch, p); err != nil {
			return err
		}
		if p.Thread != "" && m.GameID != 0 {
			b.startThread(m.GameID, ch, p.Edit, p.Thread)
		}
		return nil
	}
	msgID, err := b.postMessage(ch, p, m.DedupeKey)
	if err != nil {
		return err
	}
	if p.Challenge != 0 {
		if err := b.st.SetChallengeMessage(p.Challenge, msgID); err != nil {
			b.log.Warn("challenge message id", "challenge", p.Challenge, "err", err)
		}
	}
	if p.Ref != "" && m.GameID != 0 {
		if err := b.st.PutMessageRef(m.GameID, p.Ref, store.MessageRef{ChannelID: ch, MessageID: msgID}); err != nil {
			b.log.Error("message ref", "game", m.GameID, "err", err)
		}
	}
	if p.Thread != "" && m.GameID != 0 {
		b.startThread(m.GameID, ch, msgID, p.Thread)
	}
	return nil
}

// dmChannel opens (once) the DM channel with a user.
func (b *Bot) dmChannel(user string) (string, error) {
	b.mu.Lock()
	id, ok := b.dmCh[user]
	b.mu.Unlock()
	if ok {
		return id, nil
	}
	// A DM channel's id never changes: the one stored saves a request per
	// player after every start.
	if st, err := b.st.GetSettings(user); err == nil && st.DMChannelID != "" {
		b.mu.Lock()
		b.dmCh[user] = st.DMChannelID
		b.mu.Unlock()
		return st.DMChannelID, nil
	}
	ch, err := b.s.UserChannelCreate(user)
	if err != nil {
		return "", err
	}
	b.mu.Lock()
	b.dmCh[user] = ch.ID
	b.mu.Unlock()
	if _, err := b.st.UpdateSettings(user, func(s *store.Settings) { s.DMChannelID = ch.ID }); err != nil {
		b.log.Warn("settings", "err", err)
	}
	return ch.ID, nil
}

// messageBody is a create-message request with what discordgo's MessageSend
// lacks: attachment descriptions (alt text) and a nonce that Discord uses to
// drop a re-sent duplicate.
type messageBody struct {
	Content         string                            `json:"content,omitempty"`
	Components      []discordgo.MessageComponent      `json:"components,omitempty"`
	Attachments     []attachmentBody                  `json:"attachments,omitempty"`
	AllowedMentions *discordgo.MessageAllowedMentions `json:"allowed_mentions"`
	Nonce           string                            `json:"nonce,omitempty"`
	EnforceNonce    bool                              `json:"enforce_nonce,omitempty"`
}

type attachmentBody struct {
	ID          string `json:"id"`
	Filename    string `json:"filename"`
	Description string `json:"description,omitempty"`
}

func components(bs []compose.Button) []discordgo.MessageComponent {
	if len(bs) == 0 {
		return nil
	}
	row := discordgo.ActionsRow{}
	for _, x := range bs {
		row.Components = append(row.Components, discordgo.Button{CustomID: x.ID, Label: x.Label, Style: discordgo.ButtonStyle(x.Style)})
	}
	return []discordgo.MessageComponent{row}
}

// payloadComponents returns the buttons row and the select row, if any.
func payloadComponents(p compose.Payload) []discordgo.MessageComponent {
	out := components(p.Buttons)
	if p.Select != nil && len(p.Select.Options) > 0 {
		out = append(out, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
			MenuType: discordgo.StringSelectMenu, CustomID: p.Select.ID, Placeholder: p.Select.Placeholder, Options: menuOptions(p.Select.Options)}}})
	}
	return out
}

// menuOptions are a menu's choices for discordgo.
func menuOptions(opts []compose.MenuOption) []discordgo.SelectMenuOption {
	out := make([]discordgo.SelectMenuOption, len(opts))
	for i, o := range opts {
		out[i] = discordgo.SelectMenuOption{Label: o.Label, Value: o.Value, Description: o.Description, Default: o.Default}
	}
	return out
}

// mentions allows pinging exactly these users (the CPU is no user).
func mentions(users []string) *discordgo.MessageAllowedMentions {
	var ids []string
	for _, u := range users {
		if u != "" && !compose.IsCPU(u) {
			ids = append(ids, u)
		}
	}
	return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}, Users: ids}
}

// postMessage creates a message in a channel, with files as multipart, and
// returns its id (the only part of Discord's answer the bot uses: decoding
// the whole message object cost more than the rest of the send).
func (b *Bot) postMessage(ch string, p compose.Payload, nonce string) (string, error) {
	body := messageBody{Content: p.Content, Components: payloadComponents(p), AllowedMentions: mentions(p.Mentions)}
	if nonce != "" && len(nonce) <= 25 {
		body.Nonce, body.EnforceNonce = nonce, true
	}
	files := compose.DrawFiles(b.log, p.Files)
	for i, f := range files {
		body.Attachments = append(body.Attachments, attachmentBody{ID: strconv.Itoa(i), Filename: f.Name, Description: f.Alt})
	}
	endpoint := discordgo.EndpointChannelMessages(ch)
	var resp []byte
	var err error
	if len(files) > 0 {
		ct, data, merr := multipartBody(body, files)
		if merr != nil {
			return "", merr
		}
		resp, err = b.s.RequestRaw(http.MethodPost, endpoint, ct, data, endpoint, 0)
	} else {
		resp, err = b.s.RequestWithBucketID(http.MethodPost, endpoint, body, endpoint)
	}
	if err != nil {
		return "", err
	}
	if id, ok := topLevelID(resp); ok {
		return id, nil
	}
	var msg struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(resp, &msg); err != nil || msg.ID == "" {
		return "", fmt.Errorf("decode message: %v (%w)", err, errNoMessageID)
	}
	return msg.ID, nil
}

// topLevelID finds the "id" of a JSON object without decoding the rest of
// it (json.Unmarshal checked and walked the whole message, its author,
// attachments and components, for one string): it skips every value but
// the top level's, strings with their escapes. An id it cannot take as it
// is (escaped, not a string, not found, the object cut short) is left to
// json.Unmarshal.
func topLevelID(b []byte) (string, bool) {
	b = b[skipSpace(b, 0):]
	if len(b) == 0 || b[0] != '{' {
		return "", false
	}
	depth := 0
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case '{', '[':
			depth++
		case '}', ']':
			depth--
		case '"':
			j := i + 1
			for j < len(b) && b[j] != '"' {
				if b[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(b) {
				return "", false
			}
			if depth == 1 && string(b[i+1:j]) == "id" {
				k := skipSpace(b, j+1)
				if k < len(b) && b[k] == ':' {
					return plainString(b[skipSpace(b, k+1):])
				}
			}
			i = j
		}
	}
	return "", false
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// plainString is the string b starts with, when it has no escape and is not empty.
func plainString(b []byte) (string, bool) {
	if len(b) == 0 || b[0] != '"' {
		return "", false
	}
	end := bytes.IndexByte(b[1:], '"')
	if end <= 0 || bytes.IndexByte(b[1:1+end], '\\') >= 0 {
		return "", false
	}
	return string(b[1 : 1+end]), true
}

var errNoMessageID = errors.New("the answer has no message id")

// editMessage edits a message's content and buttons.
func (b *Bot) editMessage(ch string, p compose.Payload) error {
	comps := payloadComponents(p)
	if comps == nil {
		comps = []discordgo.MessageComponent{}
	}
	content := p.Content
	_, err := b.s.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: p.Edit, Channel: ch, Content: &content,
		Components: &comps, AllowedMentions: mentions(p.Mentions)})
	return err
}

// startThread opens the game's announcement thread under a message.
func (b *Bot) startThread(id store.GameID, ch, msgID, name string) {
	th, err := b.s.MessageThreadStartComplex(ch, msgID, &discordgo.ThreadStart{Name: name, AutoArchiveDuration: 1440})
	if err != nil {
		b.log.Warn("thread", "game", id, "err", err)
		return
	}
	if _, err := b.st.UpdateGame(id, nil, func(g *store.Game) error { g.ThreadID = th.ID; return nil }); err != nil {
		b.log.Error("thread id", "game", id, "err", err)
		return
	}
	b.mu.Lock()
	if lg, ok := b.games[id]; ok {
		lg.mu.Lock()
		lg.meta.ThreadID = th.ID
		lg.mu.Unlock()
	}
	b.mu.Unlock()
}

// undeliverable handles a message Discord refused for good: a player whose DMs
// closed mid-game is told in the channel; a channel the bot can no longer post
// in (missing permissions, deleted) is reported to the players by DM.
func (b *Bot) undeliverable(m store.OutMsg, rerr *discordgo.RESTError) {
	if m.GameID == 0 {
		return
	}
	meta, err := b.st.GetGame(m.GameID)
	if err != nil {
		return
	}
	code := 0
	if rerr.Message != nil {
		code = rerr.Message.Code
	}
	switch {
	case m.Dest == store.DestDM && code == discordgo.ErrCodeCannotSendMessagesToThisUser:
		b.dmsClosed.Store(m.Target, true)
		// Tell the channel once per game; the game waits for the player. Only
		// a DM sent at a public point may trigger it: the failure of a private
		// one (a note, an unannounced foul, a bounce) would date that action.
		var p compose.Payload
		if json.Unmarshal(m.Payload, &p) != nil || !p.Public {
			return
		}
		key := fmt.Sprintf("%d:%s", meta.ID, m.Target)
		b.mu.Lock()
		told := b.dmClosedTold[key]
		b.dmClosedTold[key] = true
		b.mu.Unlock()
		if !told && !meta.ChannelGone {
			note := texts.DMsClosedMidGame(b.readers.ChannelLang(meta), compose.Mention(m.Target), uint64(meta.ID))
			if err := b.st.Enqueue(compose.ToChannel(b.announceChannel(meta), compose.Payload{Content: note, Mentions: []string{m.Target}})); err != nil {
				b.log.Error("enqueue", "game", meta.ID, "user", m.Target, "err", err)
				b.mu.Lock()
				delete(b.dmClosedTold, key) // tell the channel next time
				b.mu.Unlock()
			}
		}
	case m.Dest == store.DestChannel && (code == discordgo.ErrCodeMissingPermissions || code == discordgo.ErrCodeUnknownChannel || code == discordgo.ErrCodeMissingAccess):
		if meta.ChannelGone {
			return
		}
		var out []store.OutMsg
		for _, u := range meta.Players {
			if u != "" && !compose.IsCPU(u) {
				out = append(out, compose.ToDM(u, compose.Payload{Content: texts.ChannelLost(b.readers.Lang(u), uint64(meta.ID))}))
			}
		}
		if _, err := b.st.UpdateGame(meta.ID, out, func(g *store.Game) error { g.ChannelGone = true; return nil }); err != nil {
			b.log.Error("channel gone", "game", meta.ID, "err", err)
		}
		b.mu.Lock()
		if lg, ok := b.games[meta.ID]; ok {
			lg.mu.Lock()
			lg.meta.ChannelGone = true
			lg.mu.Unlock()
		}
		b.mu.Unlock()
	}
}

// announceChannel is where a game's public announcements go: its thread when
// it has one, else its channel.
func (b *Bot) announceChannel(meta store.Game) string {
	if meta.ThreadID != "" {
		return meta.ThreadID
	}
	return meta.ChannelID
}

func itoa(n uint64) string { return strconv.FormatUint(n, 10) }
