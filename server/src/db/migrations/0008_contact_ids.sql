-- Contacts get stable ids (spec §3: contacts have id, name, email, links.edit), so one can be edited
-- on its own. Existing contacts keep their order.
UPDATE "developer_apps"
SET "contacts" = (
  SELECT jsonb_agg(jsonb_build_object('id', gen_random_uuid()::text) || "contact" ORDER BY "position")
  FROM jsonb_array_elements("contacts") WITH ORDINALITY AS "listed"("contact", "position")
)
WHERE jsonb_array_length("contacts") > 0;
