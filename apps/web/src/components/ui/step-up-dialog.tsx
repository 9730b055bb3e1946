import { Center, Loader, Modal } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { koreanLineBreaks } from '@/components/layouts/korean-line-breaks';
import { useSessionStatus } from '@/lib/auth/session-status';
import { answerStepUps, endStepUp, useStepUpAsked } from '@/lib/auth/step-up';

// The form (react-hook-form, the contract's code reader) loads when a change first needs it, so
// the signed-in frame does not carry it on every page.
const StepUpForm = lazy(() =>
  import('@/components/ui/step-up-form').then((module) => ({ default: module.StepUpForm })),
);

const cancel = () => endStepUp(false);

/**
 * "Confirm with your second factor" (docs/SECURITY.md "Two-factor sign-in"): mounted once with the
 * signed-in frame, it answers every STEP_UP_REQUIRED the one HTTP client receives. It is open
 * while any refused call waits; a right code sends them all again, Cancel (or closing it) lets
 * them fail with their refusal, which each form shows as it shows any other.
 */
export function StepUpDialog() {
  const { t } = useTranslation('common');
  const asked = useStepUpAsked();
  const status = useSessionStatus();
  useEffect(answerStepUps, []);
  // Signing out (here or in another tab) or a session that ended leaves nothing to confirm.
  useEffect(() => {
    if (asked && status !== 'active') cancel();
  }, [asked, status]);
  return (
    <Modal
      opened={asked}
      onClose={cancel}
      title={t('twoFactor.stepUp.title')}
      centered
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      styles={{ content: koreanLineBreaks, title: { fontWeight: 700 } }}
    >
      <Suspense
        fallback={
          <Center py="md" aria-busy="true">
            <Loader size="sm" />
          </Center>
        }
      >
        <StepUpForm onProved={() => endStepUp(true)} onCancel={cancel} />
      </Suspense>
    </Modal>
  );
}
