package bot

import (
	"errors"
	"net/http"

	"shinpan/ops"
)

// Ready says whether the bot can serve what it is configured for: it has
// started (Start returned) and is not shutting down; with a gateway, each of
// its shards is connected (READY or RESUMED since the last disconnect) and
// the DMs missed before the start are read back (catch-up); with http_addr,
// the Interactions Endpoint is served (EndpointServing), which needs the
// application's public key (InteractionsHandler). The store is checked
// apart (StoreReady; Checks has both).
func (b *Bot) Ready() error {
	if b.ctx.Err() != nil {
		return errors.New("shutting down")
	}
	started, listing := b.dms.Started()
	if !started {
		return errors.New("starting")
	}
	if b.cfg.GatewayOn() {
		if !b.gatewayReady() {
			return errors.New("gateway not connected")
		}
		if listing > 0 {
			return errors.New("reading back the DMs missed before the start")
		}
	}
	if b.cfg.HTTPAddr != "" && !b.endpointUp.Load() {
		return errors.New("interactions endpoint not served yet")
	}
	return nil
}

// EndpointServing tells the bot its Interactions Endpoint is served (up) or
// no longer (Ready).
func (b *Bot) EndpointServing(up bool) { b.endpointUp.Store(up) }

// Checks are /readyz's checks: the store answers, and the bot is Ready.
func (b *Bot) Checks() map[string]ops.Check {
	return map[string]ops.Check{"store": b.StoreReady, "gateway": b.Ready}
}

// InteractionsHandler serves the Interactions Endpoint at any path: a
// request without a valid, fresh signature by the application's public key
// gets 401; PING gets PONG; every other interaction goes through the route
// table, as from the gateway.
func (b *Bot) InteractionsHandler() (http.Handler, error) {
	key, err := b.cfg.InteractionsKey()
	if err != nil {
		return nil, err
	}
	return b.router.InteractionsHandler(key), nil
}
