package gateway

import "shinpan/bot/discordtest/world"

// Drop closes every gateway connection at the TCP level, without a close
// frame, as a network failure would, and returns how many it closed;
// sessions stay resumable (see discordtest.Faults.DropGateway, and its
// caveat on discordgo v0.29.0).
func (g *Gateway) Drop() int {
	g.w.Lock()
	conns := g.liveConns()
	g.w.Rec.Publish(world.Event{Kind: world.EventGateway, Note: "fault: connection dropped"})
	g.w.Unlock()
	for _, c := range conns {
		c.drop()
	}
	return len(conns)
}

// SetDown makes the gateway unreachable (down = true): open
// connections are dropped and new ones are refused with HTTP 503, so
// discordgo keeps retrying with its backoff (1 s, 2 s, 4 s, ...). Dispatches
// meanwhile are queued for RESUME. SetDown(false) ends the outage.
func (g *Gateway) SetDown(down bool) {
	g.w.Lock()
	g.down = down
	var conns []*gwConn
	if down {
		conns = g.liveConns()
		g.w.Rec.Publish(world.Event{Kind: world.EventGateway, Note: "fault: gateway down"})
	} else {
		g.w.Rec.Publish(world.Event{Kind: world.EventGateway, Note: "gateway up"})
	}
	g.w.Touch()
	g.w.Unlock()
	for _, c := range conns {
		c.drop()
	}
}

// SendReconnect sends op 7 RECONNECT on every connection; discordgo closes
// with code 1012, waits about 1 s and reconnects with RESUME.
func (g *Gateway) SendReconnect() {
	g.w.Lock()
	defer g.w.Unlock()
	for c := range g.conns {
		c.send(encodeFrame(7, nil, 0, ""))
		g.reconnects++
	}
	g.w.Rec.Publish(world.Event{Kind: world.EventGateway, Note: "fault: op 7 RECONNECT"})
	g.w.Touch()
}

// InvalidateSession sends op 9 INVALID SESSION (d: false) on every connected
// session now and forgets those sessions; discordgo v0.29.0 answers at once
// with IDENTIFY on the same connection.
func (g *Gateway) InvalidateSession() {
	g.w.Lock()
	defer g.w.Unlock()
	for _, ss := range g.sessions {
		if ss.conn != nil && !ss.invalid {
			ss.invalid = true
			ss.conn.send(encodeFrame(9, false, 0, ""))
			g.invalidSessions++
		}
	}
	g.w.Rec.Publish(world.Event{Kind: world.EventGateway, Note: "fault: op 9 INVALID SESSION"})
	g.w.Touch()
}

// InvalidateNextResume makes the next RESUME fail with op 9 (d: false): the
// session and the dispatches queued for it are lost, and discordgo
// re-identifies, so the bot must recover from its store and channel history.
func (g *Gateway) InvalidateNextResume() {
	g.w.Lock()
	defer g.w.Unlock()
	g.invalidateNextResume = true
}

// DiscardMissedEvents(true) makes dispatches produced while the bot is
// disconnected vanish instead of being kept for RESUME (messages are still
// stored and readable through GET /channels/{id}/messages).
func (g *Gateway) DiscardMissedEvents(discard bool) {
	g.w.Lock()
	defer g.w.Unlock()
	g.discardMissed = discard
}

// ReplayOnNextResume makes the next RESUME replay the n dispatches before
// the sequence number the client gives as well, which it has already seen:
// a client must handle an event delivered twice (an event Discord replays,
// or the same DM on two sessions) as once.
func (g *Gateway) ReplayOnNextResume(n int) {
	g.w.Lock()
	defer g.w.Unlock()
	g.replayOnNextResume = n
}
