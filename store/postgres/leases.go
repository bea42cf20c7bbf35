package postgres

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"shinpan/store"
)

// Leases share the partitions among the live processes of one database. A
// process is live while its row in processes has not expired; every Renew it
// pushes the expiry TTL ahead (one row, whatever it holds), so a process that
// stops renewing loses all its partitions TTL after its last renewal and the
// others take them over at their next tick. A takeover adds one to the
// partition's epoch, the fencing token every game write checks (checkFence):
// the late write of a process that lost its lease is refused by the database.
// Each process aims at its share, ⌈Partitions / live⌉: one above it gives
// partitions up, one below takes free or orphaned ones.
type Leases struct {
	s     *Store
	id    string
	renew time.Duration
	ttl   time.Duration
	log   *slog.Logger
	// onChange runs in the lease loop with what was gained and lost, the
	// lost ones before they are given up (Leases.Run).
	onChange func(gained, lost []uint32)

	takesDMs bool

	mu       sync.Mutex
	held     map[uint32]uint64 // partition → epoch
	live     int               // live processes at the last renewal
	renewed  time.Time         // start of the last successful renewal
	joined   time.Time         // the first renewal after it was not live (or at its start)
	alone    bool              // no other process was live when it joined
	dmOwners map[uint32]bool   // partitions of other live processes that take DMs, at the last renewal
}

// LeaseOptions configure Store.Leases.
type LeaseOptions struct {
	// Process names this process (unique among those sharing the database).
	Process string
	// Renew is the renewal interval (default 2 s); TTL the lease's life
	// after a renewal (default 6 s).
	Renew, TTL time.Duration
	Logger     *slog.Logger
	// TakesDMs says that this process receives DMs (it runs shard 0's
	// gateway session); the others read it (OwnerTakesDMs).
	TakesDMs bool
}

// Lease defaults: a process that stops renewing loses its partitions within
// TTL, and another takes them within Renew more: under 10 s in all.
const (
	DefaultRenew = 2 * time.Second
	DefaultTTL   = 6 * time.Second
)

// Leases turns on ownership for this store: from now on every game write is
// fenced by the partition lease this process holds (refused when it holds
// none), and ClaimOutbox takes only the messages of the games it owns (and
// those of no game). Call it once, before the store is used, then Run.
func (s *Store) Leases(o LeaseOptions) *Leases {
	if o.Renew <= 0 {
		o.Renew = DefaultRenew
	}
	if o.TTL <= 0 {
		o.TTL = DefaultTTL
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	l := &Leases{s: s, id: o.Process, renew: o.Renew, ttl: o.TTL, log: o.Logger, takesDMs: o.TakesDMs, held: map[uint32]uint64{}, live: 1}
	s.fencer = l.Fence
	s.owner = o.Process
	return l
}

// Process is this process's name.
func (l *Leases) Process() string { return l.id }

// Fence is the store.Fencer: the epoch held for the game's partition.
func (l *Leases) Fence(id store.GameID) (store.Fence, bool) {
	p := store.PartitionOf(id)
	l.mu.Lock()
	defer l.mu.Unlock()
	e, ok := l.held[p]
	return store.Fence{Partition: p, Epoch: e}, ok
}

// Owns says whether this process holds the game's partition.
func (l *Leases) Owns(id store.GameID) bool { return l.OwnsPartition(store.PartitionOf(id)) }

// OwnerTakesDMs says whether another live process, one that receives DMs,
// held the game's partition at the last renewal.
func (l *Leases) OwnerTakesDMs(id store.GameID) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.dmOwners[store.PartitionOf(id)]
}

// OwnsPartition says whether this process holds partition p.
func (l *Leases) OwnsPartition(p uint32) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	_, ok := l.held[p]
	return ok
}

// Held returns the partitions held, in order.
func (l *Leases) Held() []uint32 {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := make([]uint32, 0, len(l.held))
	for p := range l.held {
		out = append(out, p)
	}
	slices.Sort(out)
	return out
}

// Live is the number of live processes seen at the last renewal (at least 1).
func (l *Leases) Live() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return max(l.live, 1)
}

// Share is this process's part of what the live processes split evenly
// (the bot token's request budget): 1/Live, but 0 while the others may not
// count it: its lease has run out (a process frozen or cut off, whose
// partitions the others took), or it joined the others less than a renewal
// and settle ago, before each of them could have renewed, seen it and
// taken a smaller part (settle: how long their use of the part lags a
// renewal). So the parts add up to at most 1 while processes come and go.
func (l *Leases) Share(settle time.Duration) float64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := time.Now()
	switch {
	case l.renewed.IsZero() || now.Sub(l.renewed) > l.ttl:
		return 0
	case !l.alone && now.Sub(l.joined) < l.renew+settle:
		return 0
	}
	return 1 / float64(max(l.live, 1))
}

