import { Alert, Anchor, Loader, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconAlertCircle,
  IconBuildingBank,
  IconCash,
  IconShoppingCart,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/form-errors';
import { useOperatorWork, type OperatorWork } from '@/features/dashboard/api/get-operator-work';
import { UpdateNote } from '@/features/dashboard/components/update-note';

interface WorkCard {
  key: 'payouts' | 'buys' | 'deposits';
  icon: Icon;
  count: (work: OperatorWork) => number;
  detail?: (work: OperatorWork) => Record<string, number>;
  to: string;
}

const CARDS: readonly WorkCard[] = [
  {
    key: 'payouts',
    icon: IconCash,
    count: (work) => work.sellsRequested + work.sellsPending,
    detail: (work) => ({ requested: work.sellsRequested, pending: work.sellsPending }),
    to: `${paths.app.operatorTransactions}?queue=payouts`,
  },
  {
    key: 'buys',
    icon: IconShoppingCart,
    count: (work) => work.buysPending + work.creditsFailed,
    detail: (work) => ({ pending: work.buysPending, failed: work.creditsFailed }),
    to: `${paths.app.operatorTransactions}?queue=buys`,
  },
  {
    key: 'deposits',
    icon: IconBuildingBank,
    count: (work) => work.depositsInReview,
    to: `${paths.app.depositsAdmin}?status=review`,
  },
];

/** The operator's dashboard: how much work waits, each count leading to its screen. */
export function OperatorWorkSummary() {
  const { t } = useTranslation(['dashboard', 'errors']);
  const work = useOperatorWork();
  if (work.isPending) {
    return <Loader aria-label={t('dashboard:operator.loading')} />;
  }
  if (work.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
        {errorMessage(t, work.error)}
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      <UpdateNote updatedAt={work.dataUpdatedAt || undefined} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {CARDS.map((card) => {
          const CardIcon = card.icon;
          const count = card.count(work.data);
          const titleId = `operator-work-${card.key}`;
          return (
            <Paper
              key={card.key}
              withBorder
              radius="md"
              p="lg"
              component="section"
              aria-labelledby={titleId}
            >
              <Stack gap="xs">
                <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
                  <CardIcon size={20} />
                </ThemeIcon>
                <Text id={titleId} fw={700}>
                  {t(`dashboard:operator.${card.key}.title`)}
                </Text>
                <Text
                  fz={32}
                  fw={800}
                  lh={1}
                  aria-label={t('dashboard:operator.count', { number: count })}
                >
                  {count}
                </Text>
                <Text fz="sm" c="dark.6">
                  {card.detail
                    ? t(`dashboard:operator.${card.key}.detail`, card.detail(work.data))
                    : t(`dashboard:operator.${card.key}.detail`)}
                </Text>
                <Anchor component={Link} to={card.to} fw={600}>
                  {t(`dashboard:operator.${card.key}.link`)}
                </Anchor>
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
