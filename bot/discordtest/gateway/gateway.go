package gateway

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"shinpan/bot/discordtest/wire"
	"shinpan/bot/discordtest/world"
	"strconv"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// obj is a JSON object under construction.
type obj = map[string]any

// Gateway intents that decide which dispatches a session receives.
const (
	IntentGuilds         = int64(discordgo.IntentsGuilds)
	IntentGuildMessages  = int64(discordgo.IntentsGuildMessages)
	IntentDirectMessages = int64(discordgo.IntentsDirectMessages)
	IntentMessageContent = int64(discordgo.IntentMessageContent)
)

// Gateway is the stand-in's gateway: the websocket connections, the
// sessions they carry, and the dispatches it sends them. Its state is
// guarded by the World's lock, as everything it sends is about the World.
type Gateway struct {
	w        *world.World
	sessions map[string]*session
	conns    map[*gwConn]bool

	identifies, resumes, heartbeats int
	invalidSessions, reconnects     int
	refused                         int
	lastIdentify                    json.RawMessage

	invalidateNextResume bool
	replayOnNextResume   int // dispatches the next RESUME replays again (ReplayOnNextResume)
	down                 bool
	discardMissed        bool
}

// New returns the gateway of w (served at /ws by ServeHTTP).
func New(w *world.World) *Gateway {
	return &Gateway{w: w, sessions: map[string]*session{}, conns: map[*gwConn]bool{}}
}

// DropAll drops every connection (the Server is closing). Callers do not
// hold the World's lock.
func (g *Gateway) DropAll() {
	g.w.Lock()
	conns := g.liveConns()
	g.w.Unlock()
	for _, c := range conns {
		c.drop()
	}
}

// AddDetachedSession adds a session of intents on shard [0, 1] whose
// connection is gone: it keeps its dispatches for RESUME. It is for
// benchmarks of the dispatch path without a socket.
func (g *Gateway) AddDetachedSession(id string, intents int64) {
	g.w.Lock()
	defer g.w.Unlock()
	g.sessions[id] = &session{id: id, intents: intents, shard: [2]int{0, 1}}
}

// Identifies is how many IDENTIFYs came. Callers hold the World's lock.
func (g *Gateway) Identifies() int { return g.identifies }

func (g *Gateway) liveConns() []*gwConn {
	out := make([]*gwConn, 0, len(g.conns))
	for c := range g.conns {
		out = append(out, c)
	}
	return out
}

// session is a gateway session: it outlives connections until invalidated,
// numbers its dispatches and keeps the last ones for RESUME.
type session struct {
	id      string
	intents int64
	shard   [2]int // [id, count] from IDENTIFY; [0, 1] without
	seq     int64
	conn    *gwConn   // nil while disconnected
	lost    time.Time // when it was last disconnected
	buffer  []frame
	invalid bool
}

// expired reports whether a disconnected session is past Options.ResumeWindow.
func (g *Gateway) expired(ss *session) bool {
	return ss.conn == nil && !ss.lost.IsZero() && time.Since(ss.lost) > g.w.Opts.ResumeWindow
}

type frame struct {
	seq  int64
	data []byte
}

// Event is a dispatch to send to every session whose intents allow it.
type Event struct {
	t      string
	d      any
	intent int64  // 0: sent regardless of intents
	guild  string // the guild it is about ("": none, shard 0 only)
	// noContent, when set, replaces d for sessions without the
	// MESSAGE_CONTENT intent (guild messages from users, not mentioning the bot).
	noContent any
}

// NewEvent is the dispatch t with data d for the sessions with intent
// (0: all of them).
func NewEvent(t string, d any, intent int64) Event { return Event{t: t, d: d, intent: intent} }

// In routes d to the shard of a guild ("": shard 0).
func (d Event) In(guild string) Event { d.guild = guild; return d }

// StatsLocked is the gateway counters. Callers hold the World's lock.
func (g *Gateway) StatsLocked() Stats {
	st := Stats{
		Identifies: g.identifies, Resumes: g.resumes, Heartbeats: g.heartbeats,
		InvalidSessions: g.invalidSessions, Reconnects: g.reconnects, Refused: g.refused,
		Connections: len(g.conns), LastIdentify: g.lastIdentify,
	}
	var id struct {
		Intents discordgo.Intent `json:"intents"`
	}
	_ = json.Unmarshal(g.lastIdentify, &id)
	st.Intents = id.Intents
	for _, ss := range g.sessions {
		if !ss.invalid && ss.conn != nil {
			st.Ready = true
		}
		if !ss.invalid && !g.expired(ss) {
			st.Sessions = append(st.Sessions, SessionStats{ID: ss.id, Shard: ss.shard, Connected: ss.conn != nil, Seq: ss.seq})
		}
	}
	return st
}

