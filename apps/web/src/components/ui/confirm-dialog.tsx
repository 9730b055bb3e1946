import { Button, Group, Modal, Text, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { koreanLineBreaks } from '@/components/layouts/korean-line-breaks';

/**
 * Asks before something that cannot be undone; the safe choice has the focus. Its label is
 * "Cancel" unless `dismissLabel` says otherwise: where the action itself cancels something,
 * two buttons both saying "cancel" would leave the user guessing which one keeps it.
 */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  dismissLabel,
  confirmColor = 'red',
  loading = false,
  onConfirm,
  onClose,
  children,
}: {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  dismissLabel?: string;
  /** Red by default: most confirmations guard something that cannot be undone. */
  confirmColor?: MantineColor;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** What the confirmation is about in detail (old -> new), below the message. */
  children?: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      styles={{ content: koreanLineBreaks, title: { fontWeight: 700 } }}
    >
      <Text fz="sm" c="dark.7">
        {message}
      </Text>
      {children}
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={onClose} data-autofocus>
          {dismissLabel ?? t('actions.cancel')}
        </Button>
        <Button color={confirmColor} onClick={onConfirm} loading={loading}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
