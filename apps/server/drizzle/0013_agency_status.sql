ALTER TABLE "agencies" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agencies" ADD CONSTRAINT "agencies_status_known" CHECK ("agencies"."status" in ('active', 'disabled'));--> statement-breakpoint
ALTER TABLE "agencies" ADD CONSTRAINT "agencies_disabled_has_time" CHECK (("agencies"."status" = 'disabled') = ("agencies"."disabled_at" is not null));