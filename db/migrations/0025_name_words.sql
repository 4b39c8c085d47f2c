CREATE TABLE "name_words" (
	"word" text PRIMARY KEY NOT NULL,
	"spelling" text NOT NULL,
	"business_count" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "name_words_word_trgm_idx" ON "name_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "name_words_word_pattern_idx" ON "name_words" USING btree ("word" text_pattern_ops);--> statement-breakpoint
-- Filled now for existing databases; every later count refresh rebuilds it (db/writes/aggregates.ts selectNameWords).
INSERT INTO "name_words" ("word", "spelling", "business_count")
SELECT directory_unaccent(s.spelling), (array_agg(s.spelling ORDER BY s.n DESC, s.spelling))[1], sum(s.n)::int
  FROM (SELECT t.spelling, count(*) AS n
          FROM businesses b, unnest(tsvector_to_array(to_tsvector('simple', coalesce(b.name, '')))) AS t(spelling)
         WHERE b.is_approved
         GROUP BY t.spelling) s
 WHERE length(s.spelling) BETWEEN 3 AND 40 AND s.spelling ~ '^[[:alpha:]][[:alnum:]]*$'
 GROUP BY 1;
