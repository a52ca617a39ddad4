-- Amounts were stored as hundredths of the major unit whatever the currency, and every screen
-- showed them so: a JPY price stored as 4500 read ¥45, a KWD price stored as 4500 read 45.000 KWD.
-- From now on they are held in the currency's own minor unit (ISO 4217 exponent). Each amount is
-- rewritten to the minor units of what people saw, so no amount anyone has seen changes: ×0.01 for
-- currencies without decimals (rounded half away from zero, as the screens rounded them), ×10 for
-- those with three. Two-decimal currencies and codes outside the list keep their numbers. The list
-- is frozen here on purpose: a later change of the code's list must not rewrite old data again.
CREATE FUNCTION money_minor_units_factor(currency text) RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN currency IN ('BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF') THEN 0.01
    WHEN currency IN ('BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND') THEN 10
    ELSE 1
  END
$$;
--> statement-breakpoint
CREATE FUNCTION money_minor_units_convert(amount integer, currency text) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT round(amount * money_minor_units_factor(currency))::integer
$$;
--> statement-breakpoint
CREATE FUNCTION money_minor_units_snapshot(snapshot jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_set(
    jsonb_set(
      snapshot,
      '{totalAmount}',
      to_jsonb(money_minor_units_convert((snapshot->>'totalAmount')::integer, snapshot->>'currency'))
    ),
    '{lines}',
    coalesce(
      (
        SELECT jsonb_agg(
          line
            || jsonb_build_object(
              'unitPrice', money_minor_units_convert((line->>'unitPrice')::integer, snapshot->>'currency'),
              'total', money_minor_units_convert((line->>'total')::integer, snapshot->>'currency')
            )
          ORDER BY position
        )
        FROM jsonb_array_elements(snapshot->'lines') WITH ORDINALITY AS lines(line, position)
      ),
      '[]'::jsonb
    )
  )
$$;
--> statement-breakpoint
UPDATE badge_categories AS c
SET unit_price_cents = money_minor_units_convert(c.unit_price_cents, e.currency)
FROM events AS e
WHERE e.id = c.event_id AND money_minor_units_factor(e.currency) <> 1;
--> statement-breakpoint
UPDATE allocation_purchases
SET
  unit_price_cents = money_minor_units_convert(unit_price_cents, currency),
  total_price_cents = money_minor_units_convert(total_price_cents, currency),
  amount_to_pay_cents = money_minor_units_convert(amount_to_pay_cents, currency),
  refunded_cents = money_minor_units_convert(refunded_cents, currency)
WHERE money_minor_units_factor(currency) <> 1;
--> statement-breakpoint
UPDATE payment_attempts
SET amount_cents = money_minor_units_convert(amount_cents, currency)
WHERE money_minor_units_factor(currency) <> 1;
--> statement-breakpoint
-- A refund is never less than one minor unit (the table says so): a refund of a few hundredths of
-- a yen, shown as ¥0, keeps ¥1.
UPDATE payment_refunds AS r
SET amount_cents = greatest(money_minor_units_convert(r.amount_cents, p.currency), 1)
FROM allocation_purchases AS p
WHERE p.id = r.allocation_purchase_id AND money_minor_units_factor(p.currency) <> 1;
--> statement-breakpoint
UPDATE sandbox_sessions
SET
  amount_cents = money_minor_units_convert(amount_cents, currency),
  refunded_cents = money_minor_units_convert(refunded_cents, currency)
WHERE money_minor_units_factor(currency) <> 1;
--> statement-breakpoint
UPDATE invoices
SET snapshot = money_minor_units_snapshot(snapshot)
WHERE money_minor_units_factor(snapshot->>'currency') <> 1;
--> statement-breakpoint
UPDATE credit_notes
SET
  amount_cents = money_minor_units_convert(amount_cents, snapshot->>'currency'),
  snapshot = money_minor_units_snapshot(snapshot)
WHERE money_minor_units_factor(snapshot->>'currency') <> 1;
--> statement-breakpoint
DROP FUNCTION money_minor_units_snapshot(jsonb);
--> statement-breakpoint
DROP FUNCTION money_minor_units_convert(integer, text);
--> statement-breakpoint
DROP FUNCTION money_minor_units_factor(text);
