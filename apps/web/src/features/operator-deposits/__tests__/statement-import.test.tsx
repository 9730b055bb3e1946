import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { previewed, type StatementReport } from '@portal/contract/statement-import';
import { DepositsAdmin } from '@/features/operator-deposits/components/deposits-admin';
import { apiRequests, mockApi } from '@/testing/api';
import { apiFailure, ok, renderApp, testUser } from '@/testing/app';

/**
 * The statement import's two steps on the Deposits screen (docs/decisions/019), in both
 * languages: a file is read and every line shown with what it will do and, for a line that
 * cannot be read, the column and what is wrong in the reader's words; "Import N lines" sends the
 * same file with what the preview showed.
 */
const buy = { id: '9d0f3c1a-1111-4111-8111-000000000012', number: 'B00000012' };
const other = { id: '9d0f3c1a-1111-4111-8111-000000000013', number: 'B00000013' };

const preview: StatementReport = {
  fingerprint: 'a'.repeat(64),
  format: 'csv-cp949',
  receivingAccount: '123456-01-234567',
  imported: false,
  lines: [
    {
      line: 4,
      receivedAt: '2026-11-24T11:35:00+09:00',
      depositorName: '홍길동',
      amountKrw: '1392500',
      bankReference: 'ST-20261124-113500-0123456789ab',
      referenceMade: true,
      outcome: { kind: 'settle', transaction: buy },
      meanwhile: false,
    },
    {
      line: 5,
      receivedAt: '2026-11-24T11:40:00+09:00',
      depositorName: '김타인',
      amountKrw: '500000',
      bankReference: 'ST-20261124-114000-0123456789ac',
      referenceMade: true,
      outcome: { kind: 'review', reason: 'name_differs', transactions: [other] },
      meanwhile: false,
    },
    {
      line: 6,
      receivedAt: '2026-11-24T11:45:00+09:00',
      depositorName: '홍길동',
      amountKrw: null,
      bankReference: null,
      referenceMade: false,
      outcome: {
        kind: 'error',
        problems: [{ column: 'amount', message: 'numberGrouping', value: '1,00' }],
      },
      meanwhile: false,
    },
    {
      line: 7,
      receivedAt: '2026-11-24T12:00:00+09:00',
      depositorName: 'GS25',
      amountKrw: null,
      bankReference: null,
      referenceMade: false,
      outcome: { kind: 'skipped', why: 'withdrawal' },
      meanwhile: false,
    },
  ],
};

const imported: StatementReport = { ...preview, imported: true };

beforeEach(() => {
  mockApi.get.mockImplementation((url: string) => {
    if (url === '/auth/me') return Promise.resolve(ok({ user: { ...testUser, role: 'operator' } }));
    if (url === '/operator/deposits') {
      return Promise.resolve(ok({ items: [], total: 0, page: 1, pageSize: 20 }));
    }
    return Promise.reject(new Error(`unexpected GET ${url}`));
  });
});
afterEach(() => vi.restoreAllMocks());

