import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  IconDeviceDesktop,
  IconDeviceMobile,
  IconDeviceTablet,
  IconDevices,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignedInDevice } from '@portal/contract/signed-in-devices';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ListState } from '@/components/ui/list-state';
import { formatDateTime } from '@/lib/format';
import { errorMessage } from '@/lib/form-errors';
import { toast } from '@/lib/notifications';
import {
  signedInDevicesQuery,
  useEndDeviceSession,
  useSignOutOtherDevices,
} from '@/features/profile/api/signed-in-devices';

const KIND_ICONS = {
  desktop: IconDeviceDesktop,
  mobile: IconDeviceMobile,
  tablet: IconDeviceTablet,
  other: IconDevices,
} as const;

/**
 * Signed-in devices (docs/SECURITY.md "Signed-in devices"): every open session of the user, as
 * they would recognise it (browser and system, country, address, last activity), each with a
 * way to sign it out, and one to sign out everywhere else.
 */
export function SignedInDevices() {
  const { t, i18n } = useTranslation(['profile', 'errors']);
  const devices = useQuery(signedInDevicesQuery());
  const end = useEndDeviceSession();
  const others = useSignOutOtherDevices();
  const [confirmOthers, setConfirmOthers] = useState(false);
  const list = devices.data ?? [];
  const hasOthers = list.some((device) => !device.current);

  const place = (device: SignedInDevice) => {
    if (device.network === 'loopback') return t('devices.place.loopback');
    if (device.network === 'private') return t('devices.place.private');
    if (device.country) {
      const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
      return names.of(device.country) ?? device.country;
    }
    return t('devices.place.unknown');
  };
  const deviceName = (device: SignedInDevice) =>
    device.browser && device.os
      ? t('devices.browserOn', { browser: device.browser, os: device.os })
      : (device.browser ?? device.os ?? t('devices.unknownDevice'));

  const endOne = (device: SignedInDevice) =>
    end.mutate(device.id, {
      onSuccess: () => toast('success', { message: t('devices.ended') }),
      onError: (error) => toast('error', { message: errorMessage(t, error) }),
    });
  const endOthers = () =>
    others.mutate(undefined, {
      onSuccess: (ended) => {
        setConfirmOthers(false);
        toast('success', { message: t('devices.othersEnded', { count: ended }) });
      },
      onError: (error) => toast('error', { message: errorMessage(t, error) }),
    });

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="profile-devices-title"
    >
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <div>
          <Title id="profile-devices-title" order={2} fz="lg" mb={4}>
            {t('devices.title')}
          </Title>
          <Text fz="sm" c="dark.6">
            {t('devices.lead')}
          </Text>
        </div>
        {hasOthers ? (
          <Button variant="light" color="red" onClick={() => setConfirmOthers(true)}>
            {t('devices.signOutOthers')}
          </Button>
        ) : null}
      </Group>
      <ListState
        query={devices}
        isEmpty={list.length === 0}
        empty={{ icon: IconDevices, title: t('devices.none') }}
        loadingLabel={t('devices.loading')}
      >
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {list.map((device) => {
            const Icon = KIND_ICONS[device.kind];
            return (
              <Group
                key={device.id}
                component="li"
                justify="space-between"
                wrap="nowrap"
                gap="sm"
                align="flex-start"
              >
                <Group gap="sm" wrap="nowrap" align="flex-start" miw={0}>
                  <Icon size={28} stroke={1.5} aria-hidden style={{ flexShrink: 0 }} />
                  <div style={{ minWidth: 0 }}>
                    <Group gap={6}>
                      <Text fw={600}>{deviceName(device)}</Text>
                      {device.current ? (
                        <Badge variant="light" color="teal" tt="none">
                          {t('devices.thisDevice')}
                        </Badge>
                      ) : null}
                    </Group>
                    <Text fz="sm" c="dark.6" style={{ overflowWrap: 'anywhere' }}>
                      {[place(device), device.ip].filter(Boolean).join(' · ')}
                    </Text>
                    <Text fz="sm" c="dark.6">
                      {t('devices.lastActive', {
                        time: formatDateTime(device.lastSeenAt, i18n.language),
                      })}
                    </Text>
                  </div>
                </Group>
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-sm"
                  style={{ flexShrink: 0 }}
                  loading={end.isPending && end.variables === device.id}
                  onClick={() => endOne(device)}
                  aria-label={t('devices.signOutDevice', { device: deviceName(device) })}
                >
                  {t('devices.signOut')}
                </Button>
              </Group>
            );
          })}
        </Stack>
      </ListState>
      <Text fz="xs" c="dark.5" mt="md">
        {t('devices.placesBy')}
      </Text>
      <ConfirmDialog
        opened={confirmOthers}
        title={t('devices.confirmTitle')}
        message={t('devices.confirmMessage')}
        confirmLabel={t('devices.signOutOthers')}
        loading={others.isPending}
        onConfirm={endOthers}
        onClose={() => setConfirmOthers(false)}
      />
    </Paper>
  );
}
