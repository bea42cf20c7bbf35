package postgres

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"shinpan/store"
)

// When the server goes away (stopped, restarted, killed, a failover) or a
// connection is cut, an operation is tried once more on a new connection;
// if that fails too the store is down: every operation fails at once with
// store.ErrUnavailable, without waiting for a connect timeout, while one
// prober pings the server with a growing back-off (probeMin to probeMax).
// Its first answer puts the store back up: operations resume with no
// restart, within probeMax of the server's return.

const (
	probeMin = 10 * time.Millisecond
	probeMax = 500 * time.Millisecond
	// resolveWithin bounds how long a write whose COMMIT lost its
	// connection waits for the server, to find out whether it committed.
	resolveWithin = 10 * time.Second
)

// health is the store's view of the server.
type health struct {
	mu        sync.Mutex
	down      bool
	since     time.Time
	cause     error
	recovered chan struct{} // closed when the store is up again
	outages   int
	closed    chan struct{} // closed by Close: the prober stops
	// lostCommits counts the COMMITs whose connection was lost, by what
	// the keys told: committed, not committed, unknown (tests).
	lostCommits [3]int
}

// lostCommitCounts returns lostCommits (tests).
func (h *health) lostCommitCounts() [3]int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.lostCommits
}

func (h *health) noteResolved(committed bool, err error) {
	i := 1
	switch {
	case committed:
		i = 0
	case errors.Is(err, store.ErrOutcomeUnknown):
		i = 2
	}
	h.mu.Lock()
	h.lostCommits[i]++
	h.mu.Unlock()
}

// Healthy returns nil while the store reaches its server, and otherwise an
// error wrapping store.ErrUnavailable that says since when and why. It asks
// nothing of the server (a readiness probe may call it at any rate).
func (s *Store) Healthy() error {
	s.health.mu.Lock()
	defer s.health.mu.Unlock()
	if !s.health.down {
		return nil
	}
	return s.downErr()
}

// Outages counts the times the store went down since Open.
func (s *Store) Outages() int {
	s.health.mu.Lock()
	defer s.health.mu.Unlock()
	return s.health.outages
}

// downErr is the error of an operation refused while down (mu held).
func (s *Store) downErr() error {
	return fmt.Errorf("%w: %s not reachable for %v: %v", store.ErrUnavailable, s.desc,
		time.Since(s.health.since).Round(time.Millisecond), s.health.cause)
}

// guard refuses an operation at once while the store is down.
func (s *Store) guard() error {
	s.health.mu.Lock()
	defer s.health.mu.Unlock()
	if s.health.down {
		return s.downErr()
	}
	return nil
}

// markDown records that the server cannot be reached and starts the prober
// (once per outage). The pool's idle connections are dropped: after a
// restart or a failover every one of them is dead.
func (s *Store) markDown(cause error) {
	s.health.mu.Lock()
	if s.health.down {
		s.health.mu.Unlock()
		return
	}
	s.health.down, s.health.since, s.health.cause = true, time.Now(), cause
	s.health.recovered = make(chan struct{})
	s.health.outages++
	s.health.mu.Unlock()
	s.pool.Reset()
	go s.probe()
}

// recovered returns a channel closed once the store is up (already closed
// when it is up now).
func (s *Store) recovered() <-chan struct{} {
	s.health.mu.Lock()
	defer s.health.mu.Unlock()
	if !s.health.down {
		c := make(chan struct{})
		close(c)
		return c
	}
	return s.health.recovered
}

// probe pings the server with a growing back-off until it answers (the
// store is up again) or the store is closed.
func (s *Store) probe() {
	for delay := probeMin; ; delay = min(2*delay, probeMax) {
		select {
		case <-s.health.closed:
			return
		case <-time.After(delay):
		}
		ctx, cancel := context.WithTimeout(context.Background(), s.connectTimeout)
		err := s.pool.Ping(ctx)
		cancel()
		if err != nil {
			continue
		}
		s.health.mu.Lock()
		s.health.down, s.health.cause = false, nil
		close(s.health.recovered)
		s.health.mu.Unlock()
		return
	}
}

// lost reports whether err says the session is gone or cannot be had: the
// server is unreachable, refuses connections (starting up, shutting down, a
// standby, too many clients), ended the session, or the operation timed out.
// A transaction that failed so, before its COMMIT was sent, wrote nothing.
func lost(err error) bool {
	if err == nil {
		return false
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		switch pe.Code {
		case "57P01", // admin_shutdown: a fast shutdown, pg_terminate_backend, a postmaster that died
			"57P02", // crash_shutdown: another backend crashed
			"57P03", // cannot_connect_now: starting up, shutting down, in recovery
			"57P05", // idle_session_timeout
			"25P03", // idle_in_transaction_session_timeout
			"53300", // too_many_connections
			"25006": // read_only_sql_transaction: a standby (the DSN names it before its promotion)
			return true
		}
		return strings.HasPrefix(pe.Code, "08") // connection_exception
	}
	var ce *pgconn.ConnectError
	var ne net.Error
	switch {
	case errors.As(err, &ce), errors.As(err, &ne), pgconn.SafeToRetry(err), pgconn.Timeout(err),
		errors.Is(err, context.DeadlineExceeded), errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF),
		errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.EPIPE),
		errors.Is(err, syscall.ENOENT):
		return true
	}
	return false
}

// unavailable wraps an error that lost says is one in store.ErrUnavailable.
func unavailable(err error) error {
	return fmt.Errorf("%w: %v", store.ErrUnavailable, err)
}

// unknownOutcome is the error of a write whose COMMIT lost its connection,
// when the store could not find out whether it committed.
func unknownOutcome(err error) error {
	return fmt.Errorf("%w: %v", store.ErrOutcomeUnknown, err)
}

// once runs a read, or a write of one statement, that may run again: after
// a lost connection it is tried once more on a new one, and if that fails
// too the store is down. A statement that may have committed before its
// connection was lost must be one that can run twice (MarkSent, ClaimOutbox,
// PutInbox, MarkDMHandled are).
func (s *Store) once(fn func(ctx context.Context) error) error {
	if err := s.guard(); err != nil {
		return err
	}
	ctx, cancel := opContext()
	defer cancel()
	for try := 1; ; try++ {
		err := fn(ctx)
		if !lost(err) {
			return err
		}
		if ctx.Err() != nil { // the operation's time is up: the server is slow, not gone
			return unavailable(err)
		}
		if try == 1 {
			s.pool.Reset()
			continue
		}
		s.markDown(err)
		return unavailable(err)
	}
}

// resolve finds out, with outcome, whether a transaction whose COMMIT lost
// its connection committed, waiting up to resolveWithin for the server to
// answer. outcome's error other than a lost connection (a DuplicateError)
// is the write's.
func (s *Store) resolve(cause error, outcome func(ctx context.Context) (bool, error)) (bool, error) {
	s.pool.Reset()
	ctx, cancel := context.WithTimeout(context.Background(), resolveWithin)
	defer cancel()
	for {
		committed, err := outcome(ctx)
		if !lost(err) {
			return committed, err
		}
		if ctx.Err() != nil {
			return false, unknownOutcome(cause)
		}
		s.markDown(err)
		select {
		case <-s.recovered():
		case <-ctx.Done():
			return false, unknownOutcome(cause)
		}
	}
}
