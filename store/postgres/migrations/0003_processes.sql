-- Schema 3: several processes share the games (issue 16).

-- Each running serve process: a lease is held while its owner's row has not
-- expired, so a process renews all its leases by updating one row.
CREATE TABLE processes (
	id         text        PRIMARY KEY,
	started_at timestamptz NOT NULL DEFAULT now(),
	expires_at timestamptz NOT NULL
);

-- A lease's life is its owner's (processes.expires_at); the column says when
-- it was taken. owner '' is a partition given up (balancing) or never taken.
ALTER TABLE leases RENAME COLUMN expires_at TO taken_at;

-- The inbox: a player's action received by a process that does not own the
-- game, waiting for the owner, who deletes it in the transaction that applies
-- it. key is the action's idempotency key (the interaction or message id):
-- the same action delivered twice is queued once.
CREATE SEQUENCE inbox_ids;
CREATE TABLE inbox (
	id        bigint  PRIMARY KEY,
	key       text    NOT NULL UNIQUE,
	game_id   bigint  NOT NULL,
	partition integer NOT NULL,
	record    json    NOT NULL,
	at_ns     bigint  NOT NULL
);
CREATE INDEX inbox_partition ON inbox (partition, id);
