// The words of approved business names with how many businesses use each: the vocabulary name typos are corrected from.
import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";

/**
 * One row per distinct name word (unaccented, lower-case, as the search index folds it), rebuilt with the count
 * tables and topped up when an admin approves a business. `spelling` is its most common lower-case spelling with
 * accents ("sprüngli"), what "did you mean" shows.
 */
export const nameWords = pgTable(
  "name_words",
  {
    word: text("word").primaryKey(),
    spelling: text("spelling").notNull(),
    businessCount: integer("business_count").notNull(),
  },
  (t) => [
    // A typo word's candidates by pg_trgm's `%` (the connection's threshold); a 4-letter word's by its first letters.
    index("name_words_word_trgm_idx").using("gin", sql`${t.word} gin_trgm_ops`),
    index("name_words_word_pattern_idx").using("btree", sql`${t.word} text_pattern_ops`),
  ],
);
