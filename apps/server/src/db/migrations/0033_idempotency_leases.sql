-- Idempotency keys survive a crash (README "Idempotency keys", docs/testing.md). A claim now carries:
--
-- claimed_until  the claim's lease: the request that holds the key renews it while it runs, so a
--                claim whose lease is over belongs to a process that died (SIGKILL, OOM, power).
-- attempt        which claim of this key holds it (1, then 2 when a dead claim is taken over): the
--                write's transaction stamps its commit only while its own attempt still holds the key.
-- committed_at   set by the route's write in the same transaction as the write itself
--                (platform/write-transaction.ts): a dead claim with it set did write, and is never
--                run again; a dead claim without it never wrote, and is claimed and run again.
--
-- The server always sets claimed_until; the default (ten minutes) covers a claim made by a process
-- still running the previous release during a rolling deploy, which neither renews nor stamps, and
-- the rows already there (their lease counts from when they were claimed).
ALTER TABLE idempotency_keys ADD COLUMN claimed_until timestamptz;
UPDATE idempotency_keys SET claimed_until = created_at + interval '10 minutes';
ALTER TABLE idempotency_keys
  ALTER COLUMN claimed_until SET DEFAULT now() + interval '10 minutes',
  ALTER COLUMN claimed_until SET NOT NULL,
  ADD COLUMN attempt integer NOT NULL DEFAULT 1,
  ADD COLUMN committed_at timestamptz;
