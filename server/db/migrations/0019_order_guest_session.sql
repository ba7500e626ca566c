ALTER TABLE "orders" ADD COLUMN "guest_session_id" uuid;--> statement-breakpoint
CREATE INDEX "orders_guest_session_idx" ON "orders" USING btree ("guest_session_id");