async function pickFile(language: 'en' | 'ko', button: string, title: string) {
  await renderApp(<DepositsAdmin />, { language });
  fireEvent.click(await screen.findByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog', { name: title });
  const file = new File(['거래일시,보낸분/받는분,입금액\n'], 'kb.csv', { type: 'text/csv' });
  fireEvent.change(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, {
    target: { files: [file] },
  });
  return dialog;
}

function posts() {
  return mockApi.post.mock.calls.map(([url, body]) => ({ url, body: body as FormData }));
}

describe('statement import (operator)', () => {
  it('previews every line with what it will do, then imports exactly that', async () => {
    mockApi.post.mockImplementation((url: string) =>
      Promise.resolve(ok(url.endsWith('/preview') ? preview : imported)),
    );
    const dialog = await pickFile('en', 'Import a bank statement', 'Import a bank statement');
    const region = await within(dialog).findByRole('region', { name: 'Preview' });
    expect(posts()[0]?.url).toBe('/operator/deposits/import/preview');
    expect(
      apiRequests.find(({ method }) => method === 'POST')?.headers.get('content-type'),
    ).toMatch(/^multipart\/form-data; boundary=/);

    const table = within(region).getByRole('table', { name: 'Statement lines' });
    const row = (line: number) =>
      within(table)
        .getAllByRole('row')
        .find((r) => within(r).queryByText(String(line)))!;
    expect(
      within(row(4)).getByText('Records a new deposit that completes buy B00000012.'),
    ).toBeTruthy();
    expect(within(row(4)).getByText('1,392,500 KRW')).toBeTruthy();
    expect(
      within(row(5)).getByText(
        'Records a new deposit that waits for review: depositor name differs.',
      ),
    ).toBeTruthy();
    // The column as the reader calls it, what they wrote, and what is wrong with it.
    expect(
      within(row(6)).getByText(
        'Amount “1,00”: Put commas only between groups of three digits, as in 1,000 or 1,000,000.',
      ),
    ).toBeTruthy();
    expect(within(row(7)).getByText('A withdrawal, not a deposit: skipped.')).toBeTruthy();
    expect(region.textContent).not.toMatch(/amountKrw|amount_krw|decimal places/);
    expect(within(region).getByText('Will complete a buy').nextSibling?.textContent).toBe('1');
    expect(within(region).getByText('With problems').nextSibling?.textContent).toBe('1');
    expect(within(region).getByText(/Read as CSV \(CP949\/EUC-KR\)/)).toBeTruthy();
    expect(within(region).getByText(/into account 123456-01-234567/)).toBeTruthy();

    fireEvent.click(within(region).getByRole('button', { name: 'Import 2 lines' }));
    const done = await within(dialog).findByRole('region', { name: 'Imported' });
    const [, sent] = posts();
    expect(sent?.url).toBe('/operator/deposits/import');
    expect(JSON.parse(sent!.body.get('preview') as string)).toEqual(previewed(preview));
    expect((sent!.body.get('file') as File).type).toBe('text/csv');
    expect(within(done).getByText('New deposit: completed buy B00000012.')).toBeTruthy();
    expect(await screen.findByText('Statement imported: 2 new deposits.')).toBeTruthy();
  });

  it('shows the preview in Korean, in the reader’s words', async () => {
    mockApi.post.mockImplementation((url: string) =>
      Promise.resolve(ok(url.endsWith('/preview') ? preview : imported)),
    );
    const dialog = await pickFile('ko', '은행 거래내역 가져오기', '은행 거래내역 가져오기');
    const region = await within(dialog).findByRole('region', { name: '미리보기' });
    const table = within(region).getByRole('table', { name: '거래내역 줄' });
    expect(
      within(table).getByText('새 입금으로 기록하고 구매 B00000012를 완료합니다.'),
    ).toBeTruthy();
    expect(
      within(table).getByText('새 입금으로 기록하고 확인을 기다립니다. 사유: 입금자명 불일치'),
    ).toBeTruthy();
    expect(
      within(table).getByText(
        '입금액 ‘1,00’: 쉼표(,)는 세 자리마다 넣어 주세요 (예: 1,000, 1,000,000).',
      ),
    ).toBeTruthy();
    expect(within(table).getByText('출금 거래라 건너뜁니다.')).toBeTruthy();
    expect(within(table).getByText('1,392,500원')).toBeTruthy();
    expect(region.textContent).not.toMatch(/amountKrw|amount_krw|소수점 이하/);
    fireEvent.click(within(region).getByRole('button', { name: '2건 가져오기' }));
    const done = await within(dialog).findByRole('region', { name: '가져오기 완료' });
    expect(
      within(done).getByText('새 입금을 기록했고 구매 B00000012를 완료했습니다.'),
    ).toBeTruthy();
    expect(await screen.findByText('거래내역을 가져왔습니다. 새 입금 2건.')).toBeTruthy();
  });

  it('shows the lines as cards on a phone', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('max-width'),
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    mockApi.post.mockResolvedValue(ok(preview));
    const dialog = await pickFile('ko', '은행 거래내역 가져오기', '은행 거래내역 가져오기');
    const cards = await within(dialog).findByRole('list', { name: '거래내역 줄' });
    // One card a line (the problems of a line are a list inside its card).
    const items = Array.from(cards.children) as HTMLElement[];
    expect(items).toHaveLength(4);
    expect(within(items[2]!).getByText(/6번째 줄/)).toBeTruthy();
    expect(within(items[2]!).getByText(/^입금액 ‘1,00’/)).toBeTruthy();
  });

  it('writes nothing when a line changed meanwhile, and shows the file read again with that line marked', async () => {
    const fresh: StatementReport = {
      ...preview,
      lines: preview.lines.map((line) =>
        line.line === 4
          ? {
              ...line,
              outcome: { kind: 'refund_due', reason: 'request_cancelled', transactions: [buy] },
            }
          : line,
      ),
    };
    let previews = 0;
    mockApi.post.mockImplementation((url: string) => {
      if (url.endsWith('/preview')) {
        previews += 1;
        return Promise.resolve(ok(previews === 1 ? preview : fresh));
      }
      return Promise.reject(apiFailure(409, 'STATEMENT_CHANGED'));
    });
    const dialog = await pickFile('en', 'Import a bank statement', 'Import a bank statement');
    const region = await within(dialog).findByRole('region', { name: 'Preview' });
    fireEvent.click(within(region).getByRole('button', { name: 'Import 2 lines' }));
    expect(await within(dialog).findByText('Nothing was imported')).toBeTruthy();
    expect(
      within(dialog).getByText(/Since the preview, line 4 would do something else/),
    ).toBeTruthy();
    expect(within(dialog).getByText('Changed since the preview')).toBeTruthy();
    expect(
      within(dialog).getByText('Records a new deposit to be returned: The request was cancelled.'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Import 2 lines' })).toBeTruthy();
  });

  it.each([
    ['en', 'Import a bank statement', 'Missing: Amount, Depositor.'],
    ['ko', '은행 거래내역 가져오기', '없는 열: 입금액, 입금자명'],
  ] as const)('names the missing columns in %s', async (language, title, missing) => {
    mockApi.post.mockRejectedValue(
      apiFailure(400, 'STATEMENT_COLUMNS_MISSING', {
        fields: { amount: 'required', depositorName: 'required' },
      }),
    );
    const dialog = await pickFile(language, title, title);
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain(missing);
  });

  it('leaves without writing: Cancel goes back to choosing a file', async () => {
    mockApi.post.mockResolvedValue(ok(preview));
    const dialog = await pickFile('en', 'Import a bank statement', 'Import a bank statement');
    const region = await within(dialog).findByRole('region', { name: 'Preview' });
    fireEvent.click(within(region).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(
        within(dialog).getByRole('button', { name: 'Choose a bank statement file' }),
      ).toBeTruthy(),
    );
    expect(posts().map(({ url }) => url)).toEqual(['/operator/deposits/import/preview']);
  });
});
