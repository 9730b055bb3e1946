import type { ErrorCode } from '@portal/contract/errors';
import type { WebhookRejectionReason } from '@server/lib/metrics';
import { toErrorResponse } from '@server/plugins/app/error-handler';

/** Each error code the webhook answers, by the reason it is counted under (lib/metrics.ts). */
const REASON_BY_CODE: Readonly<Record<string, WebhookRejectionReason>> = {
  WEBHOOK_SIGNATURE_INVALID: 'signature_invalid',
  WEBHOOK_TIMESTAMP_STALE: 'timestamp_stale',
  WEBHOOK_REPLAYED: 'replayed',
  BAD_REQUEST: 'malformed',
  VALIDATION_FAILED: 'malformed',
  PAYLOAD_TOO_LARGE: 'malformed',
  UNSUPPORTED_MEDIA_TYPE: 'malformed',
  DEPOSIT_REFERENCE_CONFLICT: 'reference_conflict',
  SERVICE_UNAVAILABLE: 'unavailable',
  RATE_LIMITED: 'rate_limited',
} satisfies Partial<Record<ErrorCode, WebhookRejectionReason>>;

/** Why the webhook refused a delivery, from the code its answer carries (one error shape). */
export function webhookRejectionReason(error: unknown): WebhookRejectionReason {
  return REASON_BY_CODE[toErrorResponse(error).body.error.code] ?? 'other';
}
