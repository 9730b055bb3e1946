import { fireEvent, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { secondFactorCodeSchema, type SecondFactorCode } from '@portal/contract/two-factor';
import { CodeField } from '@/components/ui/code-field';
import { FormAlert } from '@/components/ui/form-alert';
import { useCodeForm } from '@/components/ui/use-code-form';
import { apiFailure, networkFailure } from '@/testing/api';
import { createTestI18n } from '@/testing/app';
import { renderWithProviders } from '@/testing/render';

const schema = z.object({ code: secondFactorCodeSchema });
type Send = (values: { code: SecondFactorCode }) => Promise<unknown>;

function TestCodeForm({ send }: { send: Send }) {
  const { onSubmit, formError, codeFieldProps } = useCodeForm(schema, send);
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <FormAlert message={formError} />
      <CodeField label="Code" {...codeFieldProps} />
      <button type="submit">Send</button>
    </form>
  );
}

async function setUp(send: Send) {
  const i18n = await createTestI18n('en');
  renderWithProviders(
    <I18nextProvider i18n={i18n}>
      <TestCodeForm send={send} />
    </I18nextProvider>,
  );
  return screen.getByLabelText(/^Code/);
}

const submit = (code: HTMLElement, value: string) => {
  fireEvent.change(code, { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
};
const describedText = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('useCodeForm, the one way to write a two-factor code form', () => {
  it('sends the code as the schema reads it, from a required input', async () => {
    const send = vi.fn<Send>(() => Promise.resolve());
    const code = await setUp(send);
    expect(code.hasAttribute('required')).toBe(true);
    submit(code, 'abcd-efgh-ijkl-mnop');
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0]?.[0]).toEqual({
      code: { kind: 'recovery', code: 'ABCDEFGHIJKLMNOP' },
    });
  });

  it('says an empty code on the input and sends nothing', async () => {
    const send = vi.fn<Send>(() => Promise.resolve());
    const code = await setUp(send);
    submit(code, '');
    await waitFor(() => expect(describedText(code)).toContain('This field is required.'));
    expect(send).not.toHaveBeenCalled();
  });

  it('puts a wrong code on the input, and what no input can show in the alert', async () => {
    const send = vi
      .fn<Send>()
      .mockRejectedValueOnce(
        apiFailure(400, 'SECOND_FACTOR_INVALID', { fields: { code: 'secondFactorWrong' } }),
      )
      .mockRejectedValueOnce(networkFailure());
    const code = await setUp(send);
    submit(code, '123456');
    await waitFor(() =>
      expect(describedText(code)).toContain('This code is not right, or it was already used.'),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    submit(code, '654321');
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'We could not reach the server. Please check your connection and try again.',
    );
  });
});
