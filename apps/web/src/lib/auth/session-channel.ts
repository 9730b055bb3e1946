/**
 * Tells the other tabs of this browser that the session changed (docs/decisions/016): the
 * session cookie is the browser's, not the tab's, so a sign-out in one tab has ended it in all
 * of them, and a sign-in in one has put its user behind every other tab's next call.
 *
 * BroadcastChannel where the browser has it; otherwise a localStorage write, which fires the
 * `storage` event in every other tab of the same origin. A tab never hears its own messages.
 */
export type SessionMessage = { type: 'signed-out' } | { type: 'signed-in'; userId: string };

const CHANNEL = 'wonbridge-session';
const STORAGE_KEY = 'wonbridge.session';

function isSessionMessage(value: unknown): value is SessionMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as { type?: unknown; userId?: unknown };
  return (
    message.type === 'signed-out' ||
    (message.type === 'signed-in' && typeof message.userId === 'string')
  );
}

let channel: BroadcastChannel | null | undefined;
function openChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
  }
  return channel;
}

export function announceSession(message: SessionMessage): void {
  const open = openChannel();
  if (open) {
    open.postMessage(message);
    return;
  }
  try {
    // A fresh value each time, so the same message twice still fires the event.
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...message, at: Date.now() }));
  } catch {
    // Storage refused (private mode, quota): the other tabs find out at their next call.
  }
}

/** Calls `listener` for each message another tab sends; returns the unsubscribe. */
export function onSessionMessage(listener: (message: SessionMessage) => void): () => void {
  const open = openChannel();
  if (open) {
    const receive = (event: MessageEvent) => {
      if (isSessionMessage(event.data)) listener(event.data);
    };
    open.addEventListener('message', receive);
    return () => open.removeEventListener('message', receive);
  }
  const receive = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY || event.newValue === null) return;
    try {
      const message: unknown = JSON.parse(event.newValue);
      if (isSessionMessage(message)) listener(message);
    } catch {
      // Not ours to read.
    }
  };
  window.addEventListener('storage', receive);
  return () => window.removeEventListener('storage', receive);
}
