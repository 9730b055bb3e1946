import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form-alert';
import {
  rejectKycDocumentRequestSchema,
  type KycReviewItem,
  type RejectKycDocumentRequest,
} from '@portal/contract/kyc';
import { koreanLineBreaks } from '@/components/layouts/korean-line-breaks';
import { readableFieldStyles } from '@/components/ui/field-styles';
import { SubmitButton } from '@/components/ui/submit-button';
import { applyApiErrorToForm, errorMessage, fieldErrorText } from '@/lib/form-errors';
import { toast } from '@/lib/notifications';
import { useRejectKycDocument } from '../api/reject-kyc-document';

/** Rejecting needs a reason: the user reads it on their Profile and uploads a better file. */
export function RejectDialog({
  item,
  onClose,
}: {
  item: KycReviewItem | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['kycReview', 'kyc', 'common']);
  return (
    <Modal
      opened={item !== null}
      onClose={onClose}
      title={t('reject.title')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      styles={{ content: koreanLineBreaks, title: { fontWeight: 700 } }}
    >
      {item ? <RejectForm item={item} onDone={onClose} /> : null}
    </Modal>
  );
}

function RejectForm({ item, onDone }: { item: KycReviewItem; onDone: () => void }) {
  const { t } = useTranslation(['kycReview', 'kyc', 'common', 'validation', 'errors']);
  const reject = useRejectKycDocument();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(rejectKycDocumentRequestSchema),
    mode: 'onBlur',
    defaultValues: { reason: '' } satisfies RejectKycDocumentRequest,
  });
  const document = t(`kyc:kinds.${item.kind}.title`);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await reject.mutateAsync({ id: item.id, body: values });
      toast('success', { message: t('reject.done', { document, name: item.user.name }) });
      onDone();
    } catch (error) {
      if (!applyApiErrorToForm(error, setError, ['reason'])) setFormError(errorMessage(t, error));
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <Text fz="sm" c="dark.7">
          {t('reject.lead', { document, name: item.user.name })}
        </Text>
        <FormAlert message={formError} />
        <Textarea
          label={t('reject.reason')}
          description={t('reject.reasonHint')}
          styles={readableFieldStyles}
          required
          rows={4}
          data-autofocus
          error={fieldErrorText(t, errors.reason)}
          {...register('reason')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={reject.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <SubmitButton color="red" loading={reject.isPending}>
            {t('reject.submit')}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
