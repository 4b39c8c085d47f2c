CREATE TABLE "job_checkpoints" (
	"job" text PRIMARY KEY NOT NULL,
	"cursor" jsonb NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
