-- Schema 7: tournaments (issue 37). The record is the same JSON as in the
-- bbolt file; version is the compare-and-set token SaveTournament checks
-- (under the row's lock), over whether it has ended (finished, cancelled).
CREATE SEQUENCE tournament_ids;
CREATE TABLE tournaments (
	id       bigint  PRIMARY KEY,
	guild_id text    NOT NULL,
	over     boolean NOT NULL,
	version  bigint  NOT NULL,
	record   json    NOT NULL
);
CREATE INDEX tournaments_live ON tournaments (id) WHERE NOT over;
CREATE INDEX tournaments_guild ON tournaments (guild_id, id);
