import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isTwoFactorRequired, type TwoFactorStatus } from '@portal/contract/two-factor';
import { formatDateTime } from '@/lib/format';
import { errorMessage } from '@/lib/form-errors';
import { useUser } from '@/lib/user/user-context';
import { twoFactorStatusQuery } from '@/lib/auth/two-factor-status';
import { NewRecoveryCodesDialog } from '@/features/profile/components/new-recovery-codes-dialog';
import { TurnOffTwoFactorDialog } from '@/features/profile/components/turn-off-two-factor-dialog';
import { TwoFactorSetupDialog } from '@/features/profile/components/two-factor-setup-dialog';

/** Recovery codes left at or under which the section asks for new ones. */
const FEW_CODES_LEFT = 3;

type Dialog = 'turn-on' | 'new-codes' | 'turn-off';

/**
 * Two-factor sign-in (docs/SECURITY.md "Two-factor sign-in"): whether it is on and since when,
 * the recovery codes left, and the ways to turn it on, get new recovery codes or turn it off.
 * The dialogs stay here whatever the state, so the recovery codes stay on screen when the state
 * is read again after turning it on.
 */
export function TwoFactorSignIn() {
  const { t } = useTranslation(['profile', 'errors']);
  const status = useQuery(twoFactorStatusQuery());
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      id="two-factor"
      aria-labelledby="profile-two-factor-title"
    >
      <Title id="profile-two-factor-title" order={2} fz="lg" mb={4}>
        {t('twoFactor.title')}
      </Title>
      <Text fz="sm" c="dark.6" mb="md">
        {t('twoFactor.lead')}
      </Text>
      {status.isPending ? (
        <Center py="md" aria-busy="true">
          <Loader aria-label={t('twoFactor.loading')} />
        </Center>
      ) : status.isError ? (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
          {errorMessage(t, status.error)}
        </Alert>
      ) : (
        <TwoFactorState state={status.data} onOpen={setDialog} />
      )}
      <TwoFactorSetupDialog opened={dialog === 'turn-on'} onClose={close} />
      <NewRecoveryCodesDialog opened={dialog === 'new-codes'} onClose={close} />
      <TurnOffTwoFactorDialog opened={dialog === 'turn-off'} onClose={close} />
    </Paper>
  );
}

function TwoFactorState({
  state,
  onOpen,
}: {
  state: TwoFactorStatus;
  onOpen: (dialog: Dialog) => void;
}) {
  const { t, i18n } = useTranslation('profile');
  // Staff keep it on (TWO_FACTOR_REQUIRED_FOR_ROLE): no way is offered to turn it off.
  const required = isTwoFactorRequired(useUser().role);
  if (!state.enabled) {
    return (
      <Stack gap="sm" align="flex-start">
        <Group gap="xs">
          <Badge variant="light" color="gray" tt="none">
            {t('twoFactor.off')}
          </Badge>
          <Text fz="sm">{t('twoFactor.offText')}</Text>
        </Group>
        <Button onClick={() => onOpen('turn-on')}>{t('twoFactor.turnOn')}</Button>
      </Stack>
    );
  }
  const left = state.recoveryCodesLeft;
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Badge variant="light" color="teal" tt="none">
          {t('twoFactor.on')}
        </Badge>
        {state.enabledAt ? (
          <Text fz="sm">
            {t('twoFactor.onSince', { time: formatDateTime(state.enabledAt, i18n.language) })}
          </Text>
        ) : null}
      </Group>
      {left <= FEW_CODES_LEFT ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />}>
          {left === 0 ? t('twoFactor.codesNone') : t('twoFactor.codesLow', { count: left })}
        </Alert>
      ) : (
        <Text fz="sm" c="dark.6">
          {t('twoFactor.codesLeft', { count: left })}
        </Text>
      )}
      <Group gap="sm">
        <Button variant="default" onClick={() => onOpen('new-codes')}>
          {t('twoFactor.newCodes')}
        </Button>
        {required ? null : (
          <Button variant="light" color="red" onClick={() => onOpen('turn-off')}>
            {t('twoFactor.turnOff')}
          </Button>
        )}
      </Group>
      {required ? (
        <Text fz="sm" c="dark.6">
          {t('twoFactor.required')}
        </Text>
      ) : null}
    </Stack>
  );
}
