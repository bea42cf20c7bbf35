-- Schema 1: shinpan's first PostgreSQL layout. Records are the same JSON as
-- in the bbolt file (type json keeps the text as written, nanosecond times
-- included); the columns beside them are what the queries filter and sort on.
-- Times used for ordering are Unix nanoseconds (bigint), as in bbolt's keys.

-- key → value: 'app' (the marker 'shinpan'), 'created', 'nonce_key' (32
-- secret random bytes: outbox nonces are HMACs of the outbox id under it).
CREATE TABLE meta (
	key   text PRIMARY KEY,
	value bytea NOT NULL
);

CREATE SEQUENCE game_ids;
CREATE TABLE games (
	id          bigint PRIMARY KEY,
	status      text   NOT NULL,
	black       text   NOT NULL,
	white       text   NOT NULL,
	channel_id  text   NOT NULL,
	thread_id   text   NOT NULL DEFAULT '',
	finished_ns bigint,           -- set when status is finished or aborted
	last_seq    bigint NOT NULL,
	record      json   NOT NULL
);
CREATE INDEX games_live ON games (id) WHERE status IN ('pending_masks', 'active');
CREATE INDEX games_black_live ON games (black, id) WHERE status IN ('pending_masks', 'active');
CREATE INDEX games_white_live ON games (white, id) WHERE status IN ('pending_masks', 'active');
CREATE INDEX games_channel_live ON games (channel_id, id) WHERE status IN ('pending_masks', 'active');
CREATE INDEX games_thread_live ON games (thread_id, id) WHERE status IN ('pending_masks', 'active') AND thread_id <> '';
CREATE INDEX games_finished ON games (finished_ns, id) WHERE status = 'finished';
CREATE INDEX games_black_finished ON games (black, finished_ns, id) WHERE status = 'finished';
CREATE INDEX games_white_finished ON games (white, finished_ns, id) WHERE status = 'finished';

-- The append-only action log: (game, seq) is unique, so an action is logged once.
CREATE TABLE game_log (
	game_id bigint NOT NULL REFERENCES games (id) ON DELETE CASCADE,
	seq     bigint NOT NULL,
	entry   json   NOT NULL,
	PRIMARY KEY (game_id, seq)
);

-- Idempotency keys: an interaction or message id is applied once.
CREATE TABLE idem_keys (
	key     text   PRIMARY KEY,
	game_id bigint NOT NULL,
	seq     bigint NOT NULL,
	at_ns   bigint NOT NULL
);
CREATE INDEX idem_keys_at ON idem_keys (at_ns);

CREATE TABLE snapshots (
	game_id bigint PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
	record  json   NOT NULL
);

-- The outbox: messages committed with the decision that produced them,
-- deleted when sent. claimed_ns is when a sender's hold on it runs out.
CREATE SEQUENCE outbox_ids;
CREATE TABLE outbox (
	id         bigint PRIMARY KEY,
	game_id    bigint NOT NULL DEFAULT 0,
	claimed_ns bigint NOT NULL DEFAULT 0,
	record     json   NOT NULL
);

CREATE SEQUENCE challenge_ids;
CREATE TABLE challenges (
	id         bigint PRIMARY KEY,
	expires_ns bigint NOT NULL,
	record     json   NOT NULL
);
CREATE INDEX challenges_expiry ON challenges (expires_ns, id);

CREATE TABLE settings (
	user_id text PRIMARY KEY,
	record  json NOT NULL
);

CREATE TABLE ratings (
	guild_id text             NOT NULL,
	variant  text             NOT NULL,
	user_id  text             NOT NULL,
	rating   double precision NOT NULL,
	record   json             NOT NULL,
	PRIMARY KEY (guild_id, variant, user_id)
);
CREATE INDEX ratings_board ON ratings (guild_id, variant, rating DESC);

CREATE TABLE message_refs (
	game_id bigint NOT NULL REFERENCES games (id) ON DELETE CASCADE,
	purpose text   NOT NULL,
	record  json   NOT NULL,
	PRIMARY KEY (game_id, purpose)
);

CREATE TABLE notes (
	game_id bigint   NOT NULL REFERENCES games (id) ON DELETE CASCADE,
	color    smallint NOT NULL,
	squares  json     NOT NULL,
	PRIMARY KEY (game_id, color)
);

-- Partition leases (several processes, issue 16): a game write made under a
-- store.Fence checks, in its own transaction, that the partition's epoch is
-- still the one it was granted. Empty until something takes leases.
CREATE TABLE leases (
	partition  integer     PRIMARY KEY,
	owner      text        NOT NULL,
	epoch      bigint      NOT NULL,
	expires_at timestamptz NOT NULL
);
