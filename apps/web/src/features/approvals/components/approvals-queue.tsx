import { useState } from 'react';
import { Group, Paper, Select, Stack, Tabs, Text } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  APPROVAL_KINDS,
  APPROVAL_VIEWS,
  approvalListQuerySchema,
  type ApprovalKind,
} from '@portal/contract/approvals';
import { ListState } from '@/components/ui/list-state';
import { PageButtons, transactionListPageLabel } from '@/components/ui/page-buttons';
import { useListState } from '@/lib/use-list-state';
import { useApprovals } from '@/features/approvals/api/approvals';
import { ApprovalDialogs, type Asked } from '@/features/approvals/components/approval-dialogs';
import { ApprovalList } from '@/features/approvals/components/approval-list';

const PAGE_SIZE = 20;

type ApprovalView = (typeof APPROVAL_VIEWS)[number];

/** What the queue shows, in the address: ?view=decided&kind=rate_change&page=2 */
const approvalsListState = approvalListQuerySchema.pick({ view: true, kind: true, page: true });

const isView = (value: string | null): value is ApprovalView =>
  (APPROVAL_VIEWS as readonly (string | null)[]).includes(value);

/**
 * The approvals queue (docs/decisions/017): pending oldest first with how long each waited, and
 * decided newest first; a kind narrows it. Approve asks first and shows the change; Reject needs
 * a reason the maker reads; the maker sees their own without Approve and may Withdraw them.
 */
export function ApprovalsQueue() {
  const { t } = useTranslation(['approvals', 'common', 'transactionList']);
  const view = useListState(approvalsListState);
  const { view: tab, kind, page } = view.query;
  const query = useApprovals({ view: tab, kind, page, pageSize: PAGE_SIZE });
  const [asked, setAsked] = useState<Asked | null>(null);
  const items = query.data?.items ?? [];
  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / query.data.pageSize)) : 1;

  return (
    <Stack gap="md">
      <Tabs
        value={tab}
        onChange={(value) => {
          if (isView(value)) view.change({ view: value });
        }}
      >
        <Tabs.List aria-label={t('tabs.label')}>
          {APPROVAL_VIEWS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Group gap="sm" align="flex-end" justify="space-between" wrap="wrap">
        <Select
          label={t('filters.kind')}
          w={{ base: '100%', xs: 260 }}
          allowDeselect={false}
          value={kind ?? ''}
          onChange={(value) => view.change({ kind: (value || undefined) as ApprovalKind })}
          data={[
            { value: '', label: t('filters.any') },
            ...APPROVAL_KINDS.map((value) => ({
              value,
              label: t(`common:approvals.kinds.${value}`),
            })),
          ]}
        />
        {query.data ? (
          <Text fz="sm" c="dark.6" aria-live="polite">
            {t('count', { count: query.data.total })}
          </Text>
        ) : null}
      </Group>
      <Paper withBorder radius="md">
        <ListState
          query={query}
          isEmpty={items.length === 0}
          empty={{ icon: IconChecklist, title: t(`empty.${tab}`) }}
          loadingLabel={t('loading')}
          retryLabel={t('retry')}
        >
          <ApprovalList
            items={items}
            label={t('tableLabel', { view: t(`tabs.${tab}`) })}
            onAsk={setAsked}
          />
        </ListState>
      </Paper>
      <PageButtons
        pages={pages}
        page={page}
        onChange={(next) => view.change({ page: next })}
        controlLabel={transactionListPageLabel(t)}
      />
      <ApprovalDialogs asked={asked} onClose={() => setAsked(null)} />
    </Stack>
  );
}
