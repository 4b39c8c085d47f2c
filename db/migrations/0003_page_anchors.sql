CREATE TABLE "page_anchors" (
	"scope" text NOT NULL,
	"scope_key" text NOT NULL,
	"position" integer NOT NULL,
	"rank_score" double precision NOT NULL,
	"business_id" bigint NOT NULL,
	CONSTRAINT "page_anchors_scope_scope_key_position_pk" PRIMARY KEY("scope","scope_key","position")
);
