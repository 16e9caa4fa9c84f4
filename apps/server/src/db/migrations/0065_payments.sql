-- Money for deals through M-Pesa (Daraja): the owner of a bid pays the accepted price by STK Push,
-- the money is held until the bid is completed, then paid to the winner by B2C (or refunded to the
-- payer). Daraja's callbacks are unsigned and may come late, twice or never: every message is kept
-- as received (mpesa_messages) and applied once, by the payment's own state.
CREATE TABLE payments (
  id                  serial PRIMARY KEY,
  -- A deleted bid leaves its money trail: the payment keeps the title it was for.
  bid_id              integer REFERENCES bids (id) ON DELETE SET NULL,
  bid_title           text NOT NULL,
  offer_id            integer REFERENCES offers (id) ON DELETE SET NULL,
  payer_id            integer REFERENCES users (id) ON DELETE SET NULL,
  payee_id            integer REFERENCES users (id) ON DELETE SET NULL,
  amount              integer NOT NULL CHECK (amount > 0),
  fee                 integer NOT NULL DEFAULT 0 CHECK (fee >= 0),
  -- M-Pesa moves shillings only (a pattern, so the column stays a plain text in schema.ts).
  currency            text NOT NULL DEFAULT 'KES' CHECK (currency ~ '^KES$'),
  phone               text NOT NULL CHECK (phone ~ '^\+254[17][0-9]{8}$'),
  status              text NOT NULL DEFAULT 'pending' CHECK (status IN (
                        'pending', 'held', 'releasing', 'released', 'refunding', 'refunded',
                        'failed', 'cancelled', 'disputed')),
  test_mode           boolean NOT NULL,
  merchant_request_id text,
  checkout_request_id text UNIQUE,
  mpesa_receipt       text,
  result_code         text,
  -- The B2C that pays the money out (to the winner, or back to the payer): one per payment, retried
  -- with the same OriginatorConversationID so Daraja never pays it twice.
  payout_kind         text CHECK (payout_kind IN ('release', 'refund')),
  payout_phone        text CHECK (payout_phone ~ '^\+254[17][0-9]{8}$'),
  originator_conversation_id text UNIQUE,
  conversation_id     text,
  payout_receipt      text,
  winner_agreed_cancel_at timestamptz,
  dispute_reason      text CHECK (length(dispute_reason) BETWEEN 1 AND 1000),
  disputed_by         integer REFERENCES users (id) ON DELETE SET NULL,
  held_at             timestamptz,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);
-- One live payment per deal: 50 taps on Pay make one STK Push. A failed or cancelled prompt may be
-- tried again.
CREATE UNIQUE INDEX payments_one_live_per_bid_idx ON payments (bid_id)
  WHERE status NOT IN ('failed', 'cancelled');
CREATE INDEX payments_bid_idx ON payments (bid_id, id DESC);
CREATE INDEX payments_offer_idx ON payments (offer_id);
CREATE INDEX payments_payer_idx ON payments (payer_id);
CREATE INDEX payments_payee_idx ON payments (payee_id);
CREATE INDEX payments_disputed_by_idx ON payments (disputed_by);
CREATE INDEX payments_status_idx ON payments (status, created_at, id);

-- Each status a payment took, and when: the timeline both sides see.
CREATE TABLE payment_events (
  id          serial PRIMARY KEY,
  payment_id  integer NOT NULL REFERENCES payments (id) ON DELETE CASCADE,
  status      text NOT NULL CHECK (status IN (
                'pending', 'held', 'releasing', 'released', 'refunding', 'refunded',
                'failed', 'cancelled', 'disputed')),
  at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_events_payment_idx ON payment_events (payment_id, id);

-- Every request to Daraja and every callback from it, as sent or received (secrets left out).
CREATE TABLE mpesa_messages (
  id          serial PRIMARY KEY,
  kind        text NOT NULL CHECK (kind IN (
                'stk_push', 'stk_query', 'stk_callback', 'b2c', 'b2c_result', 'b2c_timeout',
                'transaction_status')),
  direction   text NOT NULL CHECK (direction IN ('sent', 'answered', 'received')),
  payment_id  integer REFERENCES payments (id) ON DELETE SET NULL,
  -- CheckoutRequestID, ConversationID or OriginatorConversationID: what the message is about.
  message_key text,
  body        text NOT NULL,
  applied     boolean NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mpesa_messages_payment_idx ON mpesa_messages (payment_id, id);
CREATE INDEX mpesa_messages_key_idx ON mpesa_messages (message_key);

-- The double-entry ledger in whole shillings: each posting's lines sum to zero, so each payment's
-- do too. Append-only: a correction is a new posting.
CREATE TABLE ledger_entries (
  id          serial PRIMARY KEY,
  payment_id  integer NOT NULL REFERENCES payments (id) ON DELETE RESTRICT,
  posting     text NOT NULL CHECK (posting IN ('pay_in', 'release', 'refund')),
  account     text NOT NULL CHECK (account IN ('mpesa_shortcode', 'held_for_deals', 'platform_fees')),
  amount      integer NOT NULL CHECK (amount <> 0),
  created_at  timestamptz NOT NULL DEFAULT now(),
  -- A posting is written once per payment, however many callbacks or retries report it.
  UNIQUE (payment_id, posting, account)
);

CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only';
END;
$$;
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();
