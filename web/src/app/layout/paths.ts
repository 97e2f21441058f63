/** The Rest API reference page, linked from the Reference menu and the home page. */
export const REST_API_PATH = '/reference/rest/docs/rest-api-overview';
