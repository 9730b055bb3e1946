-- Rate guard rails (docs/decisions/023): each rate row keeps the rates it replaced, so the
-- history reads from -> to; rows from before get theirs from the row before them.
ALTER TABLE "rates" ADD COLUMN "previous_buy_rate_krw" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "rates" ADD COLUMN "previous_sell_rate_krw" numeric(14, 2);--> statement-breakpoint
UPDATE "rates" SET "previous_buy_rate_krw" = "before"."buy", "previous_sell_rate_krw" = "before"."sell"
FROM (
  SELECT "id",
    lag("buy_rate_krw") OVER (PARTITION BY "asset" ORDER BY "set_at", "id") AS "buy",
    lag("sell_rate_krw") OVER (PARTITION BY "asset" ORDER BY "set_at", "id") AS "sell"
  FROM "rates"
) AS "before"
WHERE "rates"."id" = "before"."id" AND "before"."buy" IS NOT NULL;
--> statement-breakpoint
-- A sell rate above the buy rate is refused by the API (RATE_SELL_ABOVE_BUY); the database holds
-- the same line for every new row. NOT VALID: rows saved before the rule stay as history.
ALTER TABLE "rates" ADD CONSTRAINT "rates_sell_not_above_buy" CHECK ("sell_rate_krw" <= "buy_rate_krw") NOT VALID;
