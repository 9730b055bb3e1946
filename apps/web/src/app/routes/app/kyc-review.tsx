import { useTranslation } from 'react-i18next';
import { ScreenHeader } from '@/components/ui/screen-header';
import { RequireRole } from '@/lib/auth/require-role';
import { Stack } from '@mantine/core';
import { KycReviewQueue } from '@/features/kyc-review/components/kyc-review-queue';
import { NameChangeQueue } from '@/features/name-change-review/components/name-change-queue';
import { Component as NotFound } from '@/app/routes/not-found';

/** Operator only: anyone else gets the not-found page (the server refuses them as well). */
export function Component() {
  return (
    <RequireRole roles={['operator']} fallback={<NotFound />}>
      <KycReview />
    </RequireRole>
  );
}

function KycReview() {
  const { t } = useTranslation(['kycReview', 'common']);
  return (
    <>
      <ScreenHeader title={t('common:nav.kycReview')} description={t('description')} />
      <Stack gap="xl">
        <KycReviewQueue />
        <NameChangeQueue />
      </Stack>
    </>
  );
}
