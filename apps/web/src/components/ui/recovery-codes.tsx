import { Alert, Button, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatRecoveryCode } from '@portal/contract/two-factor';
import { saveTextFile } from '@/lib/download';

const FILE_NAME = 'won-bridge-recovery-codes.txt';

/**
 * A new set of recovery codes, shown this once (only their hashes are kept): in groups of four,
 * to copy or download as a text file naming the account (`email`), and a button saying they are
 * saved, which closes. On Profile and at a staff member's first sign-in.
 */
export function RecoveryCodes({
  codes,
  email,
  onDone,
}: {
  codes: string[];
  email: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('common');
  const shown = codes.map(formatRecoveryCode);
  const list = shown.join('\n');
  const file = [
    t('twoFactor.codes.fileHeading', { email }),
    t('twoFactor.codes.fileNote'),
    '',
    list,
    '',
  ].join('\n');

  return (
    <Stack gap="md">
      <Alert
        color="yellow"
        variant="light"
        icon={<IconAlertTriangle aria-hidden />}
        title={t('twoFactor.codes.saveNow')}
      >
        {t('twoFactor.codes.lead')}
      </Alert>
      <SimpleGrid
        component="ol"
        // One code a line on a phone: two columns would break each code over two lines.
        cols={{ base: 1, xs: 2 }}
        spacing="xs"
        verticalSpacing={4}
        aria-label={t('twoFactor.codes.listLabel')}
        p="sm"
        m={0}
        bg="gray.0"
        style={{ listStyle: 'none', borderRadius: 'var(--mantine-radius-sm)' }}
      >
        {shown.map((code) => (
          <Text key={code} component="li" ff="monospace" fw={600} ta="center">
            {code}
          </Text>
        ))}
      </SimpleGrid>
      <Group gap="sm">
        <CopyButton value={list} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              leftSection={
                copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
              }
              onClick={copy}
              autoFocus
            >
              {copied ? t('twoFactor.codes.copied') : t('twoFactor.codes.copy')}
            </Button>
          )}
        </CopyButton>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => saveTextFile(FILE_NAME, file)}
        >
          {t('twoFactor.codes.download')}
        </Button>
      </Group>
      <Group justify="flex-end">
        <Button onClick={onDone}>{t('twoFactor.codes.done')}</Button>
      </Group>
    </Stack>
  );
}