// gwConn is one websocket connection. Frames are written in order by a
// single writer goroutine from out.
type gwConn struct {
	ws   *websocket.Conn
	out  chan []byte
	done chan struct{}
	once sync.Once
	sess *session // guarded by the World's lock
}

// send queues a frame; a connection that cannot keep up is dropped.
func (c *gwConn) send(b []byte) {
	select {
	case <-c.done:
	case c.out <- b:
	default:
		c.drop()
	}
}

// drop closes the TCP connection without a close frame.
func (c *gwConn) drop() {
	c.once.Do(func() {
		close(c.done)
		_ = c.ws.UnderlyingConn().Close()
	})
}

// closeWith sends a close frame with code and then drops the connection.
func (c *gwConn) closeWith(code int, text string) {
	msg := websocket.FormatCloseMessage(code, text)
	_ = c.ws.WriteControl(websocket.CloseMessage, msg, time.Now().Add(time.Second))
	c.drop()
}

func (c *gwConn) writeLoop() {
	for {
		select {
		case <-c.done:
			return
		case b := <-c.out:
			_ = c.ws.SetWriteDeadline(time.Now().Add(10 * time.Second))
			if err := c.ws.WriteMessage(websocket.TextMessage, b); err != nil {
				c.drop()
				return
			}
		}
	}
}

// encodeFrame builds a gateway payload {"op","d","s","t"}.
func encodeFrame(op int, d any, seq int64, t string) []byte {
	f := struct {
		Op int     `json:"op"`
		D  any     `json:"d"`
		S  *int64  `json:"s"`
		T  *string `json:"t"`
	}{Op: op, D: d}
	if op == 0 {
		f.S, f.T = &seq, &t
	}
	return wire.MustJSON(f)
}

// encodeDispatchFrame is encodeFrame(0, d, seq, t) for an encoded d,
// without encoding d again.
func encodeDispatchFrame(d json.RawMessage, seq int64, t string) []byte {
	tj := wire.MustJSON(t)
	b := make([]byte, 0, len(d)+len(tj)+48)
	b = append(b, `{"op":0,"d":`...)
	b = append(b, d...)
	b = append(b, `,"s":`...)
	b = strconv.AppendInt(b, seq, 10)
	b = append(b, `,"t":`...)
	b = append(b, tj...)
	return append(b, '}')
}

var upgrader = websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }}

// ServeHTTP upgrades /ws/ requests and runs the connection; while the
// gateway is down it answers 503 so discordgo's dial fails.
func (g *Gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	g.w.Lock()
	down := g.down || g.w.Closed
	if down {
		g.refused++
		g.w.Touch()
	}
	g.w.Unlock()
	if down {
		http.Error(w, "gateway unavailable", http.StatusServiceUnavailable)
		return
	}
	ws, err := upgrader.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	c := &gwConn{ws: ws, out: make(chan []byte, 4096), done: make(chan struct{})}
	g.w.Lock()
	g.conns[c] = true
	g.w.Touch()
	c.send(encodeFrame(10, obj{"heartbeat_interval": g.w.Opts.HeartbeatInterval.Milliseconds()}, 0, ""))
	g.w.Unlock()
	g.w.Logf("discordtest: gateway connection from %s", r.RemoteAddr)
	go c.writeLoop()
	g.readLoop(c)
}

func (g *Gateway) readLoop(c *gwConn) {
	defer g.detach(c)
	for {
		_, msg, err := c.ws.ReadMessage()
		if err != nil {
			var ce *websocket.CloseError
			if errors.As(err, &ce) && (ce.Code == websocket.CloseNormalClosure || ce.Code == websocket.CloseGoingAway) {
				// Discord invalidates the session of a client that closes with 1000 or 1001.
				g.w.Lock()
				if c.sess != nil {
					c.sess.invalid = true
				}
				g.w.Unlock()
			}
			return
		}
		var p struct {
			Op int             `json:"op"`
			D  json.RawMessage `json:"d"`
		}
		if err := json.Unmarshal(msg, &p); err != nil {
			c.closeWith(4002, "Error while decoding payload.")
			return
		}
		g.w.Lock()
		switch p.Op {
		case 1:
			g.heartbeats++
			c.send(encodeFrame(11, nil, 0, ""))
		case 2:
			g.identify(c, p.D)
		case 6:
			g.resume(c, p.D)
		case 3, 4, 8:
			// presence, voice state, request guild members: accepted, ignored.
		default:
			g.w.Unlock()
			c.closeWith(4001, "Unknown opcode.")
			return
		}
		g.w.Touch()
		g.w.Unlock()
	}
}

