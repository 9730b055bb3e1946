import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { koreanLineBreaks } from '@/components/layouts/korean-line-breaks';
import { readableFieldStyles } from '@/components/ui/field-styles';
import { FormAlert } from '@/components/ui/form-alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { fieldErrorText } from '@/lib/form-errors';
import { useFormSubmit } from '@/lib/use-form-submit';

type ReasonSchema = z.ZodType<{ reason: string }, { reason: string }>;

interface ReasonDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What is being refused, in a sentence above the field. */
  lead: ReactNode;
  reasonLabel: string;
  reasonHint?: string;
  submitLabel: string;
  /** The request's schema from the contract: `{ reason }`, with the reason's rules. */
  schema: ReasonSchema;
  /**
   * Sends the reason. Resolving closes the dialog; an API error lands on the field when it names
   * the reason, above the form otherwise, and the dialog stays open with what was typed.
   */
  onSubmit: (reason: string) => Promise<void>;
}

/**
 * A refusal that needs a reason the other person will read (an identity document or a name change
 * rejected): a lead sentence, the reason, Cancel and a red submit.
 */
export function ReasonDialog({ opened, onClose, title, ...form }: ReasonDialogProps) {
  const { t } = useTranslation(['common']);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      styles={{ content: koreanLineBreaks, title: { fontWeight: 700 } }}
    >
      {opened ? <ReasonForm {...form} onDone={onClose} /> : null}
    </Modal>
  );
}

function ReasonForm({
  lead,
  reasonLabel,
  reasonHint,
  submitLabel,
  schema,
  onSubmit,
  onDone,
}: Omit<ReasonDialogProps, 'opened' | 'onClose' | 'title'> & { onDone: () => void }) {
  const { t } = useTranslation(['common', 'validation', 'errors']);
  const form = useForm({
    resolver: zodResolver(schema),
    mode: 'onBlur',
    defaultValues: { reason: '' },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  const { onSubmit: submit, formError } = useFormSubmit(
    form,
    async ({ reason }) => {
      await onSubmit(reason);
      onDone();
    },
    { fields: ['reason'] },
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Text fz="sm" c="dark.7">
          {lead}
        </Text>
        <FormAlert message={formError} />
        <Textarea
          label={reasonLabel}
          description={reasonHint}
          styles={readableFieldStyles}
          required
          rows={4}
          data-autofocus
          error={fieldErrorText(t, errors.reason)}
          {...register('reason')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={isSubmitting}>
            {t('common:actions.cancel')}
          </Button>
          <SubmitButton color="red" loading={isSubmitting}>
            {submitLabel}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
