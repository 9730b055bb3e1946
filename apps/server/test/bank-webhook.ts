import type { App } from '@server/lib/zod-routes';
import { signBankNotification } from '@server/modules/deposits/webhook-signature';

/**
 * POSTs a body to the bank deposit webhook as the bank sends it: JSON, with its timestamp and a
 * signature over the exact bytes (decision 008). Each call with another timestamp is signed anew,
 * so it is a new delivery, not a replay.
 */
export function deliverToWebhook(
  app: App,
  secret: string,
  body: unknown,
  timestamp = Math.floor(Date.now() / 1000),
) {
  const raw = JSON.stringify(body);
  return app.inject({
    method: 'POST',
    url: '/api/bank/deposits',
    headers: {
      'content-type': 'application/json',
      'x-bank-timestamp': String(timestamp),
      'x-bank-signature': signBankNotification(secret, timestamp, raw),
    },
    payload: raw,
  });
}
