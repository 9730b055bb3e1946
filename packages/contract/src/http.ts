/**
 * Wire conventions shared by the web client and the server (docs/PRODUCT.md "Calls").
 */
export const API_BASE_PATH = '/api';

/** Anti-forgery: the server sets this readable cookie; the client echoes it in the header. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/**
 * The "role header" of docs/PRODUCT.md "Calls". It names the deployment the browser build was made for,
 * not the signed-in user's role: a browser build for one deployment cannot call another's API.
 */
export const DEPLOYMENT_ROLE_HEADER = 'X-Role';
export const DEFAULT_DEPLOYMENT_ROLE = 'production';
