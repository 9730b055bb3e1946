import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '@server/lib/errors';
import { PROCESSING_TIMEOUT_SECONDS, type ImageProcessing } from './file-content';

/** Uploads one person may have in flight at once, identity documents and name changes together. */
export const UPLOADS_PER_PERSON_AT_ONCE = 2;
/** Uploads that may wait for one of the instance's image slots; one more is refused at once. */
const UPLOADS_WAITING_AT_MOST = 8;
/** How long an upload waits for an image slot before it is refused. */
const IMAGE_SLOT_WAIT_MS = 10_000;
/** What a busy answer asks the client to wait before sending the file again (Retry-After). */
const BUSY_RETRY_AFTER_SECONDS = 5;

export interface UploadLimits {
  perPerson: number;
  /** Images this instance decodes and re-encodes at once (IMAGE_UPLOADS_AT_ONCE). */
  imagesAtOnce: number;
  waitingAtMost: number;
  waitMs: number;
}

interface Waiter {
  /** Hands the waiter a slot that another upload has just released. */
  start(): void;
}

function busy(): AppError {
  return new AppError('UPLOADS_BUSY', undefined, { retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS });
}

/**
 * How many identity uploads run at once (docs/SECURITY.md "Image uploads: decompression bombs
 * and uploads in flight"). Decoding an image costs memory and a core for up to seconds, so:
 *
 * - one person has at most `perPerson` uploads in flight, from before the body is read until
 *   the answer; one more is refused at once with 429 UPLOADS_BUSY and Retry-After. Their own
 *   uploads are what they wait for, so there is nothing to queue.
 * - the instance decodes at most `imagesAtOnce` images; the next ones wait in order, at most
 *   `waitingAtMost` of them for at most `waitMs`, then are refused the same way. Only decoding
 *   holds a slot, never reading a body, so slow senders cannot keep others waiting.
 *
 * Every slot is taken and given back in one try/finally: success, refusal, error and a client
 * gone all release it. A client that leaves while its image decodes keeps its slots until
 * libvips is done (or its timeout), because the memory and the core are in use until then; one
 * that leaves while waiting leaves the queue.
 *
 * Counts live in this process, like the rate limits: each instance bounds its own memory.
 */
export class UploadsInFlight {
  /** Seconds before libvips gives up on one image; tests may lower it. */
  timeoutSeconds = PROCESSING_TIMEOUT_SECONDS;
  private readonly byPerson = new Map<string, number>();
  private imagesRunning = 0;
  private readonly waiting: Waiter[] = [];

  constructor(private readonly limits: UploadLimits) {}

  /** Runs one upload of `personId`, or refuses it when they already have enough in flight. */
  async forPerson<T>(personId: string, work: () => Promise<T>): Promise<T> {
    const running = this.byPerson.get(personId) ?? 0;
    if (running >= this.limits.perPerson) throw busy();
    this.byPerson.set(personId, running + 1);
    try {
      return await work();
    } finally {
      const left = (this.byPerson.get(personId) ?? 1) - 1;
      if (left > 0) this.byPerson.set(personId, left);
      else this.byPerson.delete(personId);
    }
  }

  /** How prepareUpload decodes an image for a request: in a slot, within the time limit. */
  imageProcessing(signal?: AbortSignal): ImageProcessing {
    return {
      inSlot: (work) => this.inImageSlot(work, signal),
      timeoutSeconds: this.timeoutSeconds,
    };
  }

  /** What is in flight now: uploads of people, images decoding, uploads waiting for a slot. */
  inFlight(): { uploads: number; images: number; waiting: number } {
    let uploads = 0;
    for (const count of this.byPerson.values()) uploads += count;
    return { uploads, images: this.imagesRunning, waiting: this.waiting.length };
  }

  private async inImageSlot<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.takeImageSlot(signal);
    try {
      return await work();
    } finally {
      this.releaseImageSlot();
    }
  }

  private takeImageSlot(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.imagesRunning < this.limits.imagesAtOnce) {
      this.imagesRunning += 1;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.limits.waitingAtMost) return Promise.reject(busy());
    return new Promise<void>((resolve, reject) => {
      const stopWaiting = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const waiter: Waiter = {
        start: () => {
          stopWaiting();
          resolve();
        },
      };
      const leave = (reason: unknown) => {
        const index = this.waiting.indexOf(waiter);
        if (index !== -1) this.waiting.splice(index, 1);
        stopWaiting();
        reject(reason);
      };
      const onAbort = () => leave(signal?.reason);
      const timer = setTimeout(() => leave(busy()), this.limits.waitMs);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  private releaseImageSlot(): void {
    const next = this.waiting.shift();
    // The slot passes straight to the first waiter, so the count stays.
    if (next) next.start();
    else this.imagesRunning -= 1;
  }
}

/**
 * Aborts when the client goes away before its answer is sent. (Fastify's `request.signal`
 * follows the request stream, which closes as soon as the body has been read.)
 */
export function clientGoneSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) {
      controller.abort(
        new AppError('BAD_REQUEST', 'The connection closed before the upload was processed.'),
      );
    }
  });
  return controller.signal;
}

declare module 'fastify' {
  interface FastifyInstance {
    identityUploads: UploadsInFlight;
  }
}

/** One count of uploads in flight for the instance, shared by the KYC and name-change routes. */
export default fp(
  async (app) => {
    app.decorate(
      'identityUploads',
      new UploadsInFlight({
        perPerson: UPLOADS_PER_PERSON_AT_ONCE,
        imagesAtOnce: app.config.imageUploadsAtOnce,
        waitingAtMost: UPLOADS_WAITING_AT_MOST,
        waitMs: IMAGE_SLOT_WAIT_MS,
      }),
    );
  },
  { name: 'identity-uploads' },
);
