package ops

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Backuper writes a consistent copy of a database file (store.Store.Backup).
type Backuper interface {
	Backup(w io.Writer) (int64, error)
}

// The admin endpoint answers GET /backup with the database file; the
// trailers say how many bytes were written and any error that cut it short.
const (
	trailerBytes = "X-Backup-Bytes"
	trailerError = "X-Backup-Error"
)

// AdminHandler serves GET /backup from b.
func AdminHandler(b Backuper, m *Metrics, log *slog.Logger) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /backup", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Trailer", trailerBytes+", "+trailerError)
		w.Header().Set("Content-Type", "application/octet-stream")
		start := time.Now()
		n, err := b.Backup(w)
		w.Header().Set(trailerBytes, strconv.FormatInt(n, 10))
		if err != nil {
			w.Header().Set(trailerError, err.Error())
			log.Error("backup", "err", err)
		} else {
			log.Info("backup sent", "bytes", n, "took", time.Since(start))
		}
		m.Backup("request", err)
	})
	return mux
}

// ListenAdmin listens on a Unix socket that only this user can reach. A
// socket file left by a process that died is replaced (the caller holds the
// database, so no other bot is using it).
func ListenAdmin(path string) (net.Listener, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
		return nil, err
	}
	if fi, err := os.Lstat(path); err == nil && fi.Mode()&fs.ModeSocket != 0 {
		_ = os.Remove(path)
	}
	old := syscall.Umask(0o077)
	ln, err := net.Listen("unix", path)
	syscall.Umask(old)
	if err != nil {
		return nil, fmt.Errorf("admin socket: %w", err)
	}
	return ln, nil
}

// ErrNoBot means nothing answers on the admin socket: the bot is not running.
var ErrNoBot = errors.New("no bot answers on the admin socket")

// FetchBackup asks the bot on socket for a backup and writes it to out
// (through a temporary file, renamed when complete and synced). check, when
// not nil, must accept the temporary file first (store.CheckFile).
func FetchBackup(ctx context.Context, socket, out string, check func(path string) error) (int64, error) {
	client := &http.Client{Transport: &http.Transport{DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, "unix", socket)
	}}}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://admin/backup", nil)
	if err != nil {
		return 0, err
	}
	resp, err := client.Do(req)
	if err != nil {
		if errors.Is(err, syscall.ENOENT) || errors.Is(err, syscall.ECONNREFUSED) {
			return 0, fmt.Errorf("%w (%s)", ErrNoBot, socket)
		}
		return 0, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
		return 0, fmt.Errorf("backup: %s: %s", resp.Status, strings.TrimSpace(string(body)))
	}
	return writeFile(out, func(w io.Writer) (int64, error) {
		n, err := io.Copy(w, resp.Body)
		if err != nil {
			return n, err
		}
		if e := resp.Trailer.Get(trailerError); e != "" {
			return n, fmt.Errorf("the bot: %s", e)
		}
		if want := resp.Trailer.Get(trailerBytes); want != strconv.FormatInt(n, 10) {
			return n, fmt.Errorf("got %d bytes, the bot sent %q", n, want)
		}
		return n, nil
	}, check)
}

// WriteBackup writes b's backup to out through a temporary file.
func WriteBackup(b Backuper, out string, check func(path string) error) (int64, error) {
	return writeFile(out, b.Backup, check)
}

// writeFile writes out.tmp with write, syncs it, checks it and renames it to out.
func writeFile(out string, write func(io.Writer) (int64, error), check func(string) error) (int64, error) {
	if dir := filepath.Dir(out); dir != "" {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return 0, err
		}
	}
	tmp := out + ".tmp"
	f, err := os.OpenFile(tmp, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o600)
	if err != nil {
		return 0, err
	}
	n, err := write(f)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil && check != nil {
		if cerr := check(tmp); cerr != nil {
			err = fmt.Errorf("the copy fails its check: %w", cerr)
		}
	}
	if err == nil {
		err = os.Rename(tmp, out)
	}
	if err != nil {
		_ = os.Remove(tmp)
		return n, err
	}
	return n, nil
}

// Snapshots takes a backup into dir every period and keeps the newest keep
// of them (files shinpan-YYYYMMDDTHHMMSSZ.db), until ctx ends.
type Snapshots struct {
	B     Backuper
	Dir   string
	Every time.Duration
	Keep  int
	Check func(path string) error
	Log   *slog.Logger
	M     *Metrics
	Now   func() time.Time
}

const snapPrefix, snapSuffix = "shinpan-", ".db"

// Run takes snapshots until ctx ends.
func (s *Snapshots) Run(ctx context.Context) {
	t := time.NewTicker(s.Every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if _, err := s.Take(); err != nil {
				s.Log.Error("scheduled backup", "dir", s.Dir, "err", err)
			}
		}
	}
}

// Take writes one snapshot now, prunes the old ones and returns its path.
func (s *Snapshots) Take() (string, error) {
	now := time.Now
	if s.Now != nil {
		now = s.Now
	}
	path := filepath.Join(s.Dir, snapPrefix+now().UTC().Format("20060102T150405Z")+snapSuffix)
	start := time.Now()
	n, err := WriteBackup(s.B, path, s.Check)
	s.M.Backup("schedule", err)
	if err != nil {
		return "", err
	}
	s.Log.Info("scheduled backup", "path", path, "bytes", n, "took", time.Since(start))
	return path, s.prune()
}

func (s *Snapshots) prune() error {
	ents, err := os.ReadDir(s.Dir)
	if err != nil {
		return err
	}
	var snaps []string
	for _, e := range ents {
		if n := e.Name(); e.Type().IsRegular() && strings.HasPrefix(n, snapPrefix) && strings.HasSuffix(n, snapSuffix) {
			snaps = append(snaps, n)
		}
	}
	sort.Strings(snaps) // the names sort by time
	keep := max(s.Keep, 1)
	for len(snaps) > keep {
		if err := os.Remove(filepath.Join(s.Dir, snaps[0])); err != nil {
			return err
		}
		snaps = snaps[1:]
	}
	return nil
}
