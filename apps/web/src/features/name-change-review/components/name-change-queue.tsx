import { Alert, Button, Group, Modal, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowRight, IconInbox } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  rejectNameChangeRequestSchema,
  type NameChangeReviewItem,
} from '@portal/contract/name-change';
import { koreanLineBreaks } from '@/components/layouts/korean-line-breaks';
import { CardList } from '@/components/ui/card-list';
import { FilePreview } from '@/components/ui/file-preview';
import { ListState } from '@/components/ui/list-state';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { apiErrorOf } from '@/lib/api-error';
import { errorMessage } from '@/lib/form-errors';
import { toast } from '@/lib/notifications';
import {
  useDecideNameChange,
  useNameChangeDocument,
  useNameChangeQueue,
} from '@/features/name-change-review/api/name-change-review';

/**
 * Name changes waiting for the operator (docs/decisions/010): the name now, the name asked for
 * and the new identity document side by side; approve, or reject with a reason the user reads.
 */
export function NameChangeQueue() {
  const { t, i18n } = useTranslation(['nameChangeReview', 'errors']);
  const queue = useNameChangeQueue();
  const decide = useDecideNameChange();
  const [looking, setLooking] = useState<NameChangeReviewItem | null>(null);
  const [rejecting, setRejecting] = useState<NameChangeReviewItem | null>(null);
  const items = queue.data ?? [];
  const dateTime = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  const approve = async (item: NameChangeReviewItem) => {
    try {
      await decide.mutateAsync({ id: item.id, approve: true });
      setLooking(null);
      toast('success', {
        message: t('approved', { from: item.currentName, to: item.requestedName }),
      });
    } catch (error) {
      const code = apiErrorOf(error)?.code;
      const expected = code === 'KYC_ALREADY_REVIEWED' || code === 'OPEN_BUY_REQUESTS';
      toast(expected ? 'warning' : 'error', { message: errorMessage(t, error) });
    }
  };

  const actions = (item: NameChangeReviewItem, withLook = true) => (
    <Group gap="xs">
      {withLook ? (
        <Button variant="default" size="xs" onClick={() => setLooking(item)}>
          {t('actions.look')}
        </Button>
      ) : null}
      <Button
        size="xs"
        color="teal.9"
        loading={
          decide.isPending && decide.variables?.id === item.id && 'approve' in decide.variables
        }
        disabled={decide.isPending}
        onClick={() => void approve(item)}
        aria-label={t('actions.approveLabel', { name: item.currentName })}
      >
        {t('actions.approve')}
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        disabled={decide.isPending}
        onClick={() => {
          setLooking(null);
          setRejecting(item);
        }}
        aria-label={t('actions.rejectLabel', { name: item.currentName })}
      >
        {t('actions.reject')}
      </Button>
    </Group>
  );

  return (
    <Stack gap="sm" component="section" aria-labelledby="name-changes-title">
      <Group justify="space-between" gap="sm">
        <Title id="name-changes-title" order={2} fz="lg">
          {t('title')}
        </Title>
        {queue.data ? (
          <Text fz="sm" c="dark.6" aria-live="polite">
            {t('count', { count: items.length })}
          </Text>
        ) : null}
      </Group>
      <Text fz="sm" c="dark.6">
        {t('lead')}
      </Text>
      <Paper withBorder radius="md">
        <ListState
          query={queue}
          isEmpty={items.length === 0}
          empty={{ icon: IconInbox, title: t('empty') }}
        >
          <CardList items={items} label={t('title')} itemKey={(item) => item.id} gap={6}>
            {(item) => (
              <>
                <Group gap={6} wrap="wrap">
                  <Text fw={600}>{item.currentName}</Text>
                  <IconArrowRight size={16} aria-label={t('to')} />
                  <Text fw={700}>{item.requestedName}</Text>
                </Group>
                <Text fz="sm" c="dark.7">
                  {item.user.email}
                </Text>
                <Text fz="xs" c="dark.6">
                  {t('sentAt', { date: dateTime.format(new Date(item.createdAt)) })}
                </Text>
                <Group mt={4}>{actions(item)}</Group>
              </>
            )}
          </CardList>
        </ListState>
      </Paper>

      <Modal
        opened={looking !== null}
        onClose={() => setLooking(null)}
        size="xl"
        title={
          looking ? t('look.title', { from: looking.currentName, to: looking.requestedName }) : ''
        }
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
        styles={{ content: koreanLineBreaks, title: { fontWeight: 700 } }}
      >
        {looking ? (
          <Stack gap="md">
            <RequestDocument item={looking} />
            <Group justify="flex-end">{actions(looking, false)}</Group>
          </Stack>
        ) : null}
      </Modal>
      <ReasonDialog
        opened={rejecting !== null}
        onClose={() => setRejecting(null)}
        title={t('reject.title')}
        lead={
          rejecting
            ? t('reject.lead', { from: rejecting.currentName, to: rejecting.requestedName })
            : null
        }
        reasonLabel={t('reject.reason')}
        submitLabel={t('reject.submit')}
        schema={rejectNameChangeRequestSchema}
        onSubmit={async (reason) => {
          if (!rejecting) return;
          await decide.mutateAsync({ id: rejecting.id, reject: { reason } });
          toast('success', { message: t('rejected', { name: rejecting.currentName }) });
        }}
      />
    </Stack>
  );
}

function RequestDocument({ item }: { item: NameChangeReviewItem }) {
  const { t } = useTranslation(['nameChangeReview', 'errors']);
  const file = useNameChangeDocument(item);
  if (file.isPending) return <Skeleton h={420} radius="md" aria-label={t('look.loading')} />;
  if (file.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
        {errorMessage(t, file.error)}
      </Alert>
    );
  }
  const extension = item.contentType.split('/')[1] ?? 'bin';
  return (
    <Stack gap="xs">
      <FilePreview
        blob={file.data}
        alt={t('look.alt', { name: item.requestedName })}
        fileName={`name-change-${item.id}.${extension}`}
        maxHeight={520}
      />
      <Text fz="sm" c="dark.6">
        {item.user.email}
      </Text>
    </Stack>
  );
}
