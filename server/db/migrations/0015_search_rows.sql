-- History: the functions and triggers below are as this migration made them. Their live text is in
-- server/db/sql/, applied after the migrations at every start (docs/decisions/0031): edit there.
CREATE TABLE "search_rows" (
	"organization_id" uuid NOT NULL,
	"ship_set_id" uuid NOT NULL,
	"row_key" uuid NOT NULL,
	"shipment_id" uuid,
	"ship_set_name" text NOT NULL,
	"reference_number" text,
	"location_id" uuid,
	"location" text,
	"dest_country" text,
	"dest_state" text,
	"dest_city" text,
	"carrier_id" uuid,
	"carrier_name" text,
	"conveyance_type_id" uuid,
	"conveyance_type" text,
	"tracking_number" text,
	"pallet_number" text,
	"carton_number" text,
	"shipped_at" timestamp with time zone,
	"shipped_at_tz" text,
	"shipped_day" date,
	"shipment_status" text,
	"final_mile" boolean,
	"shipper_location_id" uuid,
	"origin_country" text,
	"origin_state" text,
	"origin_city" text,
	"status_name" text,
	"status_at" timestamp with time zone,
	"timezone" text,
	CONSTRAINT "search_rows_ship_set_id_row_key_pk" PRIMARY KEY("ship_set_id","row_key")
);
--> statement-breakpoint
-- The search read model's upkeep (ADR 0021). search_rows holds one row per result row of the signed-in
-- search; these functions and triggers keep it true in the transaction of every write that changes a row.

