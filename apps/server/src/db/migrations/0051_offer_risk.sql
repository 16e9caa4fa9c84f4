-- Offers are screened by the scam shield as messages are: the verdict is kept with the offer and
-- warns the bid's owner; an offer is never held (the owner decides on it, not the moderators).
ALTER TABLE offers
  ADD COLUMN risk_level text NOT NULL DEFAULT 'none' CHECK (risk_level IN ('none', 'caution', 'high')),
  ADD COLUMN risk_reasons text[] NOT NULL DEFAULT '{}';
