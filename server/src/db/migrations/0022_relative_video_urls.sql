-- Hand-written: hosted videos' URLs are relative (/api/v1/videos/<hashed id>), so a portal reached
-- under another host name than PUBLIC_URL plays them within its CSP, and a video's visibility is
-- looked up by that exact URL. Rows saved before named PUBLIC_URL's origin in front of it.
UPDATE "marketplace_attachments"
SET "external_url" = substring("external_url" from '(/api/v1/videos/[a-f0-9]{24})$')
WHERE "external_url" ~ '^https?://[^/]+/api/v1/videos/[a-f0-9]{24}$';
