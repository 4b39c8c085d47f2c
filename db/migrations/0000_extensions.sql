-- Extensions and helper functions the schema's indexes and generated columns rely on.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- unaccent() is only STABLE (it depends on search_path); pinning the dictionary makes this wrapper safe to
-- declare IMMUTABLE, which generated columns and expression indexes require.
CREATE OR REPLACE FUNCTION directory_unaccent(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, value) $$;
