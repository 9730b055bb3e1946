import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** The message a form shows above its fields when the whole request failed. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
      {message}
    </Alert>
  );
}