// Start registers the process and takes its first share, so that a process
// serves its games from the start (trying for up to 30 s); then Run keeps
// them.
func (l *Leases) Start(ctx context.Context, onChange func(gained, lost []uint32)) error {
	l.onChange = onChange
	deadline := time.Now().Add(30 * time.Second)
	for {
		err := l.Tick(ctx)
		if err == nil || time.Now().After(deadline) || ctx.Err() != nil {
			return err
		}
		time.Sleep(l.renew)
	}
}

// Run renews and balances every Renew until ctx ends. The partitions stay
// held until Stop or the TTL.
func (l *Leases) Run(ctx context.Context) {
	t := time.NewTicker(l.renew)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if err := l.Tick(ctx); err != nil && ctx.Err() == nil {
			l.log.Warn("lease renewal failed", "process", l.id, "err", err)
		}
	}
}

// Tick renews the process's leases once, drops what it lost, and takes or
// gives up partitions towards its share.
func (l *Leases) Tick(ctx context.Context) error {
	start := time.Now()
	ctx, cancel := context.WithTimeout(ctx, l.ttl) // a renewal later than that is no use
	defer cancel()
	var live int
	mine, dmOwners := map[uint32]uint64{}, map[uint32]bool{}
	err := pgx.BeginTxFunc(ctx, l.s.pool, writeOpts, func(tx pgx.Tx) error {
		clear(mine)
		if _, err := tx.Exec(ctx, `INSERT INTO processes (id, expires_at, takes_dms) VALUES ($1, clock_timestamp() + $2 * interval '1 millisecond', $3)
ON CONFLICT (id) DO UPDATE SET expires_at = excluded.expires_at, takes_dms = excluded.takes_dms`, l.id, l.ttl.Milliseconds(), l.takesDMs); err != nil {
			return err
		}
		clear(dmOwners)
		others, err := tx.Query(ctx, `SELECT l.partition FROM leases l JOIN processes p ON p.id = l.owner
WHERE l.owner <> $1 AND p.takes_dms AND p.expires_at > clock_timestamp()`, l.id)
		if err != nil {
			return err
		}
		var dp int32
		if _, err := pgx.ForEachRow(others, []any{&dp}, func() error { dmOwners[uint32(dp)] = true; return nil }); err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, "SELECT count(*) FROM processes WHERE expires_at > clock_timestamp()").Scan(&live); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, "SELECT partition, epoch FROM leases WHERE owner = $1", l.id)
		if err != nil {
			return err
		}
		var p int32
		var e int64
		_, err = pgx.ForEachRow(rows, []any{&p, &e}, func() error { mine[uint32(p)] = uint64(e); return nil })
		return err
	})
	if err != nil {
		if time.Since(l.renewedAt()) > l.ttl {
			if n := len(l.Held()); n > 0 {
				l.log.Warn("lease expired: partitions dropped", "process", l.id, "n", n)
			}
			l.dropAll() // expired by now: another process may own them
		}
		return mapErr(err)
	}
	l.mu.Lock()
	if l.renewed.IsZero() || start.Sub(l.renewed) > l.ttl { // the others had stopped counting it
		l.joined, l.alone = start, live <= 1
	}
	l.live, l.renewed, l.dmOwners = live, start, dmOwners
	var lost []uint32
	for p, e := range l.held {
		if mine[p] != e {
			lost = append(lost, p)
			delete(l.held, p)
		}
	}
	l.mu.Unlock()
	if len(lost) > 0 {
		l.log.Warn("partitions lost to another process", "process", l.id, "n", len(lost))
	}
	l.changed(nil, lost)

	share := (store.Partitions + live - 1) / live
	switch {
	case len(mine) > share:
		return l.giveUp(ctx, mine, len(mine)-share)
	case len(mine) < share:
		return l.take(ctx, mine, share-len(mine))
	}
	l.adopt(mine) // what it holds and did not know (a restart under the same name)
	return nil
}

func (l *Leases) renewedAt() time.Time {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.renewed
}

func (l *Leases) changed(gained, lost []uint32) {
	if l.onChange != nil && len(gained)+len(lost) > 0 {
		slices.Sort(gained)
		slices.Sort(lost)
		l.onChange(gained, lost)
	}
}

