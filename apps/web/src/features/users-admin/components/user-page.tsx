import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconId, IconUserQuestion } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { koreanBankName } from '@portal/contract/korean-banks';
import type { OperatorUserPage } from '@portal/contract/operator-workbench';
import { KycStatusBadge } from '@/components/ui/kyc-status-badge';
import { ListState } from '@/components/ui/list-state';
import { ResponsiveList } from '@/components/ui/responsive-list';
import { ScreenHeader } from '@/components/ui/screen-header';
import { paths } from '@/config/paths';
import { apiErrorOf } from '@/lib/api-error';
import { formatKoreaDateTime } from '@/lib/format';
import { useUser } from '@/lib/user/user-context';
import { useOperatorUser } from '@/features/users-admin/api/get-operator-user';
import { Fact, Part } from '@/features/users-admin/components/user-page-parts';
import {
  UserAccounts,
  UserSessions,
  UserTransactions,
} from '@/features/users-admin/components/user-page-lists';

const wrap = { overflowWrap: 'anywhere' } as const;

/**
 * The operator's page of one user (docs/decisions/021): who they are, their identity check with
 * each document's review, merchant accounts, payee, latest transactions and signed-in sessions.
 * Read-only but for signing the user out everywhere: role and status change from Users,
 * documents are reviewed in Identity review.
 */
export function UserPage({ id }: { id: string }) {
  const { t } = useTranslation('usersAdmin');
  const page = useOperatorUser(id);
  const back = (
    <Anchor component={Link} to={paths.app.usersAdmin} fz="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden />
        {t('page.back')}
      </Group>
    </Anchor>
  );
  if (!page.data) {
    const notFound = apiErrorOf(page.error)?.code === 'NOT_FOUND';
    return (
      <>
        <ScreenHeader title={t('page.title')}>{back}</ScreenHeader>
        <Paper withBorder radius="md">
          <ListState
            query={notFound ? { isPending: false, isError: false, error: null } : page}
            isEmpty={notFound}
            empty={{ icon: IconUserQuestion, title: t('page.notFound') }}
            loadingLabel={t('page.loading')}
            retryLabel={t('retry')}
          >
            {null}
          </ListState>
        </Paper>
      </>
    );
  }
  return <UserFacts data={page.data} back={back} />;
}

function UserFacts({ data, back }: { data: OperatorUserPage; back: ReactNode }) {
  const { t, i18n } = useTranslation(['usersAdmin', 'kyc']);
  const language = i18n.language;
  const { user, identity, payee } = data;
  // An operator ends their own sessions from Profile, as anyone does.
  const isSelf = useUser().user?.id === user.id;
  const when = (value: string | null) => (value ? formatKoreaDateTime(value, language) : '—');
  return (
    <>
      <ScreenHeader title={user.name} description={t('page.description')}>
        {back}
      </ScreenHeader>
      <Stack gap="xl">
        <Paper withBorder radius="md" p="lg" component="section" aria-label={t('page.identity')}>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
            <Fact label={t('columns.email')}>{user.email}</Fact>
            <Fact label={t('page.phone')}>{user.phone}</Fact>
            <Fact label={t('columns.role')}>
              <Badge variant="light" radius="sm" tt="none">
                {t(`roles.${user.role}`)}
              </Badge>
            </Fact>
            <Fact label={t('columns.status')}>
              <Badge
                variant="light"
                color={user.status === 'active' ? 'teal' : 'red'}
                radius="sm"
                tt="none"
              >
                {t(`statuses.${user.status}`)}
              </Badge>
            </Fact>
            <Fact label={t('columns.agency')}>
              {user.agency ? `${user.agency.name} (${user.agency.code})` : t('page.noAgency')}
            </Fact>
            <Fact label={t('columns.joined')}>{when(user.joinedAt)}</Fact>
            <Fact label={t('page.kyc')}>
              <KycStatusBadge status={identity.status} />
            </Fact>
          </SimpleGrid>
        </Paper>

        <Part id="user-documents" title={t('page.documents')}>
          <Paper withBorder radius="md">
            <ListState
              query={{ isPending: false, isError: false, error: null }}
              isEmpty={identity.documents.length === 0}
              empty={{ icon: IconId, title: t('page.noDocuments') }}
            >
              <ResponsiveList
                items={identity.documents}
                label={t('page.documents')}
                itemKey={(document) => document.id}
                minWidth={760}
                columns={[
                  {
                    header: t('page.document'),
                    cell: (document) => (
                      <Text fz="sm">{t(`kyc:kinds.${document.kind}.title`)}</Text>
                    ),
                  },
                  {
                    header: t('columns.status'),
                    cell: (document) => <KycStatusBadge status={document.status} />,
                  },
                  {
                    header: t('page.uploaded'),
                    cell: (document) => <Text fz="sm">{when(document.uploadedAt)}</Text>,
                  },
                  {
                    header: t('page.reviewed'),
                    cell: (document) => (
                      <>
                        <Text fz="sm">{document.reviewedBy?.name ?? '—'}</Text>
                        {document.reviewedAt ? (
                          <Text fz="xs" c="dark.6">
                            {when(document.reviewedAt)}
                          </Text>
                        ) : null}
                        {document.rejectionReason ? (
                          <Text fz="xs" c="red.9" style={wrap}>
                            {t('page.rejection', { reason: document.rejectionReason })}
                          </Text>
                        ) : null}
                      </>
                    ),
                  },
                ]}
                card={(document) => (
                  <>
                    <Group justify="space-between" gap="sm">
                      <Text fz="sm" fw={600}>
                        {t(`kyc:kinds.${document.kind}.title`)}
                      </Text>
                      <KycStatusBadge status={document.status} />
                    </Group>
                    <Text fz="xs" c="dark.6">
                      {t('page.uploadedAt', { date: when(document.uploadedAt) })}
                    </Text>
                    {document.reviewedAt ? (
                      <Text fz="xs" c="dark.6">
                        {t('page.reviewedBy', {
                          name: document.reviewedBy?.name ?? '—',
                          date: when(document.reviewedAt),
                        })}
                      </Text>
                    ) : null}
                    {document.rejectionReason ? (
                      <Text fz="xs" c="red.9" style={wrap}>
                        {t('page.rejection', { reason: document.rejectionReason })}
                      </Text>
                    ) : null}
                  </>
                )}
              />
            </ListState>
          </Paper>
        </Part>

        <Part id="user-payee" title={t('page.payee')}>
          <Paper withBorder radius="md" p="lg">
            {payee ? (
              <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
                <Fact label={t('page.bank')}>
                  {koreanBankName(payee.bankCode, language) ?? payee.bankCode}
                </Fact>
                <Fact label={t('page.accountNumber')}>{payee.accountNumber}</Fact>
                <Fact label={t('page.holder')}>{payee.holderName}</Fact>
                <Fact label={t('page.updated')}>{when(payee.updatedAt)}</Fact>
              </SimpleGrid>
            ) : (
              <Text fz="sm" c="dark.6">
                {t('page.noPayee')}
              </Text>
            )}
          </Paper>
        </Part>

        <UserTransactions data={data} />
        <UserAccounts accounts={data.accounts} />
        <UserSessions userId={user.id} sessions={data.sessions} isSelf={isSelf} />
      </Stack>
    </>
  );
}