-- The shipment date the table shows is the day of shipped_at in the shipment's zone (000 §2 "a local short
-- date"; app/lib/time-zones.ts ianaZone): a Rails zone name converted (server/contracts/time-zones.ts), an IANA
-- name as it is, anything else (or none) UTC. The names, fixed here: the Rails list and the IANA names Node
-- knows (Intl.supportedValuesOf) that this PostgreSQL knows too, so AT TIME ZONE can never fail a write.
CREATE TABLE search_zones (name text PRIMARY KEY, iana text NOT NULL);
--> statement-breakpoint
INSERT INTO search_zones (name, iana)
SELECT z, z FROM unnest('{"UTC","Africa/Abidjan","Africa/Accra","Africa/Addis_Ababa","Africa/Algiers","Africa/Asmera","Africa/Bamako","Africa/Bangui","Africa/Banjul","Africa/Bissau","Africa/Blantyre","Africa/Brazzaville","Africa/Bujumbura","Africa/Cairo","Africa/Casablanca","Africa/Ceuta","Africa/Conakry","Africa/Dakar","Africa/Dar_es_Salaam","Africa/Djibouti","Africa/Douala","Africa/El_Aaiun","Africa/Freetown","Africa/Gaborone","Africa/Harare","Africa/Johannesburg","Africa/Juba","Africa/Kampala","Africa/Khartoum","Africa/Kigali","Africa/Kinshasa","Africa/Lagos","Africa/Libreville","Africa/Lome","Africa/Luanda","Africa/Lubumbashi","Africa/Lusaka","Africa/Malabo","Africa/Maputo","Africa/Maseru","Africa/Mbabane","Africa/Mogadishu","Africa/Monrovia","Africa/Nairobi","Africa/Ndjamena","Africa/Niamey","Africa/Nouakchott","Africa/Ouagadougou","Africa/Porto-Novo","Africa/Sao_Tome","Africa/Tripoli","Africa/Tunis","Africa/Windhoek","America/Adak","America/Anchorage","America/Anguilla","America/Antigua","America/Araguaina","America/Argentina/La_Rioja","America/Argentina/Rio_Gallegos","America/Argentina/Salta","America/Argentina/San_Juan","America/Argentina/San_Luis","America/Argentina/Tucuman","America/Argentina/Ushuaia","America/Aruba","America/Asuncion","America/Bahia","America/Bahia_Banderas","America/Barbados","America/Belem","America/Belize","America/Blanc-Sablon","America/Boa_Vista","America/Bogota","America/Boise","America/Buenos_Aires","America/Cambridge_Bay","America/Campo_Grande","America/Cancun","America/Caracas","America/Catamarca","America/Cayenne","America/Cayman","America/Chicago","America/Chihuahua","America/Ciudad_Juarez","America/Coral_Harbour","America/Cordoba","America/Costa_Rica","America/Coyhaique","America/Creston","America/Cuiaba","America/Curacao","America/Danmarkshavn","America/Dawson","America/Dawson_Creek","America/Denver","America/Detroit","America/Dominica","America/Edmonton","America/Eirunepe","America/El_Salvador","America/Fort_Nelson","America/Fortaleza","America/Glace_Bay","America/Godthab","America/Goose_Bay","America/Grand_Turk","America/Grenada","America/Guadeloupe","America/Guatemala","America/Guayaquil","America/Guyana","America/Halifax","America/Havana","America/Hermosillo","America/Indiana/Knox","America/Indiana/Marengo","America/Indiana/Petersburg","America/Indiana/Tell_City","America/Indiana/Vevay","America/Indiana/Vincennes","America/Indiana/Winamac","America/Indianapolis","America/Inuvik","America/Iqaluit","America/Jamaica","America/Jujuy","America/Juneau","America/Kentucky/Monticello","America/Kralendijk","America/La_Paz","America/Lima","America/Los_Angeles","America/Louisville","America/Lower_Princes","America/Maceio","America/Managua","America/Manaus","America/Marigot","America/Martinique","America/Matamoros","America/Mazatlan","America/Mendoza","America/Menominee","America/Merida","America/Metlakatla","America/Mexico_City","America/Miquelon","America/Moncton","America/Monterrey","America/Montevideo","America/Montserrat","America/Nassau","America/New_York","America/Nome","America/Noronha","America/North_Dakota/Beulah","America/North_Dakota/Center","America/North_Dakota/New_Salem","America/Ojinaga","America/Panama","America/Paramaribo","America/Phoenix","America/Port-au-Prince","America/Port_of_Spain","America/Porto_Velho","America/Puerto_Rico","America/Punta_Arenas","America/Rankin_Inlet","America/Recife","America/Regina","America/Resolute","America/Rio_Branco","America/Santarem","America/Santiago","America/Santo_Domingo","America/Sao_Paulo","America/Scoresbysund","America/Sitka","America/St_Barthelemy","America/St_Johns","America/St_Kitts","America/St_Lucia","America/St_Thomas","America/St_Vincent","America/Swift_Current","America/Tegucigalpa","America/Thule","America/Tijuana","America/Toronto","America/Tortola","America/Vancouver","America/Whitehorse","America/Winnipeg","America/Yakutat","Antarctica/Casey","Antarctica/Davis","Antarctica/DumontDUrville","Antarctica/Macquarie","Antarctica/Mawson","Antarctica/McMurdo","Antarctica/Palmer","Antarctica/Rothera","Antarctica/Syowa","Antarctica/Troll","Antarctica/Vostok","Arctic/Longyearbyen","Asia/Aden","Asia/Almaty","Asia/Amman","Asia/Anadyr","Asia/Aqtau","Asia/Aqtobe","Asia/Ashgabat","Asia/Atyrau","Asia/Baghdad","Asia/Bahrain","Asia/Baku","Asia/Bangkok","Asia/Barnaul","Asia/Beirut","Asia/Bishkek","Asia/Brunei","Asia/Calcutta","Asia/Chita","Asia/Colombo","Asia/Damascus","Asia/Dhaka","Asia/Dili","Asia/Dubai","Asia/Dushanbe","Asia/Famagusta","Asia/Gaza","Asia/Hebron","Asia/Hong_Kong","Asia/Hovd","Asia/Irkutsk","Asia/Jakarta","Asia/Jayapura","Asia/Jerusalem","Asia/Kabul","Asia/Kamchatka","Asia/Karachi","Asia/Katmandu","Asia/Khandyga","Asia/Krasnoyarsk","Asia/Kuala_Lumpur","Asia/Kuching","Asia/Kuwait","Asia/Macau","Asia/Magadan","Asia/Makassar","Asia/Manila","Asia/Muscat","Asia/Nicosia","Asia/Novokuznetsk","Asia/Novosibirsk","Asia/Omsk","Asia/Oral","Asia/Phnom_Penh","Asia/Pontianak","Asia/Pyongyang","Asia/Qatar","Asia/Qostanay","Asia/Qyzylorda","Asia/Rangoon","Asia/Riyadh","Asia/Saigon","Asia/Sakhalin","Asia/Samarkand","Asia/Seoul","Asia/Shanghai","Asia/Singapore","Asia/Srednekolymsk","Asia/Taipei","Asia/Tashkent","Asia/Tbilisi","Asia/Tehran","Asia/Thimphu","Asia/Tokyo","Asia/Tomsk","Asia/Ulaanbaatar","Asia/Urumqi","Asia/Ust-Nera","Asia/Vientiane","Asia/Vladivostok","Asia/Yakutsk","Asia/Yekaterinburg","Asia/Yerevan","Atlantic/Azores","Atlantic/Bermuda","Atlantic/Canary","Atlantic/Cape_Verde","Atlantic/Faeroe","Atlantic/Madeira","Atlantic/Reykjavik","Atlantic/South_Georgia","Atlantic/St_Helena","Atlantic/Stanley","Australia/Adelaide","Australia/Brisbane","Australia/Broken_Hill","Australia/Darwin","Australia/Eucla","Australia/Hobart","Australia/Lindeman","Australia/Lord_Howe","Australia/Melbourne","Australia/Perth","Australia/Sydney","Europe/Amsterdam","Europe/Andorra","Europe/Astrakhan","Europe/Athens","Europe/Belgrade","Europe/Berlin","Europe/Bratislava","Europe/Brussels","Europe/Bucharest","Europe/Budapest","Europe/Busingen","Europe/Chisinau","Europe/Copenhagen","Europe/Dublin","Europe/Gibraltar","Europe/Guernsey","Europe/Helsinki","Europe/Isle_of_Man","Europe/Istanbul","Europe/Jersey","Europe/Kaliningrad","Europe/Kiev","Europe/Kirov","Europe/Lisbon","Europe/Ljubljana","Europe/London","Europe/Luxembourg","Europe/Madrid","Europe/Malta","Europe/Mariehamn","Europe/Minsk","Europe/Monaco","Europe/Moscow","Europe/Oslo","Europe/Paris","Europe/Podgorica","Europe/Prague","Europe/Riga","Europe/Rome","Europe/Samara","Europe/San_Marino","Europe/Sarajevo","Europe/Saratov","Europe/Simferopol","Europe/Skopje","Europe/Sofia","Europe/Stockholm","Europe/Tallinn","Europe/Tirane","Europe/Ulyanovsk","Europe/Vaduz","Europe/Vatican","Europe/Vienna","Europe/Vilnius","Europe/Volgograd","Europe/Warsaw","Europe/Zagreb","Europe/Zurich","Indian/Antananarivo","Indian/Chagos","Indian/Christmas","Indian/Cocos","Indian/Comoro","Indian/Kerguelen","Indian/Mahe","Indian/Maldives","Indian/Mauritius","Indian/Mayotte","Indian/Reunion","Pacific/Apia","Pacific/Auckland","Pacific/Bougainville","Pacific/Chatham","Pacific/Easter","Pacific/Efate","Pacific/Enderbury","Pacific/Fakaofo","Pacific/Fiji","Pacific/Funafuti","Pacific/Galapagos","Pacific/Gambier","Pacific/Guadalcanal","Pacific/Guam","Pacific/Honolulu","Pacific/Kiritimati","Pacific/Kosrae","Pacific/Kwajalein","Pacific/Majuro","Pacific/Marquesas","Pacific/Midway","Pacific/Nauru","Pacific/Niue","Pacific/Norfolk","Pacific/Noumea","Pacific/Pago_Pago","Pacific/Palau","Pacific/Pitcairn","Pacific/Ponape","Pacific/Port_Moresby","Pacific/Rarotonga","Pacific/Saipan","Pacific/Tahiti","Pacific/Tarawa","Pacific/Tongatapu","Pacific/Truk","Pacific/Wake","Pacific/Wallis"}'::text[]) AS z
WHERE z IN (SELECT name FROM pg_timezone_names)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO search_zones (name, iana) VALUES
	('UTC', 'UTC'),
	('Eastern Time (US & Canada)', 'America/New_York'),
	('Central Time (US & Canada)', 'America/Chicago'),
	('Mountain Time (US & Canada)', 'America/Denver'),
	('Pacific Time (US & Canada)', 'America/Los_Angeles'),
	('London', 'Europe/London'),
	('Berlin', 'Europe/Berlin'),
	('Paris', 'Europe/Paris'),
	('Amsterdam', 'Europe/Amsterdam'),
	('Tokyo', 'Asia/Tokyo'),
	('Beijing', 'Asia/Shanghai'),
	('Singapore', 'Asia/Singapore'),
	('Sydney', 'Australia/Sydney'),
	('Mexico City', 'America/Mexico_City')
