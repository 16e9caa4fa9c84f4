-- deal_type names one of two kinds of deal; a CHECK of its own states that, as every other text
-- column with a fixed set of values does (schema.ts narrows it to the same literals).
ALTER TABLE reviews ADD CONSTRAINT reviews_deal_type_values CHECK (deal_type IN ('bid', 'application'));
