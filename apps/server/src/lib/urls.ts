import { API_BASE_PATH } from '@portal/contract/http';

/** The path of a request URL, without its query string. */
export function pathOf(url: string): string {
  const end = url.indexOf('?');
  return end === -1 ? url : url.slice(0, end);
}

/** Whether a path belongs to the API (docs/PRODUCT.md "Calls": everything under /api). */
export function isApiPath(path: string): boolean {
  return path === API_BASE_PATH || path.startsWith(`${API_BASE_PATH}/`);
}

/** A path as quoted back in messages: long ones are cut, so a request cannot fill a reply or a
 * log line with text of its choosing. */
export function shortened(path: string, max = 100): string {
  return path.length <= max ? path : `${path.slice(0, max)}…`;
}
