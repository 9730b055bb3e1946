import { Image, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TwoFactorSetupResponse } from '@portal/contract/two-factor';
import { CopyValue } from '@/components/ui/copy-value';

/** The set-up key as apps take it typed, in groups of four ("JBSW Y3DP EHPK 3PXP"). */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * A new authenticator-app secret, to add to the app: the QR code the server drew (a PNG data:
 * URL, so the page carries no QR library) and the same key as text to type, with a copy button.
 * On Profile and at a staff member's first sign-in.
 */
export function AuthenticatorSecret({ setup }: { setup: TwoFactorSetupResponse }) {
  const { t } = useTranslation('common');
  return (
    <Stack gap="md">
      <Text fz="sm" c="dark.7">
        {t('twoFactor.app.scanLead')}
      </Text>
      <Image
        src={setup.qrCode}
        alt={t('twoFactor.app.qrAlt')}
        w={200}
        h={200}
        mx="auto"
        style={{ imageRendering: 'pixelated' }}
      />
      <CopyValue
        label={t('twoFactor.app.key')}
        value={grouped(setup.secret)}
        copyText={setup.secret}
        mono
      />
    </Stack>
  );
}
