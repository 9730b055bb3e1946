import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_KYC_FILE_BYTES, type KycDocument } from '@portal/contract/kyc';
import { KycDocuments } from '@/features/kyc/components/kyc-documents';
import { apiRequests, mockApi } from '@/testing/api';
import { apiFailure, ok, renderApp, testUser } from '@/testing/app';

const submitted: KycDocument = {
  id: '0b6c7c5e-1111-4111-8111-000000000001',
  kind: 'id_front',
  status: 'submitted',
  contentType: 'image/png',
  sizeBytes: 2048,
  uploadedAt: '2026-03-02T01:02:03.000Z',
  reviewedAt: null,
  rejectionReason: null,
};
const rejected: KycDocument = {
  ...submitted,
  id: '0b6c7c5e-1111-4111-8111-000000000002',
  kind: 'bank_book',
  status: 'rejected',
  contentType: 'application/pdf',
  reviewedAt: '2026-03-03T01:02:03.000Z',
  rejectionReason: 'The account number is not readable.',
};
const approved: KycDocument = {
  ...submitted,
  id: '0b6c7c5e-1111-4111-8111-000000000003',
  kind: 'id_back',
  status: 'approved',
};

function answerApi() {
  return mockApi.get.mockImplementation((url: string) => {
    if (url === '/auth/me') return Promise.resolve(ok({ user: testUser }));
    if (url === '/kyc/documents') {
      return Promise.resolve(
        ok({
          documents: { id_front: submitted, id_back: approved, selfie: null, bank_book: rejected },
        }),
      );
    }
    if (url.endsWith('/file')) return Promise.resolve(ok(new Blob(['png'], { type: 'image/png' })));
    return Promise.reject(new Error(`unexpected GET ${url}`));
  });
}

