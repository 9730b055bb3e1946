import { ActionIcon, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** One labelled value a payer types into their banking app, with a button that copies it. */
export function CopyValue({
  label,
  value,
  copyText = value,
  mono = false,
}: {
  label: string;
  value: string;
  /** What the clipboard gets, when it differs from what is shown (digits without "원"). */
  copyText?: string;
  mono?: boolean;
}) {
  const { t } = useTranslation('transactions');
  return (
    <Group gap="xs" justify="space-between" wrap="nowrap" align="center">
      <div style={{ minWidth: 0 }}>
        <Text fz="xs" fw={600} c="dark.6">
          {label}
        </Text>
        <Text fw={600} ff={mono ? 'monospace' : undefined} style={{ overflowWrap: 'anywhere' }}>
          {value}
        </Text>
      </div>
      <CopyButton value={copyText} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('copy.copied') : t('copy.copy')} withArrow>
            <ActionIcon
              variant={copied ? 'filled' : 'default'}
              color={copied ? 'teal' : undefined}
              size="lg"
              onClick={copy}
              aria-label={t('copy.label', { label })}
            >
              {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
