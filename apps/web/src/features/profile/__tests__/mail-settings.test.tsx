import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MailSettings as Settings } from '@portal/contract/mail';
import { MailSettings } from '@/features/profile/components/mail-settings';
import { mockApi } from '@/testing/api';
import { ok, renderApp, testUser } from '@/testing/app';

function answer(settings: Settings) {
  mockApi.get.mockImplementation((url: string) =>
    Promise.resolve(url === '/profile/mail-settings' ? ok(settings) : ok({ user: testUser })),
  );
}

afterEach(() => vi.restoreAllMocks());

// The transaction mails' switch and the mails' language on Profile (docs/decisions/027).
describe('mail settings', () => {
  it.each([
    [
      'en',
      'Email me when a transaction completes or is cancelled',
      'Your mail settings are saved.',
    ],
    ['ko', '거래가 완료되거나 취소되면 이메일로 알려 주세요', '메일 설정을 저장했습니다.'],
  ] as const)(
    '(%s) turns the transaction mails off and says so',
    async (language, label, saved) => {
      answer({ transactionMails: true, language: 'ko' });
      mockApi.put.mockResolvedValue(ok({ transactionMails: false, language: 'ko' }));
      await renderApp(<MailSettings />, { language });
      await screen.findByText(label);
      const toggle = screen.getByRole('switch');
      expect((toggle as HTMLInputElement).checked).toBe(true);
      fireEvent.click(toggle);
      await waitFor(() =>
        expect(mockApi.put).toHaveBeenCalledWith('/profile/mail-settings', {
          transactionMails: false,
        }),
      );
      expect(await screen.findByText(saved)).toBeTruthy();
      await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(false));
    },
  );

  it('chooses the language mails are written in', async () => {
    answer({ transactionMails: false, language: 'ko' });
    mockApi.put.mockResolvedValue(ok({ transactionMails: false, language: 'en' }));
    await renderApp(<MailSettings />);
    fireEvent.click(await screen.findByLabelText('English'));
    await waitFor(() =>
      expect(mockApi.put).toHaveBeenCalledWith('/profile/mail-settings', { language: 'en' }),
    );
  });
});
