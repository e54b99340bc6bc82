CREATE TABLE "goodwill_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_slug" text NOT NULL,
	"referrer_id" uuid,
	"recommendation_id" uuid,
	"vorname_freund" text NOT NULL,
	"name_freund" text NOT NULL,
	"auftragsdatum" date,
	"auftragsnummer" text,
	"nachricht" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_slug" text NOT NULL,
	"auftragsnummer" text NOT NULL,
	"recommendation_id" uuid NOT NULL,
	"recipient_id" uuid,
	"produkt_id" integer NOT NULL,
	"produkt_name" text NOT NULL,
	"auftragsdatum" date NOT NULL,
	"status" text NOT NULL,
	"successful_at" timestamp with time zone,
	"reported_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_slug" text NOT NULL,
	"art" text NOT NULL,
	"message_id" text NOT NULL,
	"anzahl" integer NOT NULL,
	"summe_cent" integer NOT NULL,
	"datei" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "provider_api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_slug" text NOT NULL,
	"key_hash" text NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "referrer_bank_accounts" (
	"referrer_id" uuid PRIMARY KEY NOT NULL,
	"iban_encrypted" text NOT NULL,
	"holder_encrypted" text NOT NULL,
	"iban_index" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrer_customer_numbers" (
	"referrer_id" uuid PRIMARY KEY NOT NULL,
	"kundennummer_encrypted" text NOT NULL,
	"kundennummer_index" text NOT NULL,
	"status" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reward_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reward_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"cause" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rewards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_slug" text NOT NULL,
	"nummer" text NOT NULL,
	"order_id" uuid,
	"recommendation_id" uuid,
	"referrer_id" uuid,
	"recipient_id" uuid,
	"beguenstigter" text NOT NULL,
	"art" text NOT NULL,
	"bonus_stufe" integer,
	"wert_cent" integer NOT NULL,
	"status" text NOT NULL,
	"auswahl" text,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"iban_encrypted" text,
	"holder_encrypted" text,
	"kundennummer_encrypted" text,
	"payout_batch_id" uuid,
	"email" text,
	"language" text DEFAULT 'de' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"ready_at" timestamp with time zone,
	"picked_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voucher_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_slug" text NOT NULL,
	"code" text NOT NULL,
	"wert_cent" integer NOT NULL,
	"anbieter" text NOT NULL,
	"imported_at" timestamp with time zone NOT NULL,
	"reward_id" uuid,
	"assigned_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "goodwill_claims" ADD CONSTRAINT "goodwill_claims_tenant_slug_tenants_slug_fk" FOREIGN KEY ("tenant_slug") REFERENCES "public"."tenants"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goodwill_claims" ADD CONSTRAINT "goodwill_claims_referrer_id_referrers_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."referrers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goodwill_claims" ADD CONSTRAINT "goodwill_claims_recommendation_id_recommendations_id_fk" FOREIGN KEY ("recommendation_id") REFERENCES "public"."recommendations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tenant_slug_tenants_slug_fk" FOREIGN KEY ("tenant_slug") REFERENCES "public"."tenants"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_recommendation_id_recommendations_id_fk" FOREIGN KEY ("recommendation_id") REFERENCES "public"."recommendations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_recipient_id_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."recipients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_tenant_slug_tenants_slug_fk" FOREIGN KEY ("tenant_slug") REFERENCES "public"."tenants"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_api_keys" ADD CONSTRAINT "provider_api_keys_tenant_slug_tenants_slug_fk" FOREIGN KEY ("tenant_slug") REFERENCES "public"."tenants"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrer_bank_accounts" ADD CONSTRAINT "referrer_bank_accounts_referrer_id_referrers_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."referrers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrer_customer_numbers" ADD CONSTRAINT "referrer_customer_numbers_referrer_id_referrers_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."referrers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_events" ADD CONSTRAINT "reward_events_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_tenant_slug_tenants_slug_fk" FOREIGN KEY ("tenant_slug") REFERENCES "public"."tenants"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_recommendation_id_recommendations_id_fk" FOREIGN KEY ("recommendation_id") REFERENCES "public"."recommendations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_referrer_id_referrers_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."referrers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_recipient_id_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."recipients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_codes" ADD CONSTRAINT "voucher_codes_tenant_slug_tenants_slug_fk" FOREIGN KEY ("tenant_slug") REFERENCES "public"."tenants"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_codes" ADD CONSTRAINT "voucher_codes_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goodwill_claims_referrer" ON "goodwill_claims" USING btree ("referrer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_nummer" ON "orders" USING btree ("tenant_slug","auftragsnummer");--> statement-breakpoint
CREATE INDEX "orders_recommendation" ON "orders" USING btree ("recommendation_id");--> statement-breakpoint
CREATE INDEX "orders_status" ON "orders" USING btree ("tenant_slug","status","auftragsdatum");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batches_message" ON "payout_batches" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_api_keys_hash" ON "provider_api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "reward_events_reward" ON "reward_events" USING btree ("reward_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "rewards_nummer" ON "rewards" USING btree ("tenant_slug","nummer");--> statement-breakpoint
CREATE UNIQUE INDEX "rewards_token" ON "rewards" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "rewards_order_beneficiary" ON "rewards" USING btree ("order_id","beguenstigter","art");--> statement-breakpoint
CREATE UNIQUE INDEX "rewards_bonus" ON "rewards" USING btree ("referrer_id","art","bonus_stufe");--> statement-breakpoint
CREATE INDEX "rewards_referrer" ON "rewards" USING btree ("referrer_id","created_at");--> statement-breakpoint
CREATE INDEX "rewards_recipient" ON "rewards" USING btree ("recipient_id");--> statement-breakpoint
CREATE INDEX "rewards_status" ON "rewards" USING btree ("tenant_slug","status");--> statement-breakpoint
CREATE INDEX "rewards_batch" ON "rewards" USING btree ("payout_batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_codes_code" ON "voucher_codes" USING btree ("tenant_slug","code");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_codes_reward" ON "voucher_codes" USING btree ("reward_id");--> statement-breakpoint
CREATE INDEX "voucher_codes_free" ON "voucher_codes" USING btree ("tenant_slug","wert_cent","imported_at");