// detach forgets a closed connection; its session stays resumable unless invalidated.
func (g *Gateway) detach(c *gwConn) {
	c.drop()
	g.w.Lock()
	defer g.w.Unlock()
	if c.sess != nil && c.sess.conn == c {
		c.sess.conn = nil
		c.sess.lost = time.Now()
	}
	delete(g.conns, c)
	g.w.Rec.Publish(world.Event{Kind: world.EventGateway, Note: "connection closed"})
	g.w.Touch()
}

// identify answers op 2 with READY (and GUILD_CREATE for each of the
// shard's guilds with the Guilds intent) on a new session. Other sessions
// stay, connected or resumable (ResumeWindow): several processes may each
// run a session, on the same shard or not. A shard outside [0, count) closes
// with 4010, fewer shards than Options.RequiredShards with 4011.
func (g *Gateway) identify(c *gwConn, d json.RawMessage) {
	var id struct {
		Token   string  `json:"token"`
		Intents int64   `json:"intents"`
		Shard   *[2]int `json:"shard"`
	}
	_ = json.Unmarshal(d, &id)
	g.identifies++
	g.lastIdentify = append(json.RawMessage(nil), d...)
	if !g.w.TokenOK(id.Token) {
		go c.closeWith(4004, "Authentication failed.")
		return
	}
	if c.sess != nil && !c.sess.invalid {
		go c.closeWith(4005, "Already authenticated.")
		return
	}
	shard := [2]int{0, 1}
	if id.Shard != nil {
		shard = *id.Shard
	}
	if shard[1] < 1 || shard[0] < 0 || shard[0] >= shard[1] {
		go c.closeWith(4010, "Invalid shard.")
		return
	}
	if shard[1] < g.w.Opts.RequiredShards {
		go c.closeWith(4011, "Sharding required.")
		return
	}
	for sid, old := range g.sessions {
		if old.conn == c {
			old.invalid = true
		}
		if old.invalid || g.expired(old) {
			delete(g.sessions, sid)
		}
	}
	ss := &session{id: world.RandomToken(16), intents: id.Intents, shard: shard, conn: c}
	g.sessions[ss.id] = ss
	c.sess = ss
	g.w.Rec.Publish(world.Event{Kind: world.EventGateway, Note: fmt.Sprintf("IDENTIFY shard %v -> READY session %s", shard, ss.id)})
	g.w.Logf("discordtest: IDENTIFY intents=%d shard=%v -> READY", id.Intents, shard)
	guilds := g.w.ShardGuilds(shard)
	unavailable := make([]any, len(guilds))
	for i, gd := range guilds {
		unavailable[i] = obj{"id": gd.ID, "unavailable": true}
	}
	ready := obj{
		"v":                       9,
		"user":                    world.UserJSON(&g.w.Bot),
		"session_id":              ss.id,
		"session_type":            "normal",
		"resume_gateway_url":      g.w.GatewayURL(),
		"application":             obj{"id": g.w.App, "flags": 0},
		"guilds":                  unavailable,
		"private_channels":        []any{},
		"relationships":           []any{},
		"presences":               []any{},
		"user_settings":           obj{},
		"geo_ordered_rtc_regions": []any{},
	}
	if id.Shard != nil {
		ready["shard"] = shard
	}
	g.sendTo(ss, "READY", ready)
	if ss.intents&IntentGuilds != 0 {
		for _, gd := range guilds {
			g.sendTo(ss, "GUILD_CREATE", g.w.GuildJSON(gd))
		}
	}
}

