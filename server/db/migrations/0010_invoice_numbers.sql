ALTER TABLE "invoices" ADD COLUMN "printed_number" text;--> statement-breakpoint
-- Invoices issued so far get the number as they are printed today (decision 017): from now on it never changes.
UPDATE "invoices" AS i SET "printed_number" = coalesce(s."value"->>'prefix', '') || CASE
	WHEN s."value"->>'leadingZeros' = 'true' THEN lpad(
		i."number"::text,
		greatest(
			CASE WHEN s."value"->>'length' ~ '^[0-9]{1,2}$' THEN least(greatest((s."value"->>'length')::int, 1), 20) ELSE 1 END,
			char_length(i."number"::text)
		),
		'0'
	)
	ELSE i."number"::text
END
FROM "settings" AS s
WHERE s."company_id" = i."company_id" AND s."name" = 'invoice';--> statement-breakpoint
UPDATE "invoices" SET "printed_number" = "number"::text WHERE "printed_number" IS NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "printed_number" SET NOT NULL;
