import { groupDigits } from '@portal/contract/decimal';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { checkAmount, compareAmounts, RATE_KRW, typedRateKrwSchema } from '@portal/contract/money';
import { rateChangeNeedsConfirmation } from '@portal/contract/rates';
import {
  setRateRequestSchema,
  type Rate,
  type SetRateRequest,
} from '@portal/contract/transactions';
import { koreanLineBreaks } from '@/components/layouts/korean-line-breaks';
import { readableFieldStyles } from '@/components/ui/field-styles';
import { FormSelect } from '@/components/ui/form-select';
import { FormAlert } from '@/components/ui/form-alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { fieldErrorText } from '@/lib/form-errors';
import { useAnnounceSentForApproval } from '@/lib/approvals/guarded';
import { toast } from '@/lib/notifications';
import { useSetRate } from '@/features/operator-rates/api/set-rate';
import { useFormSubmit } from '@/lib/use-form-submit';
import {
  RateChangeConfirm,
  type RateChange,
} from '@/features/operator-rates/components/rate-change-confirm';

const FIELDS = ['asset', 'buyRateKrw', 'sellRateKrw'] as const;

/**
 * The rates as the operator types them ("1,392.50"), sent as plain decimals (decision 014). A
 * sell rate above the buy rate is refused here as on the server (decision 023).
 */
const rateFormSchema = setRateRequestSchema
  .extend({ buyRateKrw: typedRateKrwSchema, sellRateKrw: typedRateKrwSchema })
  .refine((values) => compareAmounts(values.sellRateKrw, values.buyRateKrw) <= 0, {
    path: ['sellRateKrw'],
    message: 'rateSellAboveBuy',
  });

export interface RateFormTarget {
  /** The asset to set, or null to choose one. */
  asset: string | null;
  buyRateKrw?: string;
  sellRateKrw?: string;
}

/** Sets an asset's new buy and sell rates (won per unit, at most 2 decimal places). */
export function RateFormDialog({
  target,
  assets,
  current,
  onClose,
}: {
  target: RateFormTarget | null;
  assets: readonly string[];
  /** The current rate of each asset that has one: what a change is measured against. */
  current: readonly Rate[];
  onClose: () => void;
}) {
  const { t } = useTranslation(['ratesAdmin', 'common']);
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target?.asset ? t('form.titleFor', { asset: target.asset }) : t('form.title')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      styles={{ content: koreanLineBreaks, title: { fontWeight: 700 } }}
    >
      {target ? (
        <RateForm target={target} assets={assets} current={current} onDone={onClose} />
      ) : null}
    </Modal>
  );
}

/** A typed rate's plain value, or null while it is not one. */
function rateOf(value: string | undefined): string | null {
  const checked = checkAmount(value ?? '', RATE_KRW, { grouping: true });
  return checked.ok ? checked.value : null;
}

function RateForm({
  target,
  assets,
  current,
  onDone,
}: {
  target: RateFormTarget;
  assets: readonly string[];
  current: readonly Rate[];
  onDone: () => void;
}) {
  const { t } = useTranslation(['ratesAdmin', 'common', 'validation', 'errors']);
  const setRate = useSetRate();
  const sentForApproval = useAnnounceSentForApproval();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SetRateRequest, unknown, SetRateRequest>({
    resolver: zodResolver(rateFormSchema),
    mode: 'onBlur',
    defaultValues: {
      asset: target.asset ?? assets[0] ?? '',
      buyRateKrw: target.buyRateKrw ?? '',
      sellRateKrw: target.sellRateKrw ?? '',
    },
  });
  const [asset, buy, sell] = useWatch({ control, name: ['asset', 'buyRateKrw', 'sellRateKrw'] });
  const buyRate = rateOf(buy);
  const sellRate = rateOf(sell);
  // Said while typing, not only once the field is left: it is about both fields together.
  const sellAboveBuy =
    buyRate !== null && sellRate !== null && compareAmounts(sellRate, buyRate) > 0;
  const currentRate = current.find((rate) => rate.asset === asset) ?? null;

  // A change beyond the deviation waits for the confirmation, then the form is sent again.
  const [change, setChange] = useState<RateChange | null>(null);
  const confirmed = useRef(false);

  const { onSubmit, formError } = useFormSubmit(
    { handleSubmit, setError },
    async (values) => {
      const confirmDeviation = confirmed.current;
      confirmed.current = false;
      if (
        !confirmDeviation &&
        currentRate &&
        (rateChangeNeedsConfirmation(currentRate.buyRateKrw, values.buyRateKrw) ||
          rateChangeNeedsConfirmation(currentRate.sellRateKrw, values.sellRateKrw))
      ) {
        setChange({
          asset: values.asset,
          buy: { from: currentRate.buyRateKrw, to: values.buyRateKrw },
          sell: { from: currentRate.sellRateKrw, to: values.sellRateKrw },
        });
        return;
      }
      setChange(null);
      const result = await setRate.mutateAsync(
        confirmDeviation ? { ...values, confirmDeviation } : values,
      );
      if (!result.done) {
        void sentForApproval();
        onDone();
        return;
      }
      const rate = result.data;
      toast('success', {
        message: t('form.done', {
          asset: rate.asset,
          buy: groupDigits(rate.buyRateKrw),
          sell: groupDigits(rate.sellRateKrw),
        }),
      });
      onDone();
    },
    { fields: FIELDS },
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <FormAlert message={formError} />
        {target.asset ? null : (
          <FormSelect
            control={control}
            name="asset"
            label={t('form.asset')}
            required
            data={[...assets]}
          />
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label={t('form.buyRate')}
            description={t('form.buyRateHint')}
            styles={readableFieldStyles}
            required
            data-autofocus
            inputMode="decimal"
            autoComplete="off"
            aria-invalid={errors.buyRateKrw ? true : undefined}
            error={fieldErrorText(t, errors.buyRateKrw)}
            {...register('buyRateKrw')}
          />
          <TextInput
            label={t('form.sellRate')}
            description={t('form.sellRateHint')}
            styles={readableFieldStyles}
            required
            inputMode="decimal"
            autoComplete="off"
            aria-invalid={errors.sellRateKrw || sellAboveBuy ? true : undefined}
            error={
              fieldErrorText(t, errors.sellRateKrw) ??
              (sellAboveBuy ? t('validation:rateSellAboveBuy') : undefined)
            }
            {...register('sellRateKrw')}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={setRate.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <SubmitButton loading={setRate.isPending}>{t('form.submit')}</SubmitButton>
        </Group>
      </Stack>
      <RateChangeConfirm
        change={change}
        loading={setRate.isPending}
        onConfirm={() => {
          confirmed.current = true;
          void onSubmit();
        }}
        onClose={() => setChange(null)}
      />
    </form>
  );
}
