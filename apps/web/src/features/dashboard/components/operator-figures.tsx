import { SimpleGrid, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { groupDigits } from '@portal/contract/decimal';
import type { OperatorFigures } from '@portal/contract/operator-workbench';
import { FigureCard } from '@/components/ui/figure-card';
import { useOperatorFigures } from '@/features/dashboard/api/get-operator-figures';

/** "26 November 2026" / "2026년 11월 26일": Korea's day the figures are of. */
function dayLabel(day: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'ko' ? 'ko-KR' : 'en-GB', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

const FIGURES = ['buys', 'sells', 'completed', 'deposits'] as const;

function valueOf(figures: OperatorFigures, key: (typeof FIGURES)[number]) {
  switch (key) {
    case 'buys':
      return { won: figures.buys.totalKrw, count: figures.buys.count };
    case 'sells':
      return { won: figures.sells.totalKrw, count: figures.sells.count };
    case 'completed':
      return { won: figures.completedKrw, count: null };
    case 'deposits':
      return { won: figures.depositsReceived.totalKrw, count: figures.depositsReceived.count };
  }
}

/**
 * Today's figures in Korea's day (docs/decisions/021): buys and sells asked for (not cancelled),
 * won completed, deposits received. Nothing shows until they arrive; the work cards below say
 * what waits.
 */
export function OperatorFiguresToday() {
  const { t, i18n } = useTranslation('dashboard');
  const figures = useOperatorFigures();
  if (!figures.data) return null;
  const data = figures.data;
  return (
    <Stack gap="sm" component="section" aria-labelledby="operator-figures-title">
      <Title order={2} fz="h3" id="operator-figures-title">
        {t('figures.title', { day: dayLabel(data.day, i18n.language) })}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        {FIGURES.map((key) => {
          const { won, count } = valueOf(data, key);
          return (
            <FigureCard
              key={key}
              id={`operator-figure-${key}`}
              title={t(`figures.${key}.title`)}
              value={t('figures.krw', { amount: groupDigits(won) })}
              detail={
                count === null ? t(`figures.${key}.detail`) : t(`figures.${key}.detail`, { count })
              }
            />
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
