import { useTranslation } from 'react-i18next';
import { rejectKycDocumentRequestSchema, type KycReviewItem } from '@portal/contract/kyc';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { toast } from '@/lib/notifications';
import { useRejectKycDocument } from '@/features/kyc-review/api/reject-kyc-document';

/** Rejecting needs a reason: the user reads it on their Profile and uploads a better file. */
export function RejectDialog({
  item,
  onClose,
}: {
  item: KycReviewItem | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['kycReview', 'kyc', 'common']);
  const reject = useRejectKycDocument();
  const document = item ? t(`kyc:kinds.${item.kind}.title`) : '';
  return (
    <ReasonDialog
      opened={item !== null}
      onClose={onClose}
      title={t('reject.title')}
      lead={item ? t('reject.lead', { document, name: item.user.name }) : null}
      reasonLabel={t('reject.reason')}
      reasonHint={t('reject.reasonHint')}
      submitLabel={t('reject.submit')}
      schema={rejectKycDocumentRequestSchema}
      onSubmit={async (reason) => {
        if (!item) return;
        await reject.mutateAsync({ id: item.id, body: { reason } });
        toast('success', { message: t('reject.done', { document, name: item.user.name }) });
      }}
    />
  );
}
