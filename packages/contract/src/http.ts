/**
 * Wire conventions shared by the web client and the server (docs/PRODUCT.md "Calls").
 */
export const API_BASE_PATH = '/api';

/** Anti-forgery: the server sets this readable cookie; the client echoes it in the header. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/**
 * What the portal's cookie names start with when cookies are Secure (HTTPS): the browser then
 * takes such a cookie only from this very host, over HTTPS, with Path=/ and no Domain, so a
 * sibling subdomain cannot plant or overwrite it (docs/SECURITY.md).
 */
export const HOST_COOKIE_PREFIX = '__Host-';

/**
 * The "role header" of docs/PRODUCT.md "Calls". It names the deployment the browser build was made for,
 * not the signed-in user's role: a browser build for one deployment cannot call another's API.
 */
export const DEPLOYMENT_ROLE_HEADER = 'X-Role';
export const DEFAULT_DEPLOYMENT_ROLE = 'production';