// resume answers op 6: replays the session's dispatches after the given
// sequence number and sends RESUMED, or sends op 9 (d: false) when the
// session is unknown, invalidated, too old, or a fault asks for it.
func (g *Gateway) resume(c *gwConn, d json.RawMessage) {
	var r struct {
		Token     string `json:"token"`
		SessionID string `json:"session_id"`
		Seq       int64  `json:"seq"`
	}
	_ = json.Unmarshal(d, &r)
	g.resumes++
	if !g.w.TokenOK(r.Token) {
		go c.closeWith(4004, "Authentication failed.")
		return
	}
	ss := g.sessions[r.SessionID]
	ok := ss != nil && !ss.invalid && !g.expired(ss) && r.Seq <= ss.seq &&
		(len(ss.buffer) == 0 || r.Seq >= g.replayable(ss)[0].seq-1)
	if g.invalidateNextResume {
		g.invalidateNextResume = false
		ok = false
	}
	if !ok {
		if ss != nil {
			ss.invalid = true
		}
		g.invalidSessions++
		c.send(encodeFrame(9, false, 0, ""))
		g.w.Rec.Publish(world.Event{Kind: world.EventGateway, Note: "RESUME -> INVALID SESSION (op 9)"})
		g.w.Logf("discordtest: RESUME %s seq %d -> op 9", r.SessionID, r.Seq)
		return
	}
	if old := ss.conn; old != nil && old != c {
		old.drop()
	}
	ss.conn = c
	c.sess = ss
	from := r.Seq - int64(g.replayOnNextResume)
	g.replayOnNextResume = 0
	n := 0
	for _, f := range g.replayable(ss) {
		if f.seq > from {
			c.send(f.data)
			n++
		}
	}
	g.w.Rec.Publish(world.Event{Kind: world.EventGateway, Note: "RESUME -> RESUMED, replayed " + strconv.Itoa(n)})
	g.w.Logf("discordtest: RESUME %s seq %d -> replayed %d, RESUMED", r.SessionID, r.Seq, n)
	g.sendTo(ss, "RESUMED", obj{})
}

// replayable is what a RESUME may replay: the session's last
// Options.ReplayBuffer dispatches.
func (g *Gateway) replayable(ss *session) []frame {
	return ss.buffer[max(0, len(ss.buffer)-g.w.Opts.ReplayBuffer):]
}

// sendTo numbers a dispatch for one session, keeps it for RESUME and sends
// it if the session is connected.
func (g *Gateway) sendTo(ss *session, t string, d any) {
	g.sendEncodedTo(ss, t, wire.MustJSON(d))
}

// sendEncodedTo is sendTo for a "d" already encoded (a dispatch for several
// sessions is encoded once).
func (g *Gateway) sendEncodedTo(ss *session, t string, d json.RawMessage) {
	ss.seq++
	f := frame{seq: ss.seq, data: encodeDispatchFrame(d, ss.seq, t)}
	// The last ReplayBuffer frames are kept; the older ones are dropped in
	// one go once as many again have piled up (not one copy a dispatch).
	ss.buffer = append(ss.buffer, f)
	if n := g.w.Opts.ReplayBuffer; len(ss.buffer) >= 2*n {
		ss.buffer = ss.buffer[:copy(ss.buffer, ss.buffer[len(ss.buffer)-n:])]
	}
	if ss.conn != nil {
		ss.conn.send(f.data)
	}
}

// Send sends d to every valid session of its shard whose intents
// allow it. While a session is disconnected its dispatches are kept for
// RESUME (unless DiscardMissedEvents is on, or the session is past
// ResumeWindow).
func (g *Gateway) Send(d Event) {
	var data json.RawMessage
	if e, ok := d.d.(wire.Encoded); ok { // dispatchMessageJSON's
		data = json.RawMessage(e)
	} else {
		data = wire.MustJSON(d.d)
	}
	rec := &world.Dispatch{Type: d.t, Data: data, Guild: d.guild}
	var stripped json.RawMessage // d.noContent, encoded when a session needs it
	for _, ss := range g.sessions {
		if ss.invalid || g.expired(ss) || !ss.receives(d.guild) || (d.intent != 0 && ss.intents&d.intent == 0) {
			continue
		}
		if ss.conn == nil && g.discardMissed {
			continue
		}
		data := rec.Data
		if d.noContent != nil && ss.intents&IntentMessageContent == 0 {
			if stripped == nil {
				stripped = wire.MustJSON(d.noContent)
			}
			data = stripped
		}
		g.sendEncodedTo(ss, d.t, data)
		rec.Sessions++
		rec.SessionIDs = append(rec.SessionIDs, ss.id)
	}
	if !g.w.Opts.Lean {
		g.w.Rec.Dispatches = append(g.w.Rec.Dispatches, rec)
	}
	g.w.Rec.Publish(world.Event{Kind: world.EventDispatch, Dispatch: rec})
	g.w.Touch()
}

// receives reports whether a session gets a dispatch about guild ("": none).
func (ss *session) receives(guild string) bool {
	return world.ShardOf(guild, ss.shard[1]) == ss.shard[0]
}
