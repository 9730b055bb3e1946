import { notifications } from '@mantine/notifications';
import { i18n } from './i18n';

/** The five toast types of spec section 8. */
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
  if (type === 'loading') {
    return notifications.show({
      title,
      message,
      loading: true,
      autoClose: false,
      withCloseButton: false,
    });
  }
  return notifications.show({
    title,
    message,
    color: colors[type],
    autoClose: type === 'error' ? 8000 : 4000,
    closeButtonProps: closeButtonProps(),
  });
}

export function settleToast(id: string, type: Exclude<ToastType, 'loading'>, input: ToastInput) {
  notifications.update({
    id,
    ...input,
    color: colors[type],
    loading: false,
    autoClose: 4000,
    withCloseButton: true,
    closeButtonProps: closeButtonProps(),
  });
}
