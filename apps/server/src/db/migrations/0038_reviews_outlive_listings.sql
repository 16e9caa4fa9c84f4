-- A review outlives its listing (docs/security.md, "Listings, blocks and suspensions"): deleting a
-- bid or a job (and with it its applications) keeps the reviews of its deal, so a member's rating
-- always counts exactly the reviews their profile lists.
--
-- listing_title: the bid's or the job's title when the review was written, shown with the review
-- once the listing is gone. deal_type: what the deal was, once both of its ids may be null.
ALTER TABLE reviews ADD COLUMN listing_title text NOT NULL DEFAULT '' CHECK (char_length(listing_title) <= 150);
ALTER TABLE reviews ADD COLUMN deal_type text;
UPDATE reviews SET deal_type = 'bid', listing_title = bids.job_title
  FROM bids WHERE bids.id = reviews.bid_id;
UPDATE reviews SET deal_type = 'application', listing_title = jobs.title
  FROM job_applications JOIN jobs ON jobs.id = job_applications.job_id
  WHERE job_applications.id = reviews.application_id;
ALTER TABLE reviews ALTER COLUMN deal_type SET NOT NULL;
ALTER TABLE reviews ADD CONSTRAINT reviews_deal_type_check CHECK (
  (deal_type = 'bid' AND application_id IS NULL) OR (deal_type = 'application' AND bid_id IS NULL)
);
-- At most one deal named (none once the listing is deleted), in place of "exactly one".
ALTER TABLE reviews DROP CONSTRAINT reviews_check;

-- The listing's deletion leaves its reviews, no longer pointing at it.
ALTER TABLE reviews DROP CONSTRAINT reviews_bid_id_fkey;
ALTER TABLE reviews ADD CONSTRAINT reviews_bid_id_fkey
  FOREIGN KEY (bid_id) REFERENCES bids (id) ON DELETE SET NULL;
ALTER TABLE reviews DROP CONSTRAINT reviews_application_id_fkey;
ALTER TABLE reviews ADD CONSTRAINT reviews_application_id_fkey
  FOREIGN KEY (application_id) REFERENCES job_applications (id) ON DELETE SET NULL;
