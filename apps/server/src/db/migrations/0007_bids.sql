-- A bid request: a client asks for offers up to a maximum price.
CREATE TABLE bids (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  job_title    text NOT NULL CHECK (char_length(job_title) BETWEEN 1 AND 150),
  max_price    numeric(12, 2) NOT NULL CHECK (max_price > 0),
  description  text NOT NULL DEFAULT '' CHECK (char_length(description) <= 5000),
  status       text NOT NULL DEFAULT 'Open' CHECK (status IN ('Open', 'Closed')),
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bids_created_at_idx ON bids (created_at DESC, id DESC);
CREATE INDEX bids_client_id_idx ON bids (client_id, created_at DESC, id DESC);
CREATE INDEX bids_status_idx ON bids (status);
CREATE INDEX bids_job_title_trgm_idx ON bids USING gin (lower(job_title) gin_trgm_ops);

CREATE TABLE offers (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  bid_id       integer NOT NULL REFERENCES bids (id) ON DELETE CASCADE,
  user_id      integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  offer_price  numeric(12, 2) NOT NULL CHECK (offer_price > 0),
  message      text NOT NULL CHECK (char_length(message) BETWEEN 1 AND 2000),
  accepted     boolean NOT NULL DEFAULT false,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX offers_bid_id_idx ON offers (bid_id, created_at, id);
CREATE INDEX offers_user_id_idx ON offers (user_id);
-- At most one accepted offer per bid, whatever races the application loses.
CREATE UNIQUE INDEX offers_one_accepted_per_bid ON offers (bid_id) WHERE accepted;
