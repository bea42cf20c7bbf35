package discordtest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"shinpan/bot/discordtest/wire"
	"strconv"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// Gateway intents that decide which dispatches a session receives.
const (
	intentGuilds         = int64(discordgo.IntentsGuilds)
	intentGuildMessages  = int64(discordgo.IntentsGuildMessages)
	intentDirectMessages = int64(discordgo.IntentsDirectMessages)
	intentMessageContent = int64(discordgo.IntentMessageContent)
)

// gateway is the gateway's state; guarded by Server.mu.
type gateway struct {
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

func (g *gateway) init() {
	g.sessions = map[string]*session{}
	g.conns = map[*gwConn]bool{}
}

func (g *gateway) liveConns() []*gwConn {
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
func (s *Server) expired(ss *session) bool {
	return ss.conn == nil && !ss.lost.IsZero() && time.Since(ss.lost) > s.opts.ResumeWindow
}

type frame struct {
	seq  int64
	data []byte
}

// dispatch is an event to send to every session whose intents allow it.
type dispatch struct {
	t      string
	d      any
	intent int64  // 0: sent regardless of intents
	guild  string // the guild it is about ("": none, shard 0 only)
	// noContent, when set, replaces d for sessions without the
	// MESSAGE_CONTENT intent (guild messages from users, not mentioning the bot).
	noContent any
}

func newDispatch(t string, d any, intent int64) dispatch { return dispatch{t: t, d: d, intent: intent} }

// in routes d to the shard of a guild ("": shard 0).
func (d dispatch) in(guild string) dispatch { d.guild = guild; return d }

// GatewayStats counts what happened on the gateway.
type GatewayStats struct {
	Identifies      int // IDENTIFY (op 2) received
	Resumes         int // RESUME (op 6) received
	Heartbeats      int // heartbeats (op 1) received
	InvalidSessions int // INVALID SESSION (op 9) sent
	Reconnects      int // RECONNECT (op 7) sent
	Connections     int // websocket connections open now
	Refused         int // connection attempts refused while the gateway was down
	// Ready is true when a session is attached to an open connection, i.e.
	// READY or RESUMED has been sent on it.
	Ready bool
	// Intents are the intents of the last IDENTIFY.
	Intents discordgo.Intent
	// LastIdentify is the last IDENTIFY's "d" object.
	LastIdentify json.RawMessage
	// Sessions are the sessions that can still receive dispatches, connected
	// or resumable, in no particular order.
	Sessions []SessionStats
}

// SessionStats describes one gateway session.
type SessionStats struct {
	ID        string
	Shard     [2]int // [id, count]
	Connected bool
	Seq       int64 // its last dispatch's sequence number
}

// Gateway returns the gateway counters.
func (s *Server) Gateway() GatewayStats {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.gatewayStatsLocked()
}

func (s *Server) gatewayStatsLocked() GatewayStats {
	g := &s.gw
	st := GatewayStats{
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
		if !ss.invalid && !s.expired(ss) {
			st.Sessions = append(st.Sessions, SessionStats{ID: ss.id, Shard: ss.shard, Connected: ss.conn != nil, Seq: ss.seq})
		}
	}
	return st
}

// WaitGateway waits until cond holds for the gateway counters.
func (s *Server) WaitGateway(ctx context.Context, cond func(GatewayStats) bool) (GatewayStats, error) {
	var st GatewayStats
	err := s.wait(ctx, func() bool {
		st = s.gatewayStatsLocked()
		return cond(st)
	})
	return st, err
}

// WaitReady waits until a gateway session is connected (READY or RESUMED sent).
func (s *Server) WaitReady(ctx context.Context) error {
	_, err := s.WaitGateway(ctx, func(g GatewayStats) bool { return g.Ready })
	return err
}

// gwConn is one websocket connection. Frames are written in order by a
// single writer goroutine from out.
type gwConn struct {
	ws   *websocket.Conn
	out  chan []byte
	done chan struct{}
	once sync.Once
	sess *session // guarded by Server.mu
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

// serveGateway upgrades /ws/ requests and runs the connection; while the
// gateway is down it answers 503 so discordgo's dial fails.
func (s *Server) serveGateway(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	down := s.gw.down || s.closed
	if down {
		s.gw.refused++
		s.touch()
	}
	s.mu.Unlock()
	if down {
		http.Error(w, "gateway unavailable", http.StatusServiceUnavailable)
		return
	}
	ws, err := upgrader.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	c := &gwConn{ws: ws, out: make(chan []byte, 4096), done: make(chan struct{})}
	s.mu.Lock()
	s.gw.conns[c] = true
	s.touch()
	c.send(encodeFrame(10, obj{"heartbeat_interval": s.opts.HeartbeatInterval.Milliseconds()}, 0, ""))
	s.mu.Unlock()
	s.logf("discordtest: gateway connection from %s", r.RemoteAddr)
	go c.writeLoop()
	s.readLoop(c)
}

func (s *Server) readLoop(c *gwConn) {
	defer s.detach(c)
	for {
		_, msg, err := c.ws.ReadMessage()
		if err != nil {
			var ce *websocket.CloseError
			if errors.As(err, &ce) && (ce.Code == websocket.CloseNormalClosure || ce.Code == websocket.CloseGoingAway) {
				// Discord invalidates the session of a client that closes with 1000 or 1001.
				s.mu.Lock()
				if c.sess != nil {
					c.sess.invalid = true
				}
				s.mu.Unlock()
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
		s.mu.Lock()
		switch p.Op {
		case 1:
			s.gw.heartbeats++
			c.send(encodeFrame(11, nil, 0, ""))
		case 2:
			s.identify(c, p.D)
		case 6:
			s.resume(c, p.D)
		case 3, 4, 8:
			// presence, voice state, request guild members: accepted, ignored.
		default:
			s.mu.Unlock()
			c.closeWith(4001, "Unknown opcode.")
			return
		}
		s.touch()
		s.mu.Unlock()
	}
}

// detach forgets a closed connection; its session stays resumable unless invalidated.
func (s *Server) detach(c *gwConn) {
	c.drop()
	s.mu.Lock()
	defer s.mu.Unlock()
	if c.sess != nil && c.sess.conn == c {
		c.sess.conn = nil
		c.sess.lost = time.Now()
	}
	delete(s.gw.conns, c)
	s.rec.publish(Event{Kind: EventGateway, Note: "connection closed"})
	s.touch()
}

func (s *Server) tokenOK(tok string) bool {
	if s.opts.Token != "" {
		return tok == s.opts.Token
	}
	return tok != ""
}

// identify answers op 2 with READY (and GUILD_CREATE for each of the
// shard's guilds with the Guilds intent) on a new session. Other sessions
// stay, connected or resumable (ResumeWindow): several processes may each
// run a session, on the same shard or not. A shard outside [0, count) closes
// with 4010, fewer shards than Options.RequiredShards with 4011.
func (s *Server) identify(c *gwConn, d json.RawMessage) {
	var id struct {
		Token   string  `json:"token"`
		Intents int64   `json:"intents"`
		Shard   *[2]int `json:"shard"`
	}
	_ = json.Unmarshal(d, &id)
	s.gw.identifies++
	s.gw.lastIdentify = append(json.RawMessage(nil), d...)
	if !s.tokenOK(id.Token) {
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
	if shard[1] < s.opts.RequiredShards {
		go c.closeWith(4011, "Sharding required.")
		return
	}
	for sid, old := range s.gw.sessions {
		if old.conn == c {
			old.invalid = true
		}
		if old.invalid || s.expired(old) {
			delete(s.gw.sessions, sid)
		}
	}
	ss := &session{id: randomToken(16), intents: id.Intents, shard: shard, conn: c}
	s.gw.sessions[ss.id] = ss
	c.sess = ss
	s.rec.publish(Event{Kind: EventGateway, Note: fmt.Sprintf("IDENTIFY shard %v -> READY session %s", shard, ss.id)})
	s.logf("discordtest: IDENTIFY intents=%d shard=%v -> READY", id.Intents, shard)
	guilds := s.shardGuilds(shard)
	unavailable := make([]any, len(guilds))
	for i, g := range guilds {
		unavailable[i] = obj{"id": g.ID, "unavailable": true}
	}
	ready := obj{
		"v":                       9,
		"user":                    userJSON(&s.world.bot),
		"session_id":              ss.id,
		"session_type":            "normal",
		"resume_gateway_url":      s.gatewayURLLocked(),
		"application":             obj{"id": s.world.app, "flags": 0},
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
	s.sendTo(ss, "READY", ready)
	if ss.intents&intentGuilds != 0 {
		for _, g := range guilds {
			s.sendTo(ss, "GUILD_CREATE", s.guildJSON(g))
		}
	}
}

// resume answers op 6: replays the session's dispatches after the given
// sequence number and sends RESUMED, or sends op 9 (d: false) when the
// session is unknown, invalidated, too old, or a fault asks for it.
func (s *Server) resume(c *gwConn, d json.RawMessage) {
	var r struct {
		Token     string `json:"token"`
		SessionID string `json:"session_id"`
		Seq       int64  `json:"seq"`
	}
	_ = json.Unmarshal(d, &r)
	s.gw.resumes++
	if !s.tokenOK(r.Token) {
		go c.closeWith(4004, "Authentication failed.")
		return
	}
	ss := s.gw.sessions[r.SessionID]
	ok := ss != nil && !ss.invalid && !s.expired(ss) && r.Seq <= ss.seq &&
		(len(ss.buffer) == 0 || r.Seq >= s.replayable(ss)[0].seq-1)
	if s.gw.invalidateNextResume {
		s.gw.invalidateNextResume = false
		ok = false
	}
	if !ok {
		if ss != nil {
			ss.invalid = true
		}
		s.gw.invalidSessions++
		c.send(encodeFrame(9, false, 0, ""))
		s.rec.publish(Event{Kind: EventGateway, Note: "RESUME -> INVALID SESSION (op 9)"})
		s.logf("discordtest: RESUME %s seq %d -> op 9", r.SessionID, r.Seq)
		return
	}
	if old := ss.conn; old != nil && old != c {
		old.drop()
	}
	ss.conn = c
	c.sess = ss
	from := r.Seq - int64(s.gw.replayOnNextResume)
	s.gw.replayOnNextResume = 0
	n := 0
	for _, f := range s.replayable(ss) {
		if f.seq > from {
			c.send(f.data)
			n++
		}
	}
	s.rec.publish(Event{Kind: EventGateway, Note: "RESUME -> RESUMED, replayed " + strconv.Itoa(n)})
	s.logf("discordtest: RESUME %s seq %d -> replayed %d, RESUMED", r.SessionID, r.Seq, n)
	s.sendTo(ss, "RESUMED", obj{})
}

// replayable is what a RESUME may replay: the session's last
// Options.ReplayBuffer dispatches.
func (s *Server) replayable(ss *session) []frame {
	return ss.buffer[max(0, len(ss.buffer)-s.opts.ReplayBuffer):]
}

// sendTo numbers a dispatch for one session, keeps it for RESUME and sends
// it if the session is connected.
func (s *Server) sendTo(ss *session, t string, d any) {
	s.sendEncodedTo(ss, t, wire.MustJSON(d))
}

// sendEncodedTo is sendTo for a "d" already encoded (a dispatch for several
// sessions is encoded once).
func (s *Server) sendEncodedTo(ss *session, t string, d json.RawMessage) {
	ss.seq++
	f := frame{seq: ss.seq, data: encodeDispatchFrame(d, ss.seq, t)}
	// The last ReplayBuffer frames are kept; the older ones are dropped in
	// one go once as many again have piled up (not one copy a dispatch).
	ss.buffer = append(ss.buffer, f)
	if n := s.opts.ReplayBuffer; len(ss.buffer) >= 2*n {
		ss.buffer = ss.buffer[:copy(ss.buffer, ss.buffer[len(ss.buffer)-n:])]
	}
	if ss.conn != nil {
		ss.conn.send(f.data)
	}
}

// dispatchLocked sends d to every valid session of its shard whose intents
// allow it. While a session is disconnected its dispatches are kept for
// RESUME (unless DiscardMissedEvents is on, or the session is past
// ResumeWindow).
func (s *Server) dispatchLocked(d dispatch) {
	var data json.RawMessage
	if e, ok := d.d.(wire.Encoded); ok { // dispatchMessageJSON's
		data = json.RawMessage(e)
	} else {
		data = wire.MustJSON(d.d)
	}
	rec := &Dispatch{Type: d.t, Data: data, Guild: d.guild}
	var stripped json.RawMessage // d.noContent, encoded when a session needs it
	for _, ss := range s.gw.sessions {
		if ss.invalid || s.expired(ss) || !ss.receives(d.guild) || (d.intent != 0 && ss.intents&d.intent == 0) {
			continue
		}
		if ss.conn == nil && s.gw.discardMissed {
			continue
		}
		data := rec.Data
		if d.noContent != nil && ss.intents&intentMessageContent == 0 {
			if stripped == nil {
				stripped = wire.MustJSON(d.noContent)
			}
			data = stripped
		}
		s.sendEncodedTo(ss, d.t, data)
		rec.Sessions++
		rec.SessionIDs = append(rec.SessionIDs, ss.id)
	}
	if !s.opts.Lean {
		s.rec.dispatches = append(s.rec.dispatches, rec)
	}
	s.rec.publish(Event{Kind: EventDispatch, Dispatch: rec})
	s.touch()
}