ON CONFLICT (name) DO UPDATE SET iana = excluded.iana;
--> statement-breakpoint
CREATE FUNCTION search_zone(tz text) RETURNS text LANGUAGE sql STABLE AS $$
	SELECT coalesce((SELECT iana FROM search_zones WHERE name = tz), 'UTC')
$$;
--> statement-breakpoint

-- What search_rows should hold: an order × each of its shipments, or the order alone when it has none, with
-- the values the table shows (the joins the search used to make on every request).
CREATE VIEW search_rows_source AS
SELECT s.organization_id, s.id AS ship_set_id, coalesce(sh.id, '00000000-0000-0000-0000-000000000000'::uuid) AS row_key,
	sh.id AS shipment_id, s.name AS ship_set_name, s.reference_number,
	s.location_id, l.name AS location, l.country AS dest_country, l.state AS dest_state, l.city AS dest_city,
	sh.carrier_id, c.name AS carrier_name, c.conveyance_type_id, ct.name AS conveyance_type,
	sh.tracking_number, sh.pallet_number, sh.carton_number, sh.shipped_at, sh.shipped_at_tz,
	(sh.shipped_at AT TIME ZONE search_zone(sh.shipped_at_tz))::date AS shipped_day,
	sh.status AS shipment_status, sh.final_mile,
	sh.shipper_location_id, o.country AS origin_country, o.state AS origin_state, o.city AS origin_city,
	e.title AS status_name, e.event_at AS status_at, e.timezone_name AS timezone
