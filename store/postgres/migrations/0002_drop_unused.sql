-- Schema 2: drop what nothing reads: the snapshots table (no caller wrote
-- one) and the index of games by finishing time (no query uses it).
DROP TABLE IF EXISTS snapshots;
DROP INDEX IF EXISTS games_finished;
