/** Plain constants, importable without zod (keeps small web chunks small). */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 120;

/** Developer apps. */
export const APP_NAME_MAX_LENGTH = 120;
export const REDIRECT_URI_MAX_LENGTH = 4000;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_RECOMMENDED_MIN_SIZE = 200;
/** The largest app logo accepted, in pixels each way (200×200 is recommended; it is shown smaller). */
export const LOGO_MAX_DIMENSION = 1024;
export const OOB_REDIRECT_URI = 'urn:ietf:wg:oauth:2.0:oob';
/** Create-app polling (spec developer-apps §9). */
export const CREATE_APP_POLL_MS = 1000;
export const CREATE_APP_REDIRECT_AFTER_MS = 10_000;
/** How often the app page refreshes a pending sandbox. */
export const SANDBOX_POLL_MS = 2000;

/** Announcements (spec admin §9 and issue 3). */
export const ANNOUNCEMENT_TITLE_MAX_LENGTH = 200;
export const ANNOUNCEMENT_SUMMARY_MAX_LENGTH = 1000;
export const ANNOUNCEMENT_BODY_MAX_LENGTH = 50_000;
export const BELL_PREVIEW_COUNT = 3;
/** The unread count is exact up to this many; a larger backlog answers this number. */
export const UNREAD_COUNT_MAX = 1000;
/** A trigram index needs three characters; shorter substrings would scan the whole table. */
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_MAX_LENGTH = 254;
/** Page sizes (spec admin §9: admin lists 50). */
export const NOTIFICATIONS_PER_PAGE = 25;
export const ADMIN_NOTIFICATIONS_PER_PAGE = 50;
export const APPS_PER_PAGE = 25;
export const OUTBOX_PER_PAGE = 25;
export const LIST_SUMMARY_TRUNCATE = 160;

/** Manifests (spec developer-apps §9 and issue 11). */
export const MANIFESTS_PER_PAGE = 25;
/** A manifest's JSON text, and how deeply it may nest (the validator and the database walk it). */
export const MANIFEST_CONTENT_MAX_LENGTH = 200_000;
export const MANIFEST_MAX_DEPTH = 32;
export const MANIFEST_NOTES_MAX_LENGTH = 5000;
export const MANIFEST_CHANGELOG_MAX_LENGTH = 10_000;
/** At most this many violations are reported for one manifest. */
export const MANIFEST_MAX_VIOLATIONS = 100;
export const MANIFEST_VALIDATION_DEBOUNCE_MS = 1000;
export const COPIED_CONFIRMATION_MS = 1500;
export const COPY_TOAST_MS = 2000;

/** Marketplace listing (spec developer-apps §5, §9; the rest are decisions, docs/decisions.md). */
export const LISTING_PUBLIC_NAME_MAX_LENGTH = 50;
export const LISTING_TAGLINE_MAX_LENGTH = 100;
export const LISTING_DESCRIPTION_MAX_LENGTH = 2000;
export const LISTING_HOW_IT_WORKS_MAX_LENGTH = 500;
export const LISTING_FEATURE_BULLET_MAX_LENGTH = 200;
/** about, pricing description, notes to the reviewer. */
export const LISTING_LONG_TEXT_MAX_LENGTH = 5000;
/** Names, labels, versions, requirements. */
export const LISTING_SHORT_TEXT_MAX_LENGTH = 255;
export const LISTING_URL_MAX_LENGTH = 2000;
export const LISTING_EMAIL_MAX_LENGTH = 254;
export const LISTING_ADMIN_MESSAGE_MAX_LENGTH = 10_000;
export const LISTING_CATEGORIES_MAX = 3;
export const LISTING_FEATURE_BULLETS = 3;
export const LISTING_HELPFUL_LINKS_MAX = 3;
export const LISTING_REQUIREMENTS_MAX = 3;
export const LISTING_PICTURES_MIN = 3;
export const LISTING_PICTURES_MAX = 10;
export const LISTING_VIDEOS_MAX = 5;
/** The logo is a 200×200 PNG; screenshots 720×480 to 1920×1080, between 4:3 and 16:9. */
export const LISTING_LOGO_SIZE = 200;
export const SCREENSHOT_MIN_WIDTH = 720;
export const SCREENSHOT_MIN_HEIGHT = 480;
export const SCREENSHOT_MAX_WIDTH = 1920;
export const SCREENSHOT_MAX_HEIGHT = 1080;
export const LISTING_LOGO_MAX_BYTES = 1024 * 1024;
export const LISTING_PICTURE_MAX_BYTES = 10 * 1024 * 1024;
export const LISTING_DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
export const LISTING_VIDEO_MAX_BYTES = 500 * 1024 * 1024;
/** The public marketplace list. */
export const MARKETPLACE_PER_PAGE = 24;

/** Admin lists (spec admin §9): 50 a page; the review queue and the OAuth list too. */
export const ADMIN_PER_PAGE = 50;

/** The engagement report's table of daily counts (spec admin §9: 25 days per page). */
export const METRICS_DAYS_PER_PAGE = 25;

/** API reference and changelog (spec developer-apps §9: page 1, per_page 50, debounce 500 ms, 66 px). */
export const CHANGELOG_PER_PAGE = 50;
export const CHANGELOG_SEARCH_DEBOUNCE_MS = 500;
export const CHANGELOG_SHOW_MORE_ABOVE_PX = 66;
export const CHANGELOG_SUMMARY_MAX_LENGTH = 300;
export const CHANGELOG_DESCRIPTION_MAX_LENGTH = 20_000;
/** An imported OpenAPI document's JSON text. */
export const OPENAPI_DOCUMENT_MAX_LENGTH = 2_000_000;
/** Entries in one Atom feed (newest first). */
export const CHANGELOG_FEED_ENTRIES = 50;
