-- Schema 8: the live games by variant, kept as they change, so that reading
-- them (each /metrics scrape) costs the same however many games there are.
-- A trigger moves the count whenever a game starts, ends, is deleted or
-- changes variant, whichever statement does it (a game's append, an update,
-- a copy in); it moves one of 16 rows per variant, picked at random, so that
-- writers seldom wait for one another's row (a row alone may go below zero).
CREATE TABLE games_active_count (
	variant text     NOT NULL,
	shard   smallint NOT NULL,
	n       bigint   NOT NULL,
	PRIMARY KEY (variant, shard)
);
INSERT INTO games_active_count (variant, shard, n)
	SELECT record->>'variant', 0, count(*) FROM games
	WHERE status IN ('pending_masks', 'active') GROUP BY record->>'variant';

CREATE FUNCTION games_active_moved() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	was_live boolean := TG_OP <> 'INSERT' AND OLD.status IN ('pending_masks', 'active');
	is_live  boolean := TG_OP <> 'DELETE' AND NEW.status IN ('pending_masks', 'active');
	was_v    text;
	is_v     text;
	s        smallint := floor(random() * 16)::smallint;
BEGIN
	IF was_live THEN was_v := OLD.record->>'variant'; END IF;
	IF is_live THEN is_v := NEW.record->>'variant'; END IF;
	IF was_v IS NOT DISTINCT FROM is_v THEN
		RETURN NULL;
	END IF;
	IF was_live THEN
		INSERT INTO games_active_count (variant, shard, n) VALUES (was_v, s, -1)
		ON CONFLICT (variant, shard) DO UPDATE SET n = games_active_count.n - 1;
	END IF;
	IF is_live THEN
		INSERT INTO games_active_count (variant, shard, n) VALUES (is_v, s, 1)
		ON CONFLICT (variant, shard) DO UPDATE SET n = games_active_count.n + 1;
	END IF;
	RETURN NULL;
END
$$;

CREATE TRIGGER games_active_moved AFTER INSERT OR UPDATE OR DELETE ON games
	FOR EACH ROW EXECUTE FUNCTION games_active_moved();