// adopt records partitions held in the database, at their epochs.
func (l *Leases) adopt(mine map[uint32]uint64) {
	var gained []uint32
	l.mu.Lock()
	for p, e := range mine {
		if _, ok := l.held[p]; !ok {
			l.held[p] = e
			gained = append(gained, p)
		}
	}
	l.mu.Unlock()
	l.changed(gained, nil)
}

func (l *Leases) dropAll() {
	l.mu.Lock()
	lost := make([]uint32, 0, len(l.held))
	for p := range l.held {
		lost = append(lost, p)
	}
	clear(l.held)
	l.mu.Unlock()
	l.changed(nil, lost)
}

// take claims up to n partitions that nobody holds: given up, never taken,
// or owned by a process that stopped renewing (its epoch grows by one).
func (l *Leases) take(ctx context.Context, mine map[uint32]uint64, n int) error {
	var got map[uint32]uint64
	err := pgx.BeginTxFunc(ctx, l.s.pool, writeOpts, func(tx pgx.Tx) error {
		got = map[uint32]uint64{}
		// Processes gone for a minute are forgotten (their partitions are
		// free as soon as they expire).
		if _, err := tx.Exec(ctx, "DELETE FROM processes WHERE expires_at < clock_timestamp() - interval '1 minute'"); err != nil {
			return err
		}
		// The rows exist from the first process's first tick on.
		if _, err := tx.Exec(ctx, `INSERT INTO leases (partition, owner, epoch, taken_at)
SELECT p, '', 0, clock_timestamp() FROM generate_series(0, $1 - 1) p ON CONFLICT (partition) DO NOTHING`, store.Partitions); err != nil {
			return err
		}
		// SKIP LOCKED: a partition that a game write holds (FOR SHARE) waits
		// for the next tick rather than blocking this one.
		rows, err := tx.Query(ctx, `UPDATE leases SET owner = $1, epoch = epoch + 1, taken_at = clock_timestamp()
WHERE partition IN (
	SELECT partition FROM leases l
	WHERE l.owner <> $1 AND (l.owner = '' OR NOT EXISTS (SELECT 1 FROM processes p WHERE p.id = l.owner AND p.expires_at > clock_timestamp()))
	ORDER BY random() LIMIT $2 FOR UPDATE SKIP LOCKED)
RETURNING partition, epoch`, l.id, n)
		if err != nil {
			return err
		}
		var p int32
		var e int64
		_, err = pgx.ForEachRow(rows, []any{&p, &e}, func() error { got[uint32(p)] = uint64(e); return nil })
		return err
	})
	if err != nil {
		l.adopt(mine)
		return fmt.Errorf("take partitions: %w", mapErr(err))
	}
	for p, e := range got {
		mine[p] = e
	}
	if len(got) > 0 {
		l.log.Info("partitions taken", "process", l.id, "n", len(got), "held", len(mine))
	}
	l.adopt(mine)
	return nil
}

// giveUp hands n partitions back (another process is below its share): it
// stops using them first, then clears their owner.
func (l *Leases) giveUp(ctx context.Context, mine map[uint32]uint64, n int) error {
	ps := make([]uint32, 0, len(mine))
	for p := range mine {
		ps = append(ps, p)
	}
	slices.Sort(ps)
	give := ps[len(ps)-n:]
	keep := map[uint32]uint64{}
	for _, p := range ps[:len(ps)-n] {
		keep[p] = mine[p]
	}
	l.adopt(keep)
	l.mu.Lock()
	for _, p := range give {
		delete(l.held, p)
	}
	l.mu.Unlock()
	l.changed(nil, give)
	list := make([]int32, len(give))
	for i, p := range give {
		list[i] = int32(p)
	}
	_, err := l.s.pool.Exec(ctx, "UPDATE leases SET owner = '' WHERE owner = $1 AND partition = ANY($2)", l.id, list)
	if err != nil {
		return fmt.Errorf("give up partitions: %w", mapErr(err))
	}
	l.log.Info("partitions given up", "process", l.id, "n", len(give), "held", len(keep))
	return nil
}

// Stop gives every partition up and removes the process (a clean stop):
// the others take them at their next tick rather than after the TTL.
func (l *Leases) Stop() {
	l.dropAll()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	err := pgx.BeginTxFunc(ctx, l.s.pool, writeOpts, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "UPDATE leases SET owner = '' WHERE owner = $1", l.id); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, "DELETE FROM processes WHERE id = $1", l.id)
		return err
	})
	if err != nil {
		l.log.Warn("giving the partitions up", "process", l.id, "err", err)
	}
}
