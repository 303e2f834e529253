/** Every API route lives under this prefix; the rest of the paths belong to the web app. */
export const API_PREFIX = '/api';

/** The OpenAPI document and its UI. */
export const DOCS_PREFIX = `${API_PREFIX}/docs`;
