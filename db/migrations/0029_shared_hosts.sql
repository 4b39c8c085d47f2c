CREATE TABLE "api_rate_windows" (
	"client_key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "api_rate_windows_client_key_window_start_pk" PRIMARY KEY("client_key","window_start")
);
--> statement-breakpoint
CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cache_generations" (
	"name" text PRIMARY KEY NOT NULL,
	"generation" bigint DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_visitors" (
	"day" date NOT NULL,
	"visitor_key" text NOT NULL,
	CONSTRAINT "daily_visitors_day_visitor_key_pk" PRIMARY KEY("day","visitor_key")
);
--> statement-breakpoint
-- A counter lost on a crash only resets the clients' windows; no WAL per API request.
ALTER TABLE "api_rate_windows" SET UNLOGGED;