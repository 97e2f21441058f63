-- Session tokens rest only as their sha256 (hex), the form the portal's better-auth adapter writes
-- and looks up (platform/auth/hashed-session-tokens.ts): existing sessions keep working, and a dump
-- of this table holds no token that opens one.
UPDATE "sessions" SET "token" = encode(sha256(convert_to("token", 'UTF8')), 'hex');
--> statement-breakpoint
-- Reset links issued before identifiers were hashed (verification.storeIdentifier = 'hashed'):
-- better-auth's form, base64url(sha256(identifier)) without padding. Hashed ones contain no ':'.
UPDATE "verifications"
SET "identifier" = translate(rtrim(encode(sha256(convert_to("identifier", 'UTF8')), 'base64'), '='), '+/', '-_')
WHERE "identifier" LIKE '%:%';
