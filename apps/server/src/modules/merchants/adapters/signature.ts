import { createHash, createHmac } from 'node:crypto';

/**
 * The merchant API's request signature (docs/merchant-api.openapi.yaml, "Signing"): hex
 * HMAC-SHA256 with the merchant's secret over
 *
 *   `${timestamp}\n${METHOD}\n${path}\n${sha256hex(body)}`
 *
 * where timestamp is unix seconds (also sent in X-Portal-Timestamp), path is the request target as
 * sent (path and query), and body the exact bytes sent (empty for GET).
 */
export function signMerchantRequest(
  secret: string,
  request: { timestamp: string; method: string; path: string; body: string },
): string {
  const bodyHash = createHash('sha256').update(request.body, 'utf8').digest('hex');
  const payload = `${request.timestamp}\n${request.method.toUpperCase()}\n${request.path}\n${bodyHash}`;
  return createHmac('sha256', secret).update(payload, 'utf8').digest('hex');
}
