-- Schema 9: who holds an outbox message's claim (a Store's random claimer
-- id), so that a claim keeps a game's messages in order across processes:
-- a newer message of a game is not claimed while another claimer holds an
-- older one (ClaimOutbox), and a claimer renews and releases only its own
-- holds. It rolls: a process of the version before leaves it as it was.
ALTER TABLE outbox ADD COLUMN claimed_by text NOT NULL DEFAULT '';
