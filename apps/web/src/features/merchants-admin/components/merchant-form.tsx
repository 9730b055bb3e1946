import { zodResolver } from '@hookform/resolvers/zod';
import { typedAssetAmountSchema } from '@portal/contract/money';
import { Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  createMerchantRequestSchema,
  updateMerchantRequestSchema,
  type CreateMerchantRequest,
  type OperatorMerchant,
  type UpdateMerchantRequest,
} from '@portal/contract/merchants';
import { koreanLineBreaks } from '@/components/layouts/korean-line-breaks';
import { readableFieldStyles } from '@/components/ui/field-styles';
import { FormAlert } from '@/components/ui/form-alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { fieldErrorText } from '@/lib/form-errors';
import { toast } from '@/lib/notifications';
import { useCreateMerchant } from '@/features/merchants-admin/api/create-merchant';
import { useUpdateMerchant } from '@/features/merchants-admin/api/update-merchant';
import { ConnectionFields } from '@/features/merchants-admin/components/connection-fields';
import { useFormSubmit } from '@/lib/use-form-submit';

const FIELDS = [
  'name',
  'code',
  'asset',
  'minPerRequest',
  'maxPerRequest',
  'connection',
  'baseUrl',
  'keyId',
  'secret',
] as const;

/** The limits as the operator types them ("10,000"), sent as plain decimals (decision 014). */
const TYPED_LIMITS = {
  minPerRequest: typedAssetAmountSchema,
  maxPerRequest: typedAssetAmountSchema,
};

/**
 * On edit, an HTTP merchant still needs its address and key id, and a secret unless one is set
 * already (an empty secret keeps the stored one).
 */
function editSchema(hasSecret: boolean) {
  return updateMerchantRequestSchema.safeExtend(TYPED_LIMITS).superRefine((value, context) => {
    if (value.connection !== 'http') return;
    const missing =
      (!value.baseUrl && 'baseUrl') ||
      (!value.keyId && 'keyId') ||
      (!value.secret && !hasSecret && 'secret');
    if (missing) {
      context.addIssue({ code: 'custom', message: 'httpConnectionIncomplete', path: [missing] });
    }
  });
}

type MerchantFormValues = CreateMerchantRequest;

/** Adds a merchant, or edits one (`merchant`); the secret is write-only. */
export function MerchantFormDialog({
  opened,
  merchant,
  onClose,
}: {
  opened: boolean;
  merchant: OperatorMerchant | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['merchantsAdmin', 'common']);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={merchant ? t('form.editTitle', { name: merchant.name }) : t('form.createTitle')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      styles={{ content: koreanLineBreaks, title: { fontWeight: 700 } }}
    >
      {opened ? <MerchantForm merchant={merchant} onDone={onClose} /> : null}
    </Modal>
  );
}

export function MerchantForm({
  merchant,
  onDone,
}: {
  merchant: OperatorMerchant | null;
  onDone: () => void;
}) {
  const { t } = useTranslation(['merchantsAdmin', 'common', 'validation', 'errors']);
  const create = useCreateMerchant();
  const update = useUpdateMerchant();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<MerchantFormValues>({
    resolver: zodResolver(
      merchant
        ? editSchema(merchant.hasSecret)
        : createMerchantRequestSchema.safeExtend(TYPED_LIMITS),
    ) as never,
    mode: 'onBlur',
    defaultValues: {
      name: merchant?.name ?? '',
      code: merchant?.code ?? '',
      asset: merchant?.asset ?? 'USDT',
      minPerRequest: merchant?.minPerRequest ?? '',
      maxPerRequest: merchant?.maxPerRequest ?? '',
      connection: merchant?.connection ?? 'sandbox',
      baseUrl: merchant?.baseUrl ?? undefined,
      keyId: merchant?.keyId ?? undefined,
      secret: undefined,
    },
  });
  const connection = useWatch({ control, name: 'connection' });
  const pending = create.isPending || update.isPending;

  const { onSubmit, formError } = useFormSubmit(
    { handleSubmit, setError },
    async (values) => {
      const http = values.connection === 'http';

      if (merchant) {
        // Sandbox merchants have no address or keys; an empty secret keeps the stored one.
        const body: UpdateMerchantRequest = {
          ...values,
          baseUrl: http ? values.baseUrl : null,
          keyId: http ? values.keyId : null,
          secret: http ? values.secret : null,
        };
        await update.mutateAsync({ id: merchant.id, body });
        toast('success', { message: t('form.updated', { name: values.name }) });
      } else {
        const body: CreateMerchantRequest = http
          ? values
          : {
              name: values.name,
              code: values.code,
              asset: values.asset,
              minPerRequest: values.minPerRequest,
              maxPerRequest: values.maxPerRequest,
              connection: values.connection,
            };
        await create.mutateAsync(body);
        toast('success', { message: t('form.created', { name: values.name }) });
      }
      onDone();
    },
    {
      fields: FIELDS,
      // The only conflict here is a code another merchant has; say so on the code itself.
      codeFields: { CONFLICT: { field: 'code', message: 'merchantsAdmin:form.codeTaken' } },
    },
  );

  const text = (name: (typeof FIELDS)[number]) => fieldErrorText(t, errors[name]);

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <FormAlert message={formError} />
        <TextInput
          label={t('fields.name')}
          styles={readableFieldStyles}
          required
          data-autofocus
          autoComplete="off"
          aria-invalid={errors.name ? true : undefined}
          error={text('name')}
          {...register('name')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label={t('fields.code')}
            description={t('form.codeHint')}
            styles={readableFieldStyles}
            required
            autoComplete="off"
            spellCheck={false}
            aria-invalid={errors.code ? true : undefined}
            error={text('code')}
            {...register('code')}
          />
          <TextInput
            label={t('fields.asset')}
            description={t('form.assetHint')}
            styles={readableFieldStyles}
            required
            autoComplete="off"
            spellCheck={false}
            aria-invalid={errors.asset ? true : undefined}
            error={text('asset')}
            {...register('asset')}
          />
          <TextInput
            label={t('fields.minPerRequest')}
            styles={readableFieldStyles}
            required
            inputMode="decimal"
            autoComplete="off"
            aria-invalid={errors.minPerRequest ? true : undefined}
            error={text('minPerRequest')}
            {...register('minPerRequest')}
          />
          <TextInput
            label={t('fields.maxPerRequest')}
            styles={readableFieldStyles}
            required
            inputMode="decimal"
            autoComplete="off"
            aria-invalid={errors.maxPerRequest ? true : undefined}
            error={text('maxPerRequest')}
            {...register('maxPerRequest')}
          />
        </SimpleGrid>
        <ConnectionFields
          control={control}
          register={register}
          connection={connection}
          hasSecret={merchant?.hasSecret ?? false}
          errorText={text}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={pending}>
            {t('common:actions.cancel')}
          </Button>
          <SubmitButton loading={pending}>
            {merchant ? t('form.save') : t('form.create')}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
