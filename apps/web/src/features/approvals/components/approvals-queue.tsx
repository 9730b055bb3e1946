import { useState } from 'react';
import { Paper, Stack, Tabs } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { APPROVAL_VIEWS, approvalListQuerySchema } from '@portal/contract/approvals';
import { ListState } from '@/components/ui/list-state';
import { PageButtons, transactionListPageLabel } from '@/components/ui/page-buttons';
import { useListSearch, useListState } from '@/lib/use-list-state';
import { useApprovals } from '@/features/approvals/api/approvals';
import { ApprovalDialogs, type Asked } from '@/features/approvals/components/approval-dialogs';
import { ApprovalFilters } from '@/features/approvals/components/approval-filters';
import { ApprovalList } from '@/features/approvals/components/approval-list';

const PAGE_SIZE = 20;

type ApprovalView = (typeof APPROVAL_VIEWS)[number];

/**
 * What the queue shows, in the address:
 * ?view=decided&kind=rate_change&q=홍&from=2026-11-01&to=2026-11-26&sort=oldest&page=2
 */
const approvalsListState = approvalListQuerySchema.pick({
  view: true,
  kind: true,
  q: true,
  from: true,
  to: true,
  sort: true,
  page: true,
});

const isView = (value: string | null): value is ApprovalView =>
  (APPROVAL_VIEWS as readonly (string | null)[]).includes(value);

/**
 * The approvals queue (docs/decisions/017): pending oldest first with how long each waited, and
 * decided newest first; a kind, a search, Korea days and an order narrow it, and the CSV and
 * Excel exports take exactly what is shown, every page (docs/decisions/021). Approve asks first and shows the change; Reject needs
 * a reason the maker reads; the maker sees their own without Approve and may Withdraw them.
 */
export function ApprovalsQueue() {
  const { t } = useTranslation(['approvals', 'common', 'transactionList']);
  const view = useListState(approvalsListState);
  const search = useListSearch(view);
  const { view: tab, kind, q, from, to, sort, page } = view.query;
  const query = useApprovals({ view: tab, kind, q, from, to, sort, page, pageSize: PAGE_SIZE });
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
      <ApprovalFilters
        view={{ view: tab, kind, q, from, to, sort }}
        search={search}
        total={query.data?.total}
        onChange={(patch) => view.change(patch)}
        onReset={() =>
          view.change({
            kind: undefined,
            q: undefined,
            from: undefined,
            to: undefined,
            sort: undefined,
          })
        }
      />
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
