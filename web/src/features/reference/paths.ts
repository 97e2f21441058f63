/** The reference's paths (spec admin §2 Reference). */
export const REST_API_OVERVIEW = '/reference/rest/docs/rest-api-overview';
export const MANIFEST_GUIDE = '/documentation/building-apps-define-manifest';
