-- Phones and places (docs/features/phones-and-places.md).
--
-- A member's own phone number, in E.164 (+254712345678), shown to others only when they choose.
ALTER TABLE users
  ADD COLUMN phone text CHECK (phone ~ '^\+254[17][0-9]{8}$'),
  ADD COLUMN show_phone boolean NOT NULL DEFAULT false;

-- Kenya's 47 counties and major towns, keyed as jamii_place_key spells them; the same list as
-- packages/shared/src/places.ts (a server test compares the two).
CREATE TABLE kenya_places (
  place   text PRIMARY KEY,
  county  text NOT NULL
);
INSERT INTO kenya_places (place, county) VALUES
  ('mombasa', 'Mombasa'),
  ('nyali', 'Mombasa'),
  ('likoni', 'Mombasa'),
  ('changamwe', 'Mombasa'),
  ('kwale', 'Kwale'),
  ('ukunda', 'Kwale'),
  ('diani', 'Kwale'),
  ('msambweni', 'Kwale'),
  ('kinango', 'Kwale'),
  ('kilifi', 'Kilifi'),
  ('malindi', 'Kilifi'),
  ('watamu', 'Kilifi'),
  ('mtwapa', 'Kilifi'),
  ('mariakani', 'Kilifi'),
  ('tana river', 'Tana River'),
  ('hola', 'Tana River'),
  ('garsen', 'Tana River'),
  ('lamu', 'Lamu'),
  ('mpeketoni', 'Lamu'),
  ('taita taveta', 'Taita-Taveta'),
  ('voi', 'Taita-Taveta'),
  ('wundanyi', 'Taita-Taveta'),
  ('taveta', 'Taita-Taveta'),
  ('mwatate', 'Taita-Taveta'),
  ('garissa', 'Garissa'),
  ('dadaab', 'Garissa'),
  ('wajir', 'Wajir'),
  ('mandera', 'Mandera'),
  ('el wak', 'Mandera'),
  ('marsabit', 'Marsabit'),
  ('moyale', 'Marsabit'),
  ('isiolo', 'Isiolo'),
  ('meru', 'Meru'),
  ('maua', 'Meru'),
  ('nkubu', 'Meru'),
  ('timau', 'Meru'),
  ('tharaka nithi', 'Tharaka-Nithi'),
  ('chuka', 'Tharaka-Nithi'),
  ('kathwana', 'Tharaka-Nithi'),
  ('marimanti', 'Tharaka-Nithi'),
  ('embu', 'Embu'),
  ('runyenjes', 'Embu'),
  ('siakago', 'Embu'),
  ('kitui', 'Kitui'),
  ('mwingi', 'Kitui'),
  ('machakos', 'Machakos'),
  ('athi river', 'Machakos'),
  ('mlolongo', 'Machakos'),
  ('kangundo', 'Machakos'),
  ('tala', 'Machakos'),
  ('syokimau', 'Machakos'),
  ('makueni', 'Makueni'),
  ('wote', 'Makueni'),
  ('makindu', 'Makueni'),
  ('emali', 'Makueni'),
  ('sultan hamud', 'Makueni'),
  ('mtito andei', 'Makueni'),
  ('nyandarua', 'Nyandarua'),
  ('ol kalou', 'Nyandarua'),
  ('njabini', 'Nyandarua'),
  ('nyeri', 'Nyeri'),
  ('karatina', 'Nyeri'),
  ('othaya', 'Nyeri'),
  ('mukurweini', 'Nyeri'),
  ('kirinyaga', 'Kirinyaga'),
  ('kerugoya', 'Kirinyaga'),
  ('kutus', 'Kirinyaga'),
  ('sagana', 'Kirinyaga'),
  ('wanguru', 'Kirinyaga'),
  ('muranga', 'Murang''a'),
  ('kenol', 'Murang''a'),
  ('kangema', 'Murang''a'),
  ('maragua', 'Murang''a'),
  ('kandara', 'Murang''a'),
  ('kiambu', 'Kiambu'),
  ('thika', 'Kiambu'),
  ('ruiru', 'Kiambu'),
  ('juja', 'Kiambu'),
  ('kikuyu', 'Kiambu'),
  ('limuru', 'Kiambu'),
  ('githunguri', 'Kiambu'),
  ('kiambaa', 'Kiambu'),
  ('turkana', 'Turkana'),
  ('lodwar', 'Turkana'),
  ('kakuma', 'Turkana'),
  ('lokichogio', 'Turkana'),
  ('west pokot', 'West Pokot'),
  ('kapenguria', 'West Pokot'),
  ('chepareria', 'West Pokot'),
  ('samburu', 'Samburu'),
  ('maralal', 'Samburu'),
  ('baragoi', 'Samburu'),
  ('trans nzoia', 'Trans Nzoia'),
  ('kitale', 'Trans Nzoia'),
  ('kiminini', 'Trans Nzoia'),
  ('endebess', 'Trans Nzoia'),
  ('uasin gishu', 'Uasin Gishu'),
  ('eldoret', 'Uasin Gishu'),
  ('burnt forest', 'Uasin Gishu'),
  ('turbo', 'Uasin Gishu'),
  ('moiben', 'Uasin Gishu'),
  ('elgeyo marakwet', 'Elgeyo-Marakwet'),
  ('iten', 'Elgeyo-Marakwet'),
  ('kapsowar', 'Elgeyo-Marakwet'),
  ('nandi', 'Nandi'),
  ('kapsabet', 'Nandi'),
  ('nandi hills', 'Nandi'),
  ('baringo', 'Baringo'),
  ('kabarnet', 'Baringo'),
  ('eldama ravine', 'Baringo'),
  ('marigat', 'Baringo'),
  ('laikipia', 'Laikipia'),
  ('nanyuki', 'Laikipia'),
  ('nyahururu', 'Laikipia'),
  ('rumuruti', 'Laikipia'),
  ('nakuru', 'Nakuru'),
  ('naivasha', 'Nakuru'),
  ('gilgil', 'Nakuru'),
  ('molo', 'Nakuru'),
  ('njoro', 'Nakuru'),
  ('narok', 'Narok'),
  ('kilgoris', 'Narok'),
  ('kajiado', 'Kajiado'),
  ('kitengela', 'Kajiado'),
  ('ngong', 'Kajiado'),
  ('ongata rongai', 'Kajiado'),
  ('namanga', 'Kajiado'),
  ('loitokitok', 'Kajiado'),
  ('kericho', 'Kericho'),
  ('litein', 'Kericho'),
  ('londiani', 'Kericho'),
  ('bomet', 'Bomet'),
  ('sotik', 'Bomet'),
  ('kakamega', 'Kakamega'),
  ('mumias', 'Kakamega'),
  ('malava', 'Kakamega'),
  ('butere', 'Kakamega'),
  ('vihiga', 'Vihiga'),
  ('mbale', 'Vihiga'),
  ('luanda', 'Vihiga'),
  ('chavakali', 'Vihiga'),
  ('bungoma', 'Bungoma'),
  ('webuye', 'Bungoma'),
  ('kimilili', 'Bungoma'),
  ('chwele', 'Bungoma'),
  ('busia', 'Busia'),
  ('malaba', 'Busia'),
  ('nambale', 'Busia'),
  ('siaya', 'Siaya'),
  ('bondo', 'Siaya'),
  ('ugunja', 'Siaya'),
  ('yala', 'Siaya'),
  ('kisumu', 'Kisumu'),
  ('ahero', 'Kisumu'),
  ('maseno', 'Kisumu'),
  ('muhoroni', 'Kisumu'),
  ('homa bay', 'Homa Bay'),
  ('mbita', 'Homa Bay'),
  ('oyugis', 'Homa Bay'),
  ('kendu bay', 'Homa Bay'),
  ('migori', 'Migori'),
  ('rongo', 'Migori'),
  ('awendo', 'Migori'),
  ('isebania', 'Migori'),
  ('kisii', 'Kisii'),
  ('ogembo', 'Kisii'),
  ('keroka', 'Kisii'),
  ('suneka', 'Kisii'),
  ('nyamira', 'Nyamira'),
  ('nyansiongo', 'Nyamira'),
  ('nairobi', 'Nairobi'),
  ('westlands', 'Nairobi'),
  ('kilimani', 'Nairobi'),
  ('eastleigh', 'Nairobi'),
  ('embakasi', 'Nairobi'),
  ('kasarani', 'Nairobi'),
  ('karen', 'Nairobi'),
  ('upper hill', 'Nairobi');

