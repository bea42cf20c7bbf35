-- Schema 5: which processes receive DMs (run the gateway session on shard 0).
-- A process that does not own a player's game leaves the player's DM to the
-- owner longer when the owner receives DMs too.
ALTER TABLE processes ADD COLUMN takes_dms boolean NOT NULL DEFAULT false;
