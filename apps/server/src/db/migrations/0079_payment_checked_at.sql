-- When a sweep last took a pending payment to ask Daraja about it (docs/features/payments.md): two
-- sweeps due at once (a start makes a stopped process's turn due beside its own) claim each payment
-- in one statement, and only the one that claims it asks.
ALTER TABLE payments ADD COLUMN checked_at timestamptz;