const card = (name: string) => screen.getByRole('region', { name });
const fileInput = (region: HTMLElement) => {
  const input = region.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input in this card');
  return input;
};
function pick(region: HTMLElement, file: File) {
  fireEvent.change(fileInput(region), { target: { files: [file] } });
}
function sized(file: File, size: number): File {
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

beforeEach(() => {
  answerApi();
  Object.defineProperty(URL, 'createObjectURL', {
    value: vi.fn(() => 'blob:preview'),
    configurable: true,
  });
  Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
});
afterEach(() => vi.restoreAllMocks());

describe('verification documents', () => {
  it('shows the four documents, each a named card with its status', async () => {
    await renderApp(<KycDocuments />);
    await screen.findByRole('region', { name: 'Selfie' });
    const badges = {
      'ID card or driver licence — front': 'Submitted — under review',
      'ID card or driver licence — back': 'Approved',
      Selfie: 'Not submitted',
      'Bank book copy': 'Rejected',
    };
    for (const [name, status] of Object.entries(badges)) {
      expect(within(card(name)).getByText(status)).toBeTruthy();
    }
    expect(
      within(card('Bank book copy')).getByText('Rejected: The account number is not readable.'),
    ).toBeTruthy();
  });

  it('shows the stored file, fetched through the API client, and no dropzone once approved', async () => {
    const get = answerApi();
    await renderApp(<KycDocuments />);
    const front = await screen.findByRole('region', { name: 'ID card or driver licence — front' });
    expect(await within(front).findByRole('img', { name: /Submitted file/ })).toBeTruthy();
    expect(get).toHaveBeenCalledWith(`/kyc/documents/${submitted.id}/file`);
    const back = card('ID card or driver licence — back');
    expect(back.querySelector('input[type="file"]')).toBeNull();
    expect(within(back).queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('refuses a file over 10 MB before sending it', async () => {
    const post = mockApi.post;
    await renderApp(<KycDocuments />);
    const selfie = await screen.findByRole('region', { name: 'Selfie' });
    pick(selfie, sized(new File(['x'], 'me.png', { type: 'image/png' }), MAX_KYC_FILE_BYTES + 1));
    expect((await within(selfie).findByRole('alert')).textContent).toBe(
      'This file is larger than 10 MB. Please choose a smaller file.',
    );
    expect(within(selfie).queryByRole('button', { name: 'Upload' })).toBeNull();
    expect(post).not.toHaveBeenCalled();
  });

  it('refuses a type it does not accept: a PDF selfie, a text file (in Korean too)', async () => {
    await renderApp(<KycDocuments />, { language: 'ko' });
    const selfie = await screen.findByRole('region', { name: '본인 얼굴 사진(셀피)' });
    pick(selfie, new File(['%PDF-1.7'], 'me.pdf', { type: 'application/pdf' }));
    expect((await within(selfie).findByRole('alert')).textContent).toBe(
      '허용되지 않는 파일 형식입니다. JPEG, PNG 또는 WebP 이미지를 선택해 주세요.',
    );
    const bankBook = card('통장 사본');
    pick(bankBook, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect((await within(bankBook).findByRole('alert')).textContent).toBe(
      '허용되지 않는 파일 형식입니다. JPEG, PNG, WebP 이미지 또는 PDF를 선택해 주세요.',
    );
  });

  it('previews the picked file, then uploads it as multipart form data', async () => {
    const post = mockApi.post.mockResolvedValue(
      ok({ ...submitted, id: 'new', kind: 'selfie' }, 201),
    );
    await renderApp(<KycDocuments />);
    const selfie = await screen.findByRole('region', { name: 'Selfie' });
    const file = new File(['png'], 'me.png', { type: 'image/png' });
    pick(selfie, file);
    expect(
      await within(selfie).findByRole('img', { name: 'Preview of the new file: Selfie' }),
    ).toBeTruthy();
    fireEvent.click(within(selfie).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    const [url, body] = post.mock.calls[0]!;
    expect(url).toBe('/kyc/documents/selfie');
    // As it arrived: multipart with the browser's boundary, the file under `file`.
    expect(
      apiRequests.find(({ method }) => method === 'POST')?.headers.get('content-type'),
    ).toMatch(/^multipart\/form-data; boundary=/);
    // jsdom hands Node's fetch the file without its name (and on Node 24 without its bytes); the
    // browser tests upload real files and read them back.
    expect(((body as FormData).get('file') as File).type).toBe('image/png');
    expect(await screen.findByText('Selfie: uploaded. We will review it shortly.')).toBeTruthy();
  });

  it('shows the server refusal by its code', async () => {
    mockApi.post.mockRejectedValue(apiFailure(415, 'FILE_TYPE_NOT_ALLOWED'));
    await renderApp(<KycDocuments />);
    const selfie = await screen.findByRole('region', { name: 'Selfie' });
    pick(selfie, new File(['not really a png'], 'me.png', { type: 'image/png' }));
    fireEvent.click(await within(selfie).findByRole('button', { name: 'Upload' }));
    expect((await within(selfie).findByRole('alert')).textContent).toMatch(
      /^This file type is not accepted\./,
    );
  });

  it.each([
    [
      'en',
      'Selfie',
      [
        [
          422,
          'IMAGE_TOO_LARGE',
          'This image is too large to process. Please send a smaller photo: an ordinary phone photo of the document is fine.',
        ],
        [
          422,
          'IMAGE_PROCESSING_TIMEOUT',
          'This image took too long to process. Please send a smaller photo, or save it as JPEG and send it again.',
        ],
        [
          429,
          'UPLOADS_BUSY',
          'Too many uploads are being processed right now. Please wait a few seconds and send the file again.',
        ],
      ],
    ],
    [
      'ko',
      '본인 얼굴 사진(셀피)',
      [
        [
          422,
          'IMAGE_TOO_LARGE',
          '이미지가 너무 커서 처리할 수 없습니다. 더 작은 사진을 보내 주세요. 휴대폰으로 서류를 찍은 일반 사진이면 됩니다.',
        ],
        [
          422,
          'IMAGE_PROCESSING_TIMEOUT',
          '이미지를 처리하는 데 시간이 너무 오래 걸렸습니다. 더 작은 사진을 보내거나, JPEG로 저장한 뒤 다시 보내 주세요.',
        ],
        [
          429,
          'UPLOADS_BUSY',
          '지금 처리 중인 업로드가 많습니다. 몇 초 뒤에 파일을 다시 보내 주세요.',
        ],
      ],
    ],
  ] as const)(
    'says in %s what to do when the server will not decode a photo now',
    async (language, selfieName, answers) => {
      await renderApp(<KycDocuments />, { language });
      const selfie = await screen.findByRole('region', { name: selfieName });
      pick(selfie, new File(['png'], 'me.png', { type: 'image/png' }));
      // The picked file stays after a refusal: the person may send it again or choose another.
      const send = await within(selfie).findByRole('button', { name: /^(Upload|업로드)$/ });
      for (const [status, code, text] of answers) {
        mockApi.post.mockRejectedValueOnce(apiFailure(status, code));
        fireEvent.click(send);
        await waitFor(() => expect(within(selfie).getByRole('alert').textContent).toBe(text));
      }
    },
  );

  it('deletes a document that is not approved, after asking', async () => {
    const remove = mockApi.delete.mockResolvedValue(ok('', 204));
    await renderApp(<KycDocuments />);
    const front = await screen.findByRole('region', { name: 'ID card or driver licence — front' });
    fireEvent.click(
      within(front).getByRole('button', { name: 'Delete: ID card or driver licence — front' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete this document?' });
    expect(remove).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith(`/kyc/documents/${submitted.id}`));
  });

  it('opens the file picker with a real button, named after its visible text', async () => {
    await renderApp(<KycDocuments />);
    const selfie = await screen.findByRole('region', { name: 'Selfie' });
    const choose = within(selfie).getByRole('button', { name: 'Choose a file for: Selfie' });
    expect(choose.textContent).toBe('Choose a file');
    const click = vi.spyOn(fileInput(selfie), 'click');
    fireEvent.click(choose);
    expect(click).toHaveBeenCalledTimes(1);
  });
});
