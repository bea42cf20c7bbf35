package discordtest

import "context"

// Gateway returns the gateway counters.
func (s *Server) Gateway() GatewayStats {
	s.w.Lock()
	defer s.w.Unlock()
	return s.gw.StatsLocked()
}

// WaitGateway waits until cond holds for the gateway counters.
func (s *Server) WaitGateway(ctx context.Context, cond func(GatewayStats) bool) (GatewayStats, error) {
	var st GatewayStats
	err := s.w.Wait(ctx, func() bool {
		st = s.gw.StatsLocked()
		return cond(st)
	})
	return st, err
}

// WaitReady waits until a gateway session is connected (READY or RESUMED sent).
func (s *Server) WaitReady(ctx context.Context) error {
	_, err := s.WaitGateway(ctx, func(g GatewayStats) bool { return g.Ready })
	return err
}
