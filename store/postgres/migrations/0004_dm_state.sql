-- Schema 4: a user's DM state in columns of their settings row, so that a
-- process claims a DM, and marks it handled, in one atomic statement instead
-- of a SERIALIZABLE read-modify-write of the JSON record (ClaimDM,
-- MarkDMHandled). Ids are Discord snowflakes (0: none); the claim's deadline
-- is Unix nanoseconds. The columns are the truth: the record no longer holds
-- these fields. Claims in flight are dropped (they live 10 s; the DM's
-- idempotency key and reply nonce still keep it from being applied twice).
ALTER TABLE settings
	ADD COLUMN last_dm           bigint NOT NULL DEFAULT 0,
	ADD COLUMN dm_claim          bigint NOT NULL DEFAULT 0,
	ADD COLUMN dm_claim_by       text   NOT NULL DEFAULT '',
	ADD COLUMN dm_claim_until_ns bigint NOT NULL DEFAULT 0;
UPDATE settings SET
	last_dm = CASE WHEN record->>'last_dm' ~ '^[0-9]{1,18}$' THEN (record->>'last_dm')::bigint ELSE 0 END,
	record = (record::jsonb - 'last_dm' - 'dm_claim' - 'dm_claim_by' - 'dm_claim_until')::json;

-- Each process caches settings; a change of a record (not of the DM state
-- above) notifies shinpan_settings with the user id ('' : all of them) when
-- it commits, and every process drops its copy.
CREATE FUNCTION settings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_LEVEL = 'STATEMENT' THEN
		PERFORM pg_notify('shinpan_settings', '');
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM pg_notify('shinpan_settings', OLD.user_id);
	ELSE
		PERFORM pg_notify('shinpan_settings', NEW.user_id);
	END IF;
	RETURN NULL;
END
$$;
CREATE TRIGGER settings_inserted AFTER INSERT OR DELETE ON settings
	FOR EACH ROW EXECUTE FUNCTION settings_changed();
CREATE TRIGGER settings_updated AFTER UPDATE ON settings
	FOR EACH ROW WHEN (OLD.record::text IS DISTINCT FROM NEW.record::text OR OLD.user_id <> NEW.user_id)
	EXECUTE FUNCTION settings_changed();
CREATE TRIGGER settings_truncated AFTER TRUNCATE ON settings
	FOR EACH STATEMENT EXECUTE FUNCTION settings_changed();