-- Lowercase ASCII letters and single spaces, apostrophes dropped: placeKey in places.ts.
CREATE FUNCTION jamii_place_key(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(regexp_replace(lower($1), '[''’]', '', 'g'), '[^a-z]+', ' ', 'g'))
$$;

-- The county a free-text location names, or null: whole words only; the place named last wins
-- ("Ruiru, Kiambu"), and at one position the longer name ("Homa Bay").
CREATE FUNCTION jamii_county_of(location text) RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT p.county
  FROM kenya_places p, (SELECT ' ' || jamii_place_key(location) || ' ' AS words) w
  WHERE strpos(w.words, ' ' || p.place || ' ') > 0
  ORDER BY strpos(w.words, ' ' || p.place || ' ') DESC, length(p.place) DESC
  LIMIT 1
$$;

-- The county is kept with the row, derived whenever the location is written, so the Jobs and
-- Discover filters are an indexed equality instead of matching 170 names against every row.
CREATE FUNCTION jamii_set_county() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.county := jamii_county_of(NEW.location);
  RETURN NEW;
END
$$;

ALTER TABLE jobs ADD COLUMN county text;
UPDATE jobs SET county = jamii_county_of(location) WHERE location <> '';
CREATE TRIGGER jobs_set_county BEFORE INSERT OR UPDATE OF location ON jobs
  FOR EACH ROW EXECUTE FUNCTION jamii_set_county();
-- The job lists page newest first (platform/pagination).
CREATE INDEX jobs_county_idx ON jobs (county, created_at DESC, id DESC) WHERE county IS NOT NULL;

ALTER TABLE users ADD COLUMN county text;
UPDATE users SET county = jamii_county_of(location) WHERE location <> '';
CREATE TRIGGER users_set_county BEFORE INSERT OR UPDATE OF location ON users
  FOR EACH ROW EXECUTE FUNCTION jamii_set_county();
CREATE INDEX users_county_idx ON users (county) WHERE county IS NOT NULL;
