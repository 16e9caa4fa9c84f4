-- The language a member reads the product in (docs/features/kiswahili.md): their screens, the notifications and
-- emails the server writes for them. English unless they choose Kiswahili.
ALTER TABLE users ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'sw'));
