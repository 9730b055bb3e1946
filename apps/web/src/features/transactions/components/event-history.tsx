import { Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  DEPOSIT_REVIEW_REASONS,
  type DepositReviewReason,
  type TransactionDetail,
} from '@portal/contract/transactions';
import { formatDateTime } from '@/lib/format';

function isReviewReason(reason: string): reason is DepositReviewReason {
  return (DEPOSIT_REVIEW_REASONS as readonly string[]).includes(reason);
}

type Event = TransactionDetail['events'][number] & {
  /** The operator's view names the person who took the step (docs/decisions/021). */
  actor?: { id: string; name: string } | null;
};

/** Who moved the transaction, when, and why: oldest first. */
export function EventHistory({ events }: { events: readonly Event[] }) {
  const { t, i18n } = useTranslation('transactions');
  // The owner reads "By you"; the operator reads whose step it was, by name when known.
  const actorOf = (event: Event) =>
    event.actor
      ? t('history.actorNamed', {
          name: event.actor.name,
          role: t(`history.role.${event.actorKind}`),
        })
      : 'actor' in event
        ? t(`history.actorOther.${event.actorKind}`)
        : t(`history.actor.${event.actorKind}`);
  if (events.length === 0) {
    return (
      <Text fz="sm" c="dark.6">
        {t('history.empty')}
      </Text>
    );
  }
  return (
    <Timeline active={events.length - 1} bulletSize={14} lineWidth={2}>
      {events.map((event, index) => {
        const reason = event.reason
          ? isReviewReason(event.reason)
            ? t(`delay.${event.reason}`)
            : event.reason
          : null;
        return (
          <Timeline.Item
            key={`${event.at}-${index}`}
            title={
              event.from
                ? t('history.moved', {
                    from: t(`status.${event.from}`),
                    to: t(`status.${event.to}`),
                  })
                : t('history.created', { to: t(`status.${event.to}`) })
            }
          >
            <Text fz="sm" c="dark.7">
              {actorOf(event)} ·{' '}
              <time dateTime={event.at}>{formatDateTime(event.at, i18n.language)}</time>
            </Text>
            {reason ? (
              <Text fz="sm" mt={2}>
                {t('history.reason', { reason })}
              </Text>
            ) : null}
            {event.note ? (
              <Text fz="sm" c="dark.6" mt={2} style={{ overflowWrap: 'anywhere' }}>
                {event.note}
              </Text>
            ) : null}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
