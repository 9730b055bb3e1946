import { Alert, Button, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { groupDigits } from '@portal/contract/decimal';
import { errorMessage } from '@/lib/form-errors';
import { useAuditChain } from '@/features/audit-log/api/audit-chain';

/**
 * Checks, on demand, that the audit trail is the chain the database wrote (docs/decisions/020),
 * and shows its head: the last number and hash, worth noting down elsewhere, since only a head
 * noted earlier shows rows removed from the very end.
 */
export function ChainCheck() {
  const { t } = useTranslation(['auditLog', 'errors']);
  const chain = useAuditChain();
  const report = chain.data;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="audit-chain-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <div>
            <Text id="audit-chain-title" fw={700}>
              {t('chain.title')}
            </Text>
            <Text fz="sm" c="dark.6">
              {t('chain.lead')}
            </Text>
          </div>
          <Button
            variant="default"
            leftSection={<IconShieldCheck size={16} aria-hidden />}
            loading={chain.isFetching}
            onClick={() => void chain.refetch()}
          >
            {t('chain.verify')}
          </Button>
        </Group>
        <div aria-live="polite">
          {chain.isError ? (
            <Alert color="red" role="alert">
              {errorMessage(t, chain.error)}
            </Alert>
          ) : null}
          {report && !chain.isFetching ? (
            <Alert
              color={report.intact ? 'teal' : 'red'}
              variant="light"
              role={report.intact ? 'status' : 'alert'}
              title={report.intact ? t('chain.intact') : t('chain.broken')}
            >
              <Stack gap={4}>
                <Text fz="sm">
                  {report.firstBroken
                    ? t(`chain.reason.${report.firstBroken.reason}`, {
                        seq: groupDigits(String(report.firstBroken.seq)),
                      })
                    : t('chain.rows', {
                        count: report.rows,
                        rows: groupDigits(String(report.rows)),
                      })}
                </Text>
                {report.head ? (
                  <Text fz="sm">
                    {t('chain.head', { seq: groupDigits(String(report.head.seq)) })}{' '}
                    <Code style={{ overflowWrap: 'anywhere' }}>{report.head.hash}</Code>
                  </Text>
                ) : null}
              </Stack>
            </Alert>
          ) : null}
        </div>
      </Stack>
    </Paper>
  );
}
