-- Domain events (ADR 0020): what happened to an order, recorded in the writer's transaction; the dispatcher
-- (server/news-out/dispatcher.ts) fans them out to webhooks and e-mails after it commits.

-- Domain events (server/domain-events/record.ts) from one JSON array, in its order (seq follows it).
CREATE OR REPLACE FUNCTION waymark_record_domain_events(p_rows jsonb) RETURNS void
LANGUAGE plpgsql VOLATILE
AS $$
BEGIN
	INSERT INTO domain_events (id, organization_id, kind, ship_set_id, payload, occurred_at)
	SELECT (t.e->>'id')::uuid, (t.e->>'organization_id')::uuid, t.e->>'kind', (t.e->>'ship_set_id')::uuid, t.e->'payload', (t.e->>'occurred_at')::timestamptz
	FROM jsonb_array_elements(p_rows) WITH ORDINALITY AS t(e, n)
	ORDER BY t.n;
END $$;
