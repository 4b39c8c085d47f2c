import { defineConfig } from "drizzle-kit";

// Generates SQL migrations from db/schema; they are applied from code (db/migrate.ts), never by drizzle-kit.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema/index.ts",
  out: "./db/migrations",
});
