CREATE TABLE "passkey_challenges" (
	"challenge_hash" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"user_id" uuid,
	"sign_in_challenge_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "passkey_challenges_purpose" CHECK ("passkey_challenges"."purpose" in ('register', 'sign_in', 'second_factor', 'step_up')),
	CONSTRAINT "passkey_challenges_user_unless_sign_in" CHECK (("passkey_challenges"."purpose" = 'sign_in') = ("passkey_challenges"."user_id" is null)),
	CONSTRAINT "passkey_challenges_second_factor_bound" CHECK (("passkey_challenges"."purpose" = 'second_factor') = ("passkey_challenges"."sign_in_challenge_hash" is not null)),
	CONSTRAINT "passkey_challenges_expiry_after_creation" CHECK ("passkey_challenges"."expires_at" > "passkey_challenges"."created_at")
);
--> statement-breakpoint
CREATE TABLE "passkeys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"credential_id" text NOT NULL,
	"public_key" text NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" text[] DEFAULT '{}'::text[] NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "passkeys_credential_id_unique" UNIQUE("credential_id"),
	CONSTRAINT "passkeys_counter_not_negative" CHECK ("passkeys"."counter" >= 0),
	CONSTRAINT "passkeys_name_length" CHECK (char_length("passkeys"."name") between 1 and 60)
);
--> statement-breakpoint
ALTER TABLE "passkey_challenges" ADD CONSTRAINT "passkey_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passkeys" ADD CONSTRAINT "passkeys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "passkeys_user_idx" ON "passkeys" USING btree ("user_id");