FROM ship_sets s
LEFT JOIN shipments sh ON sh.ship_set_id = s.id AND sh.organization_id = s.organization_id
LEFT JOIN carriers c ON c.id = sh.carrier_id
LEFT JOIN conveyance_types ct ON ct.id = c.conveyance_type_id
LEFT JOIN events e ON e.id = s.last_event_id
LEFT JOIN locations l ON l.id = s.location_id
LEFT JOIN locations o ON o.id = sh.shipper_location_id;
--> statement-breakpoint

-- Brings the rows of these orders in line with their source. The orders are locked first (in id order, NO KEY
-- UPDATE: it does not wait for the KEY SHARE a shipment's foreign key takes), so two transactions writing one
-- order refresh it one after the other and the later one reads what the earlier one committed. A row whose
-- values did not change is not written; one whose indexed values did not change is updated in place (HOT).
CREATE FUNCTION search_rows_refresh(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	IF ids IS NULL OR cardinality(ids) = 0 THEN
		RETURN;
	END IF;
	PERFORM 1 FROM ship_sets WHERE id = ANY(ids) ORDER BY id FOR NO KEY UPDATE;
	DELETE FROM search_rows r WHERE r.ship_set_id = ANY(ids)
		AND (r.ship_set_id, r.row_key) NOT IN (SELECT ship_set_id, row_key FROM search_rows_source WHERE ship_set_id = ANY(ids));
	INSERT INTO search_rows AS r (organization_id, ship_set_id, row_key, shipment_id, ship_set_name, reference_number, location_id, location, dest_country, dest_state, dest_city, carrier_id, carrier_name, conveyance_type_id, conveyance_type, tracking_number, pallet_number, carton_number, shipped_at, shipped_at_tz, shipped_day, shipment_status, final_mile, shipper_location_id, origin_country, origin_state, origin_city, status_name, status_at, timezone)
	SELECT organization_id, ship_set_id, row_key, shipment_id, ship_set_name, reference_number, location_id, location, dest_country, dest_state, dest_city, carrier_id, carrier_name, conveyance_type_id, conveyance_type, tracking_number, pallet_number, carton_number, shipped_at, shipped_at_tz, shipped_day, shipment_status, final_mile, shipper_location_id, origin_country, origin_state, origin_city, status_name, status_at, timezone FROM search_rows_source WHERE ship_set_id = ANY(ids)
	ON CONFLICT (ship_set_id, row_key) DO UPDATE SET
		organization_id = excluded.organization_id,
		shipment_id = excluded.shipment_id,
		ship_set_name = excluded.ship_set_name,
		reference_number = excluded.reference_number,
		location_id = excluded.location_id,
		location = excluded.location,
		dest_country = excluded.dest_country,
		dest_state = excluded.dest_state,
		dest_city = excluded.dest_city,
		carrier_id = excluded.carrier_id,
		carrier_name = excluded.carrier_name,
		conveyance_type_id = excluded.conveyance_type_id,
		conveyance_type = excluded.conveyance_type,
		tracking_number = excluded.tracking_number,
		pallet_number = excluded.pallet_number,
		carton_number = excluded.carton_number,
		shipped_at = excluded.shipped_at,
		shipped_at_tz = excluded.shipped_at_tz,
		shipped_day = excluded.shipped_day,
		shipment_status = excluded.shipment_status,
		final_mile = excluded.final_mile,
		shipper_location_id = excluded.shipper_location_id,
		origin_country = excluded.origin_country,
		origin_state = excluded.origin_state,
		origin_city = excluded.origin_city,
		status_name = excluded.status_name,
		status_at = excluded.status_at,
		timezone = excluded.timezone
	WHERE (r.*) IS DISTINCT FROM (excluded.*);
END $$;
--> statement-breakpoint

-- Orders of one supply chain that have no rows yet (a bulk load made with the triggers off adds new orders).
CREATE FUNCTION fill_search_rows(org uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO search_rows (organization_id, ship_set_id, row_key, shipment_id, ship_set_name, reference_number, location_id, location, dest_country, dest_state, dest_city, carrier_id, carrier_name, conveyance_type_id, conveyance_type, tracking_number, pallet_number, carton_number, shipped_at, shipped_at_tz, shipped_day, shipment_status, final_mile, shipper_location_id, origin_country, origin_state, origin_city, status_name, status_at, timezone)
	SELECT organization_id, ship_set_id, row_key, shipment_id, ship_set_name, reference_number, location_id, location, dest_country, dest_state, dest_city, carrier_id, carrier_name, conveyance_type_id, conveyance_type, tracking_number, pallet_number, carton_number, shipped_at, shipped_at_tz, shipped_day, shipment_status, final_mile, shipper_location_id, origin_country, origin_state, origin_city, status_name, status_at, timezone FROM search_rows_source v
	WHERE v.organization_id = org AND NOT EXISTS (SELECT 1 FROM search_rows r WHERE r.ship_set_id = v.ship_set_id);
END $$;
--> statement-breakpoint

-- One supply chain's rows from scratch.
CREATE FUNCTION rebuild_search_rows(org uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM search_rows WHERE organization_id = org;
	PERFORM fill_search_rows(org);
END $$;
--> statement-breakpoint

-- Orders and shipments: once per statement, over the rows it wrote (a batch of a thousand is one refresh).
CREATE FUNCTION search_rows_ship_sets_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM search_rows_refresh(ARRAY(SELECT id FROM new_rows));
	ELSE
		PERFORM search_rows_refresh(ARRAY(
			SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
			WHERE (n.organization_id, n.name, n.reference_number, n.location_id, n.last_event_id)
				IS DISTINCT FROM (o.organization_id, o.name, o.reference_number, o.location_id, o.last_event_id)));
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION search_rows_ship_sets_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM search_rows WHERE ship_set_id IN (SELECT id FROM old_rows);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION search_rows_shipments_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM search_rows_refresh(ARRAY(SELECT DISTINCT ship_set_id FROM new_rows));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM search_rows_refresh(ARRAY(SELECT DISTINCT ship_set_id FROM old_rows));
	ELSE
		PERFORM search_rows_refresh(ARRAY(
			SELECT n.ship_set_id FROM new_rows n JOIN old_rows o ON o.id = n.id
			WHERE (n.organization_id, n.ship_set_id, n.carrier_id, n.tracking_number, n.pallet_number, n.carton_number, n.shipped_at,
					n.shipped_at_tz, n.status, n.final_mile, n.shipper_location_id)
				IS DISTINCT FROM (o.organization_id, o.ship_set_id, o.carrier_id, o.tracking_number, o.pallet_number, o.carton_number, o.shipped_at,
					o.shipped_at_tz, o.status, o.final_mile, o.shipper_location_id)
			UNION
			SELECT o.ship_set_id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.ship_set_id <> o.ship_set_id));
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- An event changes a row only when it is its order's latest (ship_sets.last_event_id); pointing an order at
-- another event is an update of ship_sets, above.
CREATE FUNCTION search_rows_events_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		PERFORM search_rows_refresh(ARRAY(SELECT s.id FROM old_rows e JOIN ship_sets s ON s.id = e.ship_set_id AND s.last_event_id = e.id));
	ELSE
		PERFORM search_rows_refresh(ARRAY(SELECT s.id FROM new_rows e JOIN ship_sets s ON s.id = e.ship_set_id AND s.last_event_id = e.id));
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- The names of carriers, conveyance types and locations are copied into the rows: a rename reaches every row.
CREATE FUNCTION search_rows_carriers_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE search_rows r SET carrier_name = c.name, conveyance_type_id = c.conveyance_type_id, conveyance_type = ct.name
	FROM new_rows c LEFT JOIN conveyance_types ct ON ct.id = c.conveyance_type_id
	WHERE r.carrier_id = c.id AND r.organization_id = c.organization_id
		AND (r.carrier_name, r.conveyance_type_id, r.conveyance_type) IS DISTINCT FROM (c.name, c.conveyance_type_id, ct.name);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION search_rows_conveyance_types_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE search_rows r SET conveyance_type = t.name
	FROM new_rows t
	WHERE r.conveyance_type_id = t.id AND r.conveyance_type IS DISTINCT FROM t.name;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION search_rows_locations_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE search_rows r SET location = l.name, dest_country = l.country, dest_state = l.state, dest_city = l.city
	FROM new_rows l
	WHERE r.location_id = l.id AND (r.location, r.dest_country, r.dest_state, r.dest_city) IS DISTINCT FROM (l.name, l.country, l.state, l.city);
	UPDATE search_rows r SET origin_country = l.country, origin_state = l.state, origin_city = l.city
	FROM new_rows l
	WHERE r.shipper_location_id = l.id AND (r.origin_country, r.origin_state, r.origin_city) IS DISTINCT FROM (l.country, l.state, l.city);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_rows_ship_sets_insert AFTER INSERT ON ship_sets REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_rows_ship_sets_written();
--> statement-breakpoint
CREATE TRIGGER search_rows_ship_sets_update AFTER UPDATE ON ship_sets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_rows_ship_sets_written();
--> statement-breakpoint
CREATE TRIGGER search_rows_ship_sets_delete AFTER DELETE ON ship_sets REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_rows_ship_sets_deleted();
--> statement-breakpoint
CREATE TRIGGER search_rows_shipments_insert AFTER INSERT ON shipments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_rows_shipments_written();
--> statement-breakpoint
CREATE TRIGGER search_rows_shipments_update AFTER UPDATE ON shipments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_rows_shipments_written();
--> statement-breakpoint
CREATE TRIGGER search_rows_shipments_delete AFTER DELETE ON shipments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_rows_shipments_written();
--> statement-breakpoint
CREATE TRIGGER search_rows_events_insert AFTER INSERT ON events REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_rows_events_written();
--> statement-breakpoint
CREATE TRIGGER search_rows_events_update AFTER UPDATE ON events REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_rows_events_written();
--> statement-breakpoint
CREATE TRIGGER search_rows_events_delete AFTER DELETE ON events REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_rows_events_written();
--> statement-breakpoint
CREATE TRIGGER search_rows_carriers_update AFTER UPDATE ON carriers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_rows_carriers_updated();
--> statement-breakpoint
CREATE TRIGGER search_rows_conveyance_types_update AFTER UPDATE ON conveyance_types REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_rows_conveyance_types_updated();
--> statement-breakpoint
CREATE TRIGGER search_rows_locations_update AFTER UPDATE ON locations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_rows_locations_updated();
--> statement-breakpoint

-- Exact counts of the broad searches without counting rows (ADR 0021): rows per supply chain in all, per
-- carrier, per conveyance type and per destination country, kept by statement triggers on search_rows from
-- its transition tables (one upsert per key and statement, whatever the rows).
CREATE TABLE search_counts (
	organization_id uuid NOT NULL,
	dim text NOT NULL,
	key text NOT NULL,
	rows bigint NOT NULL DEFAULT 0,
	PRIMARY KEY (organization_id, dim, key)
);
--> statement-breakpoint
CREATE FUNCTION search_counts_keys(r search_rows) RETURNS TABLE (dim text, key text) LANGUAGE sql IMMUTABLE AS $$
	SELECT 'all', '' UNION ALL
	SELECT 'carrier', r.carrier_id::text WHERE r.carrier_id IS NOT NULL UNION ALL
	SELECT 'conveyance_type', r.conveyance_type_id::text WHERE r.conveyance_type_id IS NOT NULL UNION ALL
	SELECT 'dest_country', r.dest_country WHERE r.dest_country IS NOT NULL
$$;
--> statement-breakpoint
CREATE FUNCTION search_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO search_counts AS c (organization_id, dim, key, rows)
		SELECT n.organization_id, k.dim, k.key, count(*) FROM new_rows n, search_counts_keys(n) k GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
		ON CONFLICT (organization_id, dim, key) DO UPDATE SET rows = c.rows + excluded.rows;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO search_counts AS c (organization_id, dim, key, rows)
		SELECT o.organization_id, k.dim, k.key, -count(*) FROM old_rows o, search_counts_keys(o) k GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
		ON CONFLICT (organization_id, dim, key) DO UPDATE SET rows = c.rows + excluded.rows;
	ELSE
		INSERT INTO search_counts AS c (organization_id, dim, key, rows)
		SELECT organization_id, dim, key, sum(d) FROM (
			SELECT n.organization_id, k.dim, k.key, 1 AS d FROM new_rows n, search_counts_keys(n) k
			UNION ALL
			SELECT o.organization_id, k.dim, k.key, -1 FROM old_rows o, search_counts_keys(o) k
		) x GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
		ON CONFLICT (organization_id, dim, key) DO UPDATE SET rows = c.rows + excluded.rows;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_counts_insert AFTER INSERT ON search_rows REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_counts_apply();
--> statement-breakpoint
CREATE TRIGGER search_counts_update AFTER UPDATE ON search_rows REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_counts_apply();
--> statement-breakpoint
CREATE TRIGGER search_counts_delete AFTER DELETE ON search_rows REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_counts_apply();
--> statement-breakpoint

-- The rows of every order there is, before the indexes (one sorted build each instead of a million inserts).
INSERT INTO search_rows (organization_id, ship_set_id, row_key, shipment_id, ship_set_name, reference_number, location_id, location, dest_country, dest_state, dest_city, carrier_id, carrier_name, conveyance_type_id, conveyance_type, tracking_number, pallet_number, carton_number, shipped_at, shipped_at_tz, shipped_day, shipment_status, final_mile, shipper_location_id, origin_country, origin_state, origin_city, status_name, status_at, timezone)
SELECT organization_id, ship_set_id, row_key, shipment_id, ship_set_name, reference_number, location_id, location, dest_country, dest_state, dest_city, carrier_id, carrier_name, conveyance_type_id, conveyance_type, tracking_number, pallet_number, carton_number, shipped_at, shipped_at_tz, shipped_day, shipment_status, final_mile, shipper_location_id, origin_country, origin_state, origin_city, status_name, status_at, timezone FROM search_rows_source;
--> statement-breakpoint
CREATE INDEX "search_rows_org_name_idx" ON "search_rows" USING btree ("organization_id","ship_set_name","ship_set_id","row_key");--> statement-breakpoint
CREATE INDEX "search_rows_org_name_pattern_idx" ON "search_rows" USING btree ("organization_id","ship_set_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "search_rows_org_reference_idx" ON "search_rows" USING btree ("organization_id","reference_number") WHERE "search_rows"."reference_number" is not null;--> statement-breakpoint
CREATE INDEX "search_rows_org_tracking_idx" ON "search_rows" USING btree ("organization_id","tracking_number") WHERE "search_rows"."tracking_number" is not null;--> statement-breakpoint
CREATE INDEX "search_rows_org_pallet_idx" ON "search_rows" USING btree ("organization_id","pallet_number") WHERE "search_rows"."pallet_number" is not null;--> statement-breakpoint
CREATE INDEX "search_rows_org_carton_idx" ON "search_rows" USING btree ("organization_id","carton_number") WHERE "search_rows"."carton_number" is not null;--> statement-breakpoint
CREATE INDEX "search_rows_org_carrier_day_idx" ON "search_rows" USING btree ("organization_id","carrier_id","shipped_day");--> statement-breakpoint
CREATE INDEX "search_rows_org_conveyance_day_idx" ON "search_rows" USING btree ("organization_id","conveyance_type_id","shipped_day");--> statement-breakpoint
CREATE INDEX "search_rows_org_day_idx" ON "search_rows" USING btree ("organization_id","shipped_day");--> statement-breakpoint
CREATE INDEX "search_rows_org_destination_idx" ON "search_rows" USING btree ("organization_id","dest_country","dest_state","dest_city");--> statement-breakpoint
CREATE INDEX "search_rows_org_origin_idx" ON "search_rows" USING btree ("organization_id","origin_country","origin_state","origin_city");--> statement-breakpoint
CREATE INDEX "search_rows_location_trgm_idx" ON "search_rows" USING gin ("location" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_rows_org_location_idx" ON "search_rows" USING btree ("organization_id","location");--> statement-breakpoint
CREATE INDEX "search_rows_location_id_idx" ON "search_rows" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "search_rows_shipper_location_id_idx" ON "search_rows" USING btree ("shipper_location_id");
