import { i18n } from '@/lib/i18n';

/**
 * @mantine/notifications (9 KB gzip with its transitions) loads with the first toast, not with
 * every signed-in page; the container in the app provider is lazy for the same reason.
 * Toasts keep their order: every call waits on the same import.
 */
const store = () => import('@mantine/notifications').then((module) => module.notifications);

let nextId = 0;

/** The five toast types of docs/PRODUCT.md "Errors and notices". */
export type ToastType = 'success' | 'error' | 'info' | 'warning' | 'loading';

const colors: Record<Exclude<ToastType, 'loading'>, string> = {
  success: 'teal',
  error: 'red',
  info: 'blue',
  warning: 'yellow',
};

/** The close button needs a name of its own: a bare × is unnamed for screen readers. */
function closeButtonProps() {
  return { 'aria-label': i18n.t('actions.close', { ns: 'common' }) };
}

export interface ToastInput {
  title?: string;
  message: string;
}

/**
 * Shows a toast and returns its id. A loading toast stays until `settleToast` replaces it with
 * the outcome, so a long action shows one toast that changes rather than two.
 */
export function toast(type: ToastType, { title, message }: ToastInput): string {
  nextId += 1;
  const id = `toast-${nextId}`;
  const shown =
    type === 'loading'
      ? ({ id, title, message, loading: true, autoClose: false, withCloseButton: false } as const)
      : {
          id,
          title,
          message,
          color: colors[type],
          autoClose: type === 'error' ? 8000 : 4000,
          closeButtonProps: closeButtonProps(),
        };
  void store().then((notifications) => notifications.show(shown));
  return id;
}

export function settleToast(id: string, type: Exclude<ToastType, 'loading'>, input: ToastInput) {
  const closeButton = closeButtonProps();
  void store().then((notifications) =>
    notifications.update({
      id,
      ...input,
      color: colors[type],
      loading: false,
      autoClose: 4000,
      withCloseButton: true,
      closeButtonProps: closeButton,
    }),
  );
}

/** Removes every toast, shown or waiting: a sign-out leaves nothing of the session on screen. */
export function clearToasts() {
  void store().then((notifications) => notifications.clean());
}
