-- Money in Kenya shillings (docs/design.md#money-in-kenya-shillings) and offers that behave like a marketplace (docs/design.md#offers-that-behave-like-a-marketplace).
--
-- currency: KES by default, USD when a listing says so; an offer takes its bid's currency, so
-- offers carry none. edited_at: set when the owner edits the item (an "edited" marker).
ALTER TABLE bids
  ADD COLUMN currency text NOT NULL DEFAULT 'KES' CHECK (currency IN ('KES', 'USD')),
  ADD COLUMN edited_at timestamptz;
ALTER TABLE services
  ADD COLUMN currency text NOT NULL DEFAULT 'KES' CHECK (currency IN ('KES', 'USD')),
  ADD COLUMN edited_at timestamptz;
ALTER TABLE posts
  ADD COLUMN edited_at timestamptz;

-- Jobs keep SPEC's free-text salary and gain a structured range in the job's currency.
ALTER TABLE jobs
  ADD COLUMN currency text NOT NULL DEFAULT 'KES' CHECK (currency IN ('KES', 'USD')),
  ADD COLUMN salary_min numeric(12, 2) CHECK (salary_min >= 0),
  ADD COLUMN salary_max numeric(12, 2) CHECK (salary_max >= 0),
  ADD COLUMN salary_period text CHECK (salary_period IN ('hour', 'day', 'week', 'month', 'project')),
  ADD COLUMN edited_at timestamptz,
  ADD CONSTRAINT jobs_salary_range_check CHECK (salary_min IS NULL OR salary_max IS NULL OR salary_min <= salary_max);

-- A bid is Completed by its owner after an accept.
ALTER TABLE bids DROP CONSTRAINT bids_status_check;
ALTER TABLE bids ADD CONSTRAINT bids_status_check CHECK (status IN ('Open', 'Closed', 'Completed'));

-- An offer's life: pending, then accepted or declined (when another is accepted), or withdrawn by
-- its author. SPEC's `accepted` boolean stays, kept equal to status = 'accepted'.
ALTER TABLE offers
  ADD COLUMN status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'accepted', 'declined', 'withdrawn')),
  ADD COLUMN delivery_days integer CHECK (delivery_days BETWEEN 1 AND 365),
  ADD COLUMN edited_at timestamptz;

UPDATE offers SET status = 'accepted' WHERE accepted;
UPDATE offers o SET status = 'declined'
FROM bids b
WHERE b.id = o.bid_id AND b.status <> 'Open' AND NOT o.accepted;
-- Before the rule, a member could place several offers on one bid: keep the accepted one, else
-- the newest, and count the others as withdrawn.
UPDATE offers o SET status = 'withdrawn'
WHERE o.status <> 'withdrawn'
  AND EXISTS (
    SELECT 1 FROM offers k
    WHERE k.bid_id = o.bid_id AND k.user_id = o.user_id AND k.id <> o.id AND k.status <> 'withdrawn'
      AND (k.accepted > o.accepted OR (k.accepted = o.accepted AND k.id > o.id))
  );

ALTER TABLE offers ADD CONSTRAINT offers_accepted_status_check CHECK (accepted = (status = 'accepted'));
-- Writers that only know SPEC's boolean (the demo seed) insert `accepted: true`: their offer is
-- accepted in status too.
CREATE FUNCTION offers_status_from_accepted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.accepted AND NEW.status = 'pending' THEN
    NEW.status := 'accepted';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER offers_status_from_accepted BEFORE INSERT ON offers
  FOR EACH ROW EXECUTE FUNCTION offers_status_from_accepted();
-- One live offer per member per bid, whatever races the application loses.
CREATE UNIQUE INDEX offers_one_live_per_member ON offers (bid_id, user_id) WHERE status <> 'withdrawn';
-- Accepting declines the other pending offers of the bid.
CREATE INDEX offers_pending_bid_id_idx ON offers (bid_id) WHERE status = 'pending';
