package pgtest

import (
	"bytes"
	"net"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// Proxy forwards connections from a Unix socket of its own to a server's,
// and cuts them all on demand (Cut): the client and the server each see
// their connection end with no word from the other, as when a network link
// or a connection pooler in between goes.
type Proxy struct {
	dir    string
	ln     net.Listener
	target string

	mu    sync.Mutex
	conns map[net.Conn]bool
	// muted are client connections the server's answers no longer reach;
	// the channel is closed when the first one is dropped.
	muted map[net.Conn]chan struct{}
	wg    sync.WaitGroup
	// onCommit, when armed, cuts the connection that sends the next COMMIT:
	// after forwarding it (the server commits, the client never hears) or
	// before (nothing commits).
	onCommit struct {
		armed, forward bool
	}
}

// commitMsg is a simple-protocol Query message "commit", as pgx sends it.
var commitMsg = []byte("Q\x00\x00\x00\x0bcommit\x00")

// CutAtCommit arms the proxy: the next connection to send a COMMIT is cut,
// after the COMMIT reaches the server when forward is true, before it when
// false. The client's COMMIT then fails without an answer either way.
func (p *Proxy) CutAtCommit(forward bool) {
	p.mu.Lock()
	p.onCommit.armed, p.onCommit.forward = true, forward
	p.mu.Unlock()
}

// NewProxy listens in a new directory and forwards to s.
func (s *Server) NewProxy() (*Proxy, error) {
	dir, err := os.MkdirTemp("", "shinpan-pgproxy-")
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("unix", filepath.Join(dir, ".s.PGSQL.5432"))
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	p := &Proxy{dir: dir, ln: ln, target: filepath.Join(s.dir, ".s.PGSQL.5432"), conns: map[net.Conn]bool{}, muted: map[net.Conn]chan struct{}{}}
	p.wg.Add(1)
	go p.accept()
	return p, nil
}

// URL is the URL of database db through the proxy (as Server.URL).
func (p *Proxy) URL(db string) string { return (&Server{dir: p.dir}).URL(db) }

func (p *Proxy) accept() {
	defer p.wg.Done()
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		up, err := net.Dial("unix", p.target)
		if err != nil { // the server is down: the client sees its connection end
			c.Close()
			continue
		}
		p.mu.Lock()
		p.conns[c], p.conns[up] = true, true
		p.mu.Unlock()
		go p.pipe(c, up)
		go p.toServer(up, c)
	}
}

// pipe copies the server's answers (src) to the client (dst) until either
// ends or the client is muted.
func (p *Proxy) pipe(dst, src net.Conn) {
	buf := make([]byte, 64<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			p.mu.Lock()
			heard, muted := p.muted[dst]
			p.mu.Unlock()
			if muted {
				close(heard)
				break
			}
			if _, err := dst.Write(buf[:n]); err != nil {
				break
			}
		}
		if err != nil {
			break
		}
	}
	dst.Close()
	src.Close()
	p.mu.Lock()
	delete(p.conns, dst)
	delete(p.conns, src)
	delete(p.muted, dst)
	p.mu.Unlock()
}

// toServer copies what the client sends, watching for an armed COMMIT.
func (p *Proxy) toServer(up, c net.Conn) {
	buf := make([]byte, 64<<10)
	for {
		n, err := c.Read(buf)
		if n > 0 {
			chunk := buf[:n]
			p.mu.Lock()
			hit := p.onCommit.armed && bytes.Contains(chunk, commitMsg)
			forward := p.onCommit.forward
			if hit {
				p.onCommit.armed = false
			}
			p.mu.Unlock()
			if hit {
				if forward {
					// The client must not hear the COMMIT's answer, and
					// must not see its connection end before the server
					// has committed: mute it, forward, wait for the answer.
					heard := make(chan struct{})
					p.mu.Lock()
					p.muted[c] = heard
					p.mu.Unlock()
					if _, err := up.Write(chunk); err == nil {
						select {
						case <-heard:
						case <-time.After(10 * time.Second):
						}
					}
				}
				break
			}
			if _, err := up.Write(chunk); err != nil {
				break
			}
		}
		if err != nil {
			break
		}
	}
	up.Close()
	c.Close()
	p.mu.Lock()
	delete(p.conns, up)
	delete(p.conns, c)
	p.mu.Unlock()
}

// Cut closes every connection open through the proxy, and returns how many
// client connections it cut.
func (p *Proxy) Cut() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := len(p.conns) / 2
	for c := range p.conns {
		c.Close()
	}
	return n
}

// Close stops the proxy and cuts what goes through it.
func (p *Proxy) Close() {
	p.ln.Close()
	p.wg.Wait()
	p.Cut()
	os.RemoveAll(p.dir)
}
