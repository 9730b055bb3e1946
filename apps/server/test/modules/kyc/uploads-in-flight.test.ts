import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '@server/lib/errors';
import { UploadsInFlight, type UploadLimits } from '@server/modules/kyc/uploads-in-flight';

/** Work that runs until the test lets it finish (or fail). */
function heldWork() {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  let started = false;
  const done = new Promise<string>((resolve, reject) => {
    finish = () => resolve('done');
    fail = reject;
  });
  return {
    run: () => {
      started = true;
      return done;
    },
    finish,
    fail,
    get started() {
      return started;
    },
  };
}

const limits = (more: Partial<UploadLimits> = {}): UploadLimits => ({
  perPerson: 2,
  imagesAtOnce: 1,
  waitingAtMost: 1,
  waitMs: 10_000,
  ...more,
});

async function busyAnswer(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  expect([appError.code, appError.status, appError.retryAfterSeconds]).toEqual([
    'UPLOADS_BUSY',
    429,
    5,
  ]);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('uploads a person has in flight', () => {
  it('refuses one more than the limit at once, not someone else’s, and gives slots back', async () => {
    const uploads = new UploadsInFlight(limits());
    const first = heldWork();
    const second = heldWork();
    const running = [
      uploads.forPerson('ana', first.run),
      uploads.forPerson('ana', second.run).catch((error: unknown) => error),
    ];
    await busyAnswer(uploads.forPerson('ana', () => Promise.resolve('third')));
    expect(await uploads.forPerson('bo', () => Promise.resolve('bo’s'))).toBe('bo’s');
    expect(uploads.inFlight().uploads).toBe(2);

    // A success and a failure both give their slot back.
    first.finish();
    second.fail(new Error('disk full'));
    await Promise.all(running);
    expect(uploads.inFlight()).toEqual({ uploads: 0, images: 0, waiting: 0 });
    expect(await uploads.forPerson('ana', () => Promise.resolve('later'))).toBe('later');
  });
});

describe('images the instance decodes at once', () => {
  it('runs them in turn: one waits, one more is refused at once', async () => {
    const uploads = new UploadsInFlight(limits());
    const first = heldWork();
    const second = heldWork();
    const one = uploads.imageProcessing().inSlot(first.run);
    const two = uploads.imageProcessing().inSlot(second.run);
    await busyAnswer(uploads.imageProcessing().inSlot(() => Promise.resolve('third')));
    expect(uploads.inFlight()).toEqual({ uploads: 0, images: 1, waiting: 1 });
    expect([first.started, second.started]).toEqual([true, false]);

    // A failed decoding hands its slot to the next in line.
    first.fail(new Error('not an image'));
    await expect(one).rejects.toThrow('not an image');
    await vi.waitFor(() => expect(second.started).toBe(true));
    expect(uploads.inFlight()).toEqual({ uploads: 0, images: 1, waiting: 0 });
    second.finish();
    expect(await two).toBe('done');
    expect(uploads.inFlight()).toEqual({ uploads: 0, images: 0, waiting: 0 });
  });

  it('refuses a waiting upload once it has waited its time', async () => {
    vi.useFakeTimers();
    const uploads = new UploadsInFlight(limits({ waitMs: 10_000 }));
    const first = heldWork();
    const one = uploads.imageProcessing().inSlot(first.run);
    const waiting = uploads.imageProcessing().inSlot(() => Promise.resolve('late'));
    const answer = busyAnswer(waiting);
    await vi.advanceTimersByTimeAsync(10_000);
    await answer;
    expect(uploads.inFlight()).toEqual({ uploads: 0, images: 1, waiting: 0 });
    first.finish();
    await one;
    expect(uploads.inFlight()).toEqual({ uploads: 0, images: 0, waiting: 0 });
  });

  it('lets a client that left stop waiting, and one that left before never waits', async () => {
    const uploads = new UploadsInFlight(limits());
    const first = heldWork();
    const one = uploads.imageProcessing().inSlot(first.run);
    const gone = new AbortController();
    const leftWork = vi.fn(() => Promise.resolve('never'));
    const left = uploads.imageProcessing(gone.signal).inSlot(leftWork);
    expect(uploads.inFlight().waiting).toBe(1);
    gone.abort(new Error('client gone'));
    await expect(left).rejects.toThrow('client gone');
    expect(uploads.inFlight()).toEqual({ uploads: 0, images: 1, waiting: 0 });
    await expect(uploads.imageProcessing(gone.signal).inSlot(leftWork)).rejects.toThrow(
      'client gone',
    );

    first.finish();
    await one;
    expect(leftWork).not.toHaveBeenCalled();
    expect(uploads.inFlight()).toEqual({ uploads: 0, images: 0, waiting: 0 });
  });

  it('passes the processing time limit on to the decoding', () => {
    const uploads = new UploadsInFlight(limits());
    expect(uploads.imageProcessing().timeoutSeconds).toBe(20);
    uploads.timeoutSeconds = 1;
    expect(uploads.imageProcessing().timeoutSeconds).toBe(1);
  });
});
