import { SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ScreenHeader } from '@/components/ui/screen-header';
import { KycDocuments } from '@/features/kyc/components/kyc-documents';
import { PayeeForm } from '@/features/payee/components/payee-form';
import { ChangePasswordForm } from '@/features/profile/components/change-password-form';
import { PersonalInfoForm } from '@/features/profile/components/personal-info-form';
import { SignedInDevices } from '@/features/profile/components/signed-in-devices';
import { TwoFactorSignIn } from '@/features/profile/components/two-factor-sign-in';
import { MailSettings } from '@/features/profile/components/mail-settings';
import { Passkeys } from '@/features/profile/components/passkeys';

/**
 * docs/PRODUCT.md "Screens", Profile: personal information, password, and the verification
 * uploads; two-factor sign-in and the devices signed in to the account (docs/SECURITY.md
 * "Two-factor sign-in", "Signed-in devices"); which mails are sent, and in which language
 * (docs/decisions/027).
 */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <>
      <ScreenHeader title={t('nav.profile')} description={t('screens.profile.description')} />
      <Stack gap="xl">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <PersonalInfoForm />
          <ChangePasswordForm />
        </SimpleGrid>
        <PayeeForm />
        <KycDocuments />
        <TwoFactorSignIn />
        <Passkeys />
        <SignedInDevices />
        <MailSettings />
      </Stack>
    </>
  );
}
