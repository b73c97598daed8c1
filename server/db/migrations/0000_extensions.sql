-- Extensions the schema needs before any table: pg_trgm for the trigram index on
-- locations.name (the "contains" search on final shipping location names).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
