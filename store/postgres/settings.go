package postgres

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"shinpan/store"
)

// A user's settings are a JSON record and, beside it, their DM state in
// columns (last_dm, dm_claim...: schema 4), which ClaimDM and MarkDMHandled
// change in one statement each. Reads go through the settings cache
// (settingscache.go).

const settingsSQL = "SELECT record, " + dmStateColumns + " FROM settings"

// settingsRow is a settings row as read: the record and the DM state.
type settingsRow struct {
	raw []byte
	dmState
}

// dmState is a row's DM state columns.
type dmState struct {
	lastDM, claim, claimUtil int64
	claimBy                  string
}

const dmStateColumns = "last_dm, dm_claim, dm_claim_by, dm_claim_until_ns"

func (d *dmState) scan() []any { return []any{&d.lastDM, &d.claim, &d.claimBy, &d.claimUtil} }

func (r *settingsRow) scan() []any {
	return []any{&r.raw, &r.lastDM, &r.claim, &r.claimBy, &r.claimUtil}
}

// settings decodes the row: the record with the DM state laid over it.
func (r *settingsRow) settings(userID string) (store.Settings, error) {
	var st store.Settings
	if err := decode(r.raw, &st, "settings of "+userID); err != nil {
		return st, err
	}
	st.LastDM, st.DMClaim, st.DMClaimBy, st.DMClaimUntil = idText(r.lastDM), idText(r.claim), r.claimBy, time.Time{}
	if r.claimUtil != 0 {
		st.DMClaimUntil = fromNanos(r.claimUtil)
	}
	return st, nil
}

func idText(n int64) string {
	if n <= 0 {
		return ""
	}
	return strconv.FormatInt(n, 10)
}

// idNum is a snowflake as a column value (0: none).
func idNum(id string) int64 { return int64(store.Snowflake(id) & (1<<63 - 1)) }

// GetSettings returns a user's settings. Errors: ErrNotFound (never set).
func (s *Store) GetSettings(userID string) (store.Settings, error) {
	s.startSettingsListener()
	row, found, err := s.cache.get(userID, func() (settingsRow, bool, error) {
		var row settingsRow
		var found bool
		err := s.read(func(ctx context.Context, q dbtx) error {
			var err error
			found, err = readSettingsRow(ctx, q, userID, &row)
			return err
		})
		return row, found, err
	})
	if err == nil && !found {
		err = fmt.Errorf("settings of %s: %w", userID, store.ErrNotFound)
	}
	if err != nil {
		return store.Settings{}, store.WrapOp("get settings", err)
	}
	st, err := row.settings(userID)
	return st, store.WrapOp("get settings", err)
}

