-- Issue 17 (docs/decisions/037-search-and-genres.md). Hand-written, first: the extensions and the
-- functions the generated columns below call (drizzle-kit writes only the columns and indexes).
-- Search over public tracks, albums and artists with PostgreSQL's own full-text search (prefixes
-- as one types) and pg_trgm (a typo). Both extensions are trusted (no superuser needed) and
-- PGlite loads them (workers/pglite.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;--> statement-breakpoint
-- Case and accents folded the same on every database (unaccent's rules file and lower()'s result
-- depend on the installation; translate() does not): lowercase Latin letters without their marks,
-- apostrophes dropped, any run of spaces and punctuation one space. search.service.ts folds the
-- query the same way.
CREATE OR REPLACE FUNCTION sauti_fold(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT btrim(regexp_replace(replace(lower(translate(value,
    'ÀÁÂÃÄÅàáâãäåĀāĂăĄąÇçĆćČčĎďÈÉÊËèéêëĒēĖėĘęĚěÌÍÎÏìíîïĪīĮįÑñŃńŇňÒÓÔÕÖØòóôõöøŌōŐőŘřŚśŠšŞşŤťÙÚÛÜùúûüŪūŮůŰűÝýÿŹźŻżŽžŁłĐđ’‘`´',
    'AAAAAAaaaaaaAaAaAaCcCcCcDdEEEEeeeeEeEeEeEeIIIIiiiiIiIiNnNnNnOOOOOOooooooOoOoRrSsSsSsTtUUUUuuuuUuUuUuYyyZzZzZzLlDd''''''''')), '''', ''), '[[:space:][:punct:]]+', ' ', 'g'))
$$;--> statement-breakpoint
-- What a search reads of a row: its name, a second name (a track's artist name), its genre's slug
-- ("bongo-flava" folds to "bongo flava") and its tags. Declared IMMUTABLE for the indexes: it is
-- (array_to_string and concat_ws are only marked STABLE because they take any type). Each row
-- stores its result (search_doc, search_tsv) so a search never computes it per candidate. Names
-- inside are schema-qualified: an index build or a table rewrite may run with a search_path of
-- pg_catalog only.
CREATE OR REPLACE FUNCTION sauti_search_doc(name text, other text, genre text, tags text[]) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(public.sauti_fold(concat_ws(' ', name, other, genre, array_to_string(tags, ' '))), '')
$$;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_doc" text GENERATED ALWAYS AS (sauti_search_doc("display_name", NULL, NULL, NULL)) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, sauti_search_doc("display_name", NULL, NULL, NULL))) STORED;--> statement-breakpoint
ALTER TABLE "albums" ADD COLUMN "genre" text;--> statement-breakpoint
ALTER TABLE "albums" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "albums" ADD COLUMN "search_doc" text GENERATED ALWAYS AS (sauti_search_doc("album_name", NULL, "genre", "tags")) STORED;--> statement-breakpoint
ALTER TABLE "albums" ADD COLUMN "search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, sauti_search_doc("album_name", NULL, "genre", "tags"))) STORED;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "genre" text;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "search_doc" text GENERATED ALWAYS AS (sauti_search_doc("track_name", "artist_name", "genre", "tags")) STORED;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, sauti_search_doc("track_name", "artist_name", "genre", "tags"))) STORED;--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ("search_doc" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_search_tsv_idx" ON "users" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "albums_search_trgm_idx" ON "albums" USING gin ("search_doc" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "albums_search_tsv_idx" ON "albums" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "tracks_genre_uploaded_idx" ON "tracks" USING btree ("genre","uploaded_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tracks_search_trgm_idx" ON "tracks" USING gin ("search_doc" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tracks_search_tsv_idx" ON "tracks" USING gin ("search_tsv");