-- Schema 6: the outbox's size, kept as it changes, so that reading it (each
-- /metrics scrape) costs the same whatever the backlog. A transaction that
-- queues or removes messages adds its count to one of 64 rows, picked at
-- random so that writers seldom wait for one another's row; the size is the
-- sum (a row alone may go below zero).
CREATE TABLE outbox_count (
	shard smallint PRIMARY KEY,
	n     bigint   NOT NULL
);
INSERT INTO outbox_count (shard, n) SELECT s, 0 FROM generate_series(0, 63) AS s;
UPDATE outbox_count SET n = (SELECT count(*) FROM outbox) WHERE shard = 0;
