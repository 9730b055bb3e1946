import { Alert, Loader, SimpleGrid, Stack } from '@mantine/core';
import {
  IconAlertCircle,
  IconBuildingBank,
  IconCash,
  IconChecklist,
  IconShoppingCart,
  type Icon,
} from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { FigureCard } from '@/components/ui/figure-card';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/form-errors';
import { useOperatorWork, type OperatorWork } from '@/features/dashboard/api/get-operator-work';
import { useOperatorFigures } from '@/features/dashboard/api/get-operator-figures';
import { OperatorFiguresToday } from '@/features/dashboard/components/operator-figures';
import { UpdateNote } from '@/features/dashboard/components/update-note';

const VolumeChart = lazy(() =>
  import('@/features/dashboard/components/volume-chart').then((module) => ({
    default: module.VolumeChart,
  })),
);

interface WorkCard {
  key: 'payouts' | 'buys' | 'deposits' | 'approvals';
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

/** What waits for a second operator (docs/decisions/017), from today's figures. */
const APPROVALS_CARD: WorkCard = {
  key: 'approvals',
  icon: IconChecklist,
  count: () => 0,
  to: paths.app.approvals,
};

/** The operator's dashboard: how much work waits, each count leading to its screen. */
export function OperatorWorkSummary() {
  const { t } = useTranslation(['dashboard', 'errors']);
  const work = useOperatorWork();
  const approvalsWaiting = useOperatorFigures().data?.approvalsWaiting;
  // Shown once today's figures have arrived with the count.
  const cards =
    approvalsWaiting === undefined
      ? CARDS
      : [...CARDS, { ...APPROVALS_CARD, count: () => approvalsWaiting }];
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
      <OperatorFiguresToday />
      {/* The chart library comes only with this screen, and only for operators. */}
      <Suspense fallback={<Loader aria-label={t('dashboard:volume.loading')} />}>
        <VolumeChart />
      </Suspense>
      <SimpleGrid cols={{ base: 1, sm: 2, md: cards.length }} spacing="lg">
        {cards.map((card) => {
          const count = card.count(work.data);
          return (
            <FigureCard
              key={card.key}
              id={`operator-work-${card.key}`}
              icon={card.icon}
              title={t(`dashboard:operator.${card.key}.title`)}
              value={String(count)}
              valueLabel={t('dashboard:operator.count', { number: count })}
              detail={
                card.detail
                  ? t(`dashboard:operator.${card.key}.detail`, card.detail(work.data))
                  : t(`dashboard:operator.${card.key}.detail`)
              }
              link={{ to: card.to, label: t(`dashboard:operator.${card.key}.link`) }}
            />
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
