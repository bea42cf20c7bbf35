package ops

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"time"
)

// Check is one readiness condition: nil when ready, else why not.
type Check func() error

// Handler serves /metrics (when m is not nil), /healthz (the process answers)
// and /readyz (every check passes; 503 with the reasons otherwise).
func Handler(m *Metrics, checks map[string]Check) http.Handler {
	mux := http.NewServeMux()
	if m != nil {
		mux.HandleFunc("GET /metrics", func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
			m.WritePrometheus(w)
		})
	}
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		io.WriteString(w, "ok\n")
	})
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, _ *http.Request) {
		var failed []string
		for name, c := range checks {
			if err := c(); err != nil {
				failed = append(failed, fmt.Sprintf("%s: %v", name, err))
			}
		}
		if len(failed) > 0 {
			w.WriteHeader(http.StatusServiceUnavailable)
			for _, f := range failed {
				fmt.Fprintln(w, f)
			}
			return
		}
		io.WriteString(w, "ready\n")
	})
	return mux
}

// Server is an HTTP server on a listener, stopped with Close.
type Server struct {
	srv  *http.Server
	ln   net.Listener
	done chan struct{}
}

// Listen starts serving h on ln in a goroutine; errors other than a Close are
// logged.
func Listen(ln net.Listener, h http.Handler, log *slog.Logger) *Server {
	s := &Server{srv: &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}, ln: ln, done: make(chan struct{})}
	go func() {
		defer close(s.done)
		if err := s.srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("http server", "addr", ln.Addr().String(), "err", err)
		}
	}()
	return s
}

// Addr is the address served.
func (s *Server) Addr() net.Addr { return s.ln.Addr() }

// Close stops the server, letting requests in flight finish for up to 5 s.
func (s *Server) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	err := s.srv.Shutdown(ctx)
	<-s.done
	return err
}