func readSettingsRow(ctx context.Context, q dbtx, userID string, row *settingsRow) (bool, error) {
	err := q.QueryRow(ctx, settingsSQL+" WHERE user_id = $1", userID).Scan(row.scan()...)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

func readSettings(ctx context.Context, q dbtx, userID string, st *store.Settings) (bool, error) {
	var row settingsRow
	found, err := readSettingsRow(ctx, q, userID, &row)
	if err != nil || !found {
		return false, err
	}
	*st, err = row.settings(userID)
	return true, err
}

// putSettings writes a whole settings row: the record, and the DM state in
// its columns.
func putSettings(ctx context.Context, tx pgx.Tx, st store.Settings) error {
	rec := st
	rec.LastDM, rec.DMClaim, rec.DMClaimBy, rec.DMClaimUntil = "", "", "", time.Time{}
	raw, err := encode(rec)
	if err != nil {
		return err
	}
	var until int64
	if !st.DMClaimUntil.IsZero() {
		until = nanos(st.DMClaimUntil)
	}
	_, err = tx.Exec(ctx, `INSERT INTO settings (user_id, record, last_dm, dm_claim, dm_claim_by, dm_claim_until_ns) VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (user_id) DO UPDATE SET record = $2, last_dm = $3, dm_claim = $4, dm_claim_by = $5, dm_claim_until_ns = $6`,
		st.UserID, raw, idNum(st.LastDM), idNum(st.DMClaim), st.DMClaimBy, until)
	return err
}

// UpdateSettings applies fn to a user's settings in one transaction.
func (s *Store) UpdateSettings(userID string, fn func(*store.Settings)) (store.Settings, error) {
	if err := store.CheckID("user id", userID, true); err != nil {
		return store.Settings{}, store.WrapOp("update settings", err)
	}
	var st store.Settings
	err := s.writeSerial(func(ctx context.Context, tx pgx.Tx) error {
		st = store.Settings{}
		if _, err := readSettings(ctx, tx, userID, &st); err != nil {
			return err
		}
		fn(&st)
		st.UserID = userID
		st.UpdatedAt = store.NormTime(s.now())
		if err := st.Validate(); err != nil {
			return err
		}
		return putSettings(ctx, tx, st)
	})
	s.cache.drop(userID) // this process sees its own write at once
	if err != nil {
		return store.Settings{}, store.WrapOp("update settings", err)
	}
	return st, nil
}

// emptySettings is the record of a user whose first settings write is their
// DM state.
func (s *Store) emptySettings(userID string) ([]byte, error) {
	return encode(store.Settings{UserID: userID, UpdatedAt: store.NormTime(s.now())})
}

// ClaimDM claims a user's DM (store.JudgeDM) in one statement: the claim is
// written only where the judgement is DMMine, under the row's lock, and
// only then is a row returned. Otherwise the row is read to say why (a
// second statement, taken only by a process that does not handle the DM).
//
// A claim held by a process whose lease row has run out (killed, or frozen
// past its lease: processes) counts as run out too, as its partitions do:
// the new owner of the player's game need not wait the claim's 10 s. Its
// late writes are refused by the fence, and its late answer by its nonce.
//
// The claim commits without waiting for the disk (asyncCommit).
func (s *Store) ClaimDM(user, msgID, by string, now, until time.Time, takeOrphan bool) (store.DMClaim, string, error) {
	if err := store.CheckID("user id", user, true); err != nil {
		return 0, "", store.WrapOp("claim a DM", err)
	}
	rec, err := s.emptySettings(user)
	if err != nil {
		return 0, "", store.WrapOp("claim a DM", err)
	}
	msg := idNum(msgID)
	var r store.DMClaim
	var last string
	err = s.read(func(ctx context.Context, q dbtx) error {
		var dm dmState
		err := q.QueryRow(ctx, `INSERT INTO settings AS s (user_id, record, dm_claim, dm_claim_by, dm_claim_until_ns)
SELECT $1, $6::json, $2::bigint, $3::text, $5::bigint FROM `+asyncCommit+` WHERE $2::bigint > 0
ON CONFLICT (user_id) DO UPDATE SET dm_claim = $2, dm_claim_by = $3, dm_claim_until_ns = $5
WHERE $2 > s.last_dm AND NOT (s.dm_claim <> 0 AND s.dm_claim_by <> $3 AND ((s.dm_claim_until_ns > $4::bigint AND NOT `+claimerGone+`) OR ($2 > s.dm_claim AND NOT $7::boolean)))
RETURNING `+dmStateColumns, user, msg, by, nanos(now), nanos(until), rec, takeOrphan).Scan(dm.scan()...)
		if err == nil {
			r, last = store.DMMine, idText(dm.lastDM)
			s.cache.patchDM(user, dm)
			return nil
		}
		if !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		var row settingsRow
		if _, err := readSettingsRow(ctx, q, user, &row); err != nil {
			return err
		}
		s.cache.patchDM(user, row.dmState)
		st, err := row.settings(user)
		if err != nil {
			return err
		}
		if st.DMClaim != "" && st.DMClaimBy != by && now.Before(st.DMClaimUntil) {
			var gone bool
			if err := q.QueryRow(ctx, `SELECT `+claimerGone+` FROM settings s WHERE user_id = $1`, user).Scan(&gone); err != nil && !errors.Is(err, pgx.ErrNoRows) {
				return err
			}
			if gone {
				st.DMClaimUntil = time.Time{} // as the claim above judged it
			}
		}
		r, last = store.JudgeDM(st, msgID, by, now, takeOrphan), st.LastDM
		if r == store.DMMine { // the claim it met was dropped in between: look again
			r = store.DMBusy
		}
		return nil
	})
	return r, last, store.WrapOp("claim a DM", err)
}

// MarkDMHandled raises a user's LastDM to msgID and drops by's claim on it,
// in one statement, committed without waiting for the disk (asyncCommit).
func (s *Store) MarkDMHandled(user, msgID, by string) error {
	if err := store.CheckID("user id", user, true); err != nil {
		return store.WrapOp("mark a DM handled", err)
	}
	rec, err := s.emptySettings(user)
	if err != nil {
		return store.WrapOp("mark a DM handled", err)
	}
	var dm dmState
	err = s.once(func(ctx context.Context) error {
		return s.pool.QueryRow(ctx, `INSERT INTO settings AS s (user_id, record, last_dm) SELECT $1::text, $4::json, $2::bigint FROM `+asyncCommit+`
ON CONFLICT (user_id) DO UPDATE SET last_dm = greatest(s.last_dm, $2),
	dm_claim = CASE WHEN s.dm_claim = $2 AND s.dm_claim_by = $3 THEN 0 ELSE s.dm_claim END,
	dm_claim_by = CASE WHEN s.dm_claim = $2 AND s.dm_claim_by = $3 THEN '' ELSE s.dm_claim_by END,
	dm_claim_until_ns = CASE WHEN s.dm_claim = $2 AND s.dm_claim_by = $3 THEN 0 ELSE s.dm_claim_until_ns END
RETURNING `+dmStateColumns, user, idNum(msgID), by, rec).Scan(dm.scan()...)
	})
	if err = mapErr(err); err == nil {
		s.cache.patchDM(user, dm)
	}
	return store.WrapOp("mark a DM handled", err)
}

// MarkDMsHandled marks each user's DM handled (MarkDMHandled): each is one
// statement that does not wait for the disk already.
func (s *Store) MarkDMsHandled(marks map[string]string, by string) error {
	var errs []error
	for u, msgID := range marks {
		errs = append(errs, s.MarkDMHandled(u, msgID, by))
	}
	return errors.Join(errs...)
}

// claimerGone, over a settings row s, says whether its DM claim's process has
// a lease row that ran out (a process not in the table, e.g. one without
// leases, counts as live: its claim runs out at its own time).
const claimerGone = `EXISTS (SELECT 1 FROM processes p WHERE p.id = s.dm_claim_by AND p.expires_at <= clock_timestamp())`

// LastDMs returns the users' LastDM in one statement, from the table: the
// cache's DM state may be older than another process's marks.
func (s *Store) LastDMs(users []string) (map[string]string, error) {
	last := make(map[string]string, len(users))
	err := s.read(func(ctx context.Context, q dbtx) error {
		rows, err := q.Query(ctx, `SELECT user_id, last_dm FROM settings WHERE user_id = ANY($1) AND last_dm <> 0`, users)
		if err != nil {
			return err
		}
		var user string
		var dm int64
		_, err = pgx.ForEachRow(rows, []any{&user, &dm}, func() error {
			last[user] = idText(dm)
			return nil
		})
		return err
	})
	return last, store.WrapOp("read the last DMs", err)
}

// GetGuildSettings returns a server's settings (store.GetGuild). Errors:
// ErrNotFound (never set).
func (s *Store) GetGuildSettings(guildID string) (store.GuildSettings, error) {
	return store.GetGuild(s, guildID)
}

// UpdateGuildSettings applies fn to a server's settings in one transaction
// (store.UpdateGuild). Errors: ErrInvalid.
func (s *Store) UpdateGuildSettings(guildID string, fn func(*store.GuildSettings)) (store.GuildSettings, error) {
	return store.UpdateGuild(s, guildID, fn)
}

// asyncCommit, as a FROM item of a single statement, commits that statement's
// implicit transaction without waiting for its WAL to reach the disk
// (synchronous_commit off for this transaction only). It is for a DM's claim
// and its mark as handled, written three times a move or more with several
// gateway processes: a server crash may lose the last few of them, never
// anything else, and losing them is harmless. A claim lost is one no process
// holds (the DM is claimed again); a mark lost makes the next start read the
// DM again, whose action is then refused by its key as applied already and
// whose reply Discord drops by its nonce. Actions, their messages and the
// inbox still wait for the disk.
const asyncCommit = "(SELECT set_config('synchronous_commit', 'off', true)) AS async_commit"
