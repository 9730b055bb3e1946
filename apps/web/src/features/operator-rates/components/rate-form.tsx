import { groupDigits } from '@portal/contract/decimal';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { checkAmount, compareAmounts, RATE_KRW, typedRateKrwSchema } from '@portal/contract/money';
import { setRateRequestSchema, type SetRateRequest } from '@portal/contract/transactions';
import { koreanLineBreaks } from '@/components/layouts/korean-line-breaks';
import { readableFieldStyles } from '@/components/ui/field-styles';
import { FormSelect } from '@/components/ui/form-select';
import { FormAlert } from '@/components/ui/form-alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { fieldErrorText } from '@/lib/form-errors';
import { toast } from '@/lib/notifications';
import { useSetRate } from '@/features/operator-rates/api/set-rate';
import { useFormSubmit } from '@/lib/use-form-submit';

const FIELDS = ['asset', 'buyRateKrw', 'sellRateKrw'] as const;

/** The rates as the operator types them ("1,392.50"), sent as plain decimals (decision 014). */
const rateFormSchema = setRateRequestSchema.extend({
  buyRateKrw: typedRateKrwSchema,
  sellRateKrw: typedRateKrwSchema,
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
  onClose,
}: {
  target: RateFormTarget | null;
  assets: readonly string[];
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
      {target ? <RateForm target={target} assets={assets} onDone={onClose} /> : null}
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
  onDone,
}: {
  target: RateFormTarget;
  assets: readonly string[];
  onDone: () => void;
}) {
  const { t } = useTranslation(['ratesAdmin', 'common', 'validation', 'errors']);
  const setRate = useSetRate();
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
  const [buy, sell] = useWatch({ control, name: ['buyRateKrw', 'sellRateKrw'] });
  const buyRate = rateOf(buy);
  const sellRate = rateOf(sell);
  const sellAboveBuy =
    buyRate !== null && sellRate !== null && compareAmounts(sellRate, buyRate) > 0;

  const { onSubmit, formError } = useFormSubmit(
    { handleSubmit, setError },
    async (values) => {
      const rate = await setRate.mutateAsync(values);
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
            aria-invalid={errors.sellRateKrw ? true : undefined}
            error={fieldErrorText(t, errors.sellRateKrw)}
            {...register('sellRateKrw')}
          />
        </SimpleGrid>
        {sellAboveBuy ? (
          <Alert color="yellow" variant="light">
            {t('form.sellAboveBuy')}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={setRate.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <SubmitButton loading={setRate.isPending}>{t('form.submit')}</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
