CREATE TABLE "recipient_bank_accounts" (
	"recipient_id" uuid PRIMARY KEY NOT NULL,
	"iban_encrypted" text NOT NULL,
	"holder_encrypted" text NOT NULL,
	"iban_index" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recipient_bank_accounts" ADD CONSTRAINT "recipient_bank_accounts_recipient_id_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."recipients"("id") ON DELETE cascade ON UPDATE no action;