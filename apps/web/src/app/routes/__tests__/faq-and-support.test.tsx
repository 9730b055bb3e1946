import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as Faq } from '@/app/routes/app/faq';
import { Component as Support } from '@/app/routes/app/support';
import { mockApi } from '@/testing/api';
import { ok, renderApp, testUser } from '@/testing/app';

afterEach(() => vi.restoreAllMocks());

function answer() {
  mockApi.get.mockImplementation((url: string) =>
    url === '/auth/me'
      ? Promise.resolve(ok({ user: testUser }))
      : Promise.reject(new Error(`unexpected GET ${url}`)),
  );
}

describe('in-app FAQ and Support', () => {
  it('renders the FAQ by topic, and opens an answer', async () => {
    answer();
    await renderApp(<Faq />);
    expect(await screen.findByRole('heading', { level: 1, name: 'FAQ' })).toBeTruthy();
    const topics = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(topics).toEqual([
      'Buying',
      'Deposits and processing',
      'Selling and the open position',
      'Transactions and statuses',
      'Merchant accounts',
      'Verification (KYC)',
    ]);
    const question = screen.getByRole('button', {
      name: 'When is my deposit processed automatically?',
    });
    fireEvent.click(question);
    const deposits = screen.getByRole('region', { name: 'Deposits and processing' });
    expect(within(deposits).getByText(/exactly your registered name/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'What is the open position?' })).toBeTruthy();
  });

  it('renders the FAQ in Korean', async () => {
    answer();
    await renderApp(<Faq />, { language: 'ko' });
    expect(await screen.findByRole('heading', { level: 1, name: '자주 묻는 질문' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '입금과 처리' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '미결제 포지션이란 무엇인가요?' })).toBeTruthy();
  });

  it.each([
    ['en', 'not an investment exchange', 'authorised Korean agencies'],
    ['ko', '투자 거래소가 아니며', '국내 공인 대행사'],
  ] as const)('Support shows telephone, email and the disclaimer (%s)', async (language, a, b) => {
    answer();
    await renderApp(<Support />, { language });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('link', { name: '+82-2-555-0199' }).getAttribute('href')).toBe(
      'tel:+8225550199',
    );
    expect(
      screen.getByRole('link', { name: 'support@wonbridge.example' }).getAttribute('href'),
    ).toBe('mailto:support@wonbridge.example');
    expect(screen.getByText(new RegExp(a))).toBeTruthy();
    expect(screen.getByText(new RegExp(b))).toBeTruthy();
  });
});
