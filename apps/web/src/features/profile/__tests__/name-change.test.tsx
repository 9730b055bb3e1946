import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyNameChangeResponse } from '@portal/contract/name-change';
import { PersonalInfoForm } from '@/features/profile/components/personal-info-form';
import { mockApi } from '@/testing/api';
import { apiFailure, ok, renderApp, testUser } from '@/testing/app';

/** The name deposits are matched by: read-only once verified, changed by request. */
function answer(nameChange: MyNameChangeResponse) {
  mockApi.get.mockImplementation((url: string) =>
    Promise.resolve(url === '/profile/name-change' ? ok(nameChange) : ok({ user: testUser })),
  );
}

function describedText(input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

afterEach(() => vi.restoreAllMocks());

describe('a verified name', () => {
  it('is read-only, and a new one is requested with a photo of the new ID card', async () => {
    answer({ nameLocked: true, request: null });
    const post = mockApi.post.mockResolvedValue(
      ok(
        {
          id: 'n1',
          currentName: testUser.name,
          requestedName: '김서연',
          status: 'submitted',
          createdAt: '2026-11-25T01:00:00.000Z',
          decidedAt: null,
          rejectionReason: null,
        },
        201,
      ),
    );
    const put = mockApi.put;
    await renderApp(<PersonalInfoForm />);
    const name = await screen.findByDisplayValue('김민준');
    await waitFor(() => expect(name).toHaveProperty('readOnly', true));
    expect(describedText(name)).toContain('Your name is verified against your identity documents.');

    fireEvent.click(screen.getByRole('button', { name: 'Request a name change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a name change' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    const newName = within(dialog).getByLabelText(/^New name/);
    await waitFor(() => expect(describedText(newName)).toContain('This field is required.'));
    expect(post).not.toHaveBeenCalled();

    fireEvent.change(newName, { target: { value: '김서연' } });
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'id.jpg', { type: 'image/jpeg' });
    const fileInput = dialog.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(fileInput, { target: { files: [photo] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));

    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    const [url, body] = post.mock.calls[0]!;
    expect(url).toBe('/profile/name-change');
    expect((body as FormData).get('name')).toBe('김서연');
    expect(((body as FormData).get('file') as File).type).toBe('image/jpeg');
    expect(await screen.findByText('Your name change request has been sent.')).toBeTruthy();
    // Sending the request did not save the personal information form around it.
    expect(put).not.toHaveBeenCalled();
  });

  it('shows a request waiting for review, and a rejection with its reason', async () => {
    const request = {
      id: 'n1',
      currentName: testUser.name,
      requestedName: '김서연',
      status: 'submitted' as const,
      createdAt: '2026-11-25T01:00:00.000Z',
      decidedAt: null,
      rejectionReason: null,
    };
    answer({ nameLocked: true, request });
    const { unmount } = await renderApp(<PersonalInfoForm />);
    expect(
      await screen.findByText('Your request to change your name to 김서연 is waiting for review.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Request a name change' })).toHaveProperty(
      'disabled',
      true,
    );
    unmount();
    vi.restoreAllMocks();

    answer({
      nameLocked: true,
      request: { ...request, status: 'rejected', rejectionReason: 'The photo is blurred.' },
    });
    await renderApp(<PersonalInfoForm />, { language: 'ko' });
    expect(
      await screen.findByText(
        '김서연으로 이름을 바꾸는 요청이 반려되었습니다: The photo is blurred.',
      ),
    ).toBeTruthy();
  });
});

describe('a name change the server will not decode now', () => {
  async function sendPhoto(language: 'en' | 'ko', failure: ReturnType<typeof apiFailure>) {
    answer({ nameLocked: true, request: null });
    mockApi.post.mockRejectedValue(failure);
    await renderApp(<PersonalInfoForm />, { language });
    await screen.findByDisplayValue('김민준');
    const open = language === 'en' ? 'Request a name change' : /이름 변경 요청/;
    fireEvent.click(screen.getByRole('button', { name: open }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getAllByRole('textbox')[0]!, { target: { value: '김서연' } });
    const photo = new File([new Uint8Array([0x89, 0x50])], 'id.png', { type: 'image/png' });
    const fileInput = dialog.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(fileInput, { target: { files: [photo] } });
    fireEvent.submit(dialog.querySelector('form')!);
    await waitFor(() => expect(mockApi.post).toHaveBeenCalledTimes(1));
    return dialog;
  }
  const photoField = (dialog: HTMLElement) =>
    within(dialog).getByLabelText(
      /^(Photo of your new ID card or driver licence|새 신분증 또는 운전면허증 사진)/,
    );

  it.each([
    [
      'en',
      'This image is too large to process. Please send a smaller photo: an ordinary phone photo of the document is fine.',
    ],
    [
      'ko',
      '이미지가 너무 커서 처리할 수 없습니다. 더 작은 사진을 보내 주세요. 휴대폰으로 서류를 찍은 일반 사진이면 됩니다.',
    ],
  ] as const)('says on the photo, in %s, that it is too large', async (language, text) => {
    const dialog = await sendPhoto(language, apiFailure(422, 'IMAGE_TOO_LARGE'));
    await waitFor(() => expect(describedText(photoField(dialog))).toContain(text));
  });

  it('says on the photo that it took too long', async () => {
    const dialog = await sendPhoto('en', apiFailure(422, 'IMAGE_PROCESSING_TIMEOUT'));
    await waitFor(() =>
      expect(describedText(photoField(dialog))).toContain(
        'This image took too long to process. Please send a smaller photo, or save it as JPEG and send it again.',
      ),
    );
  });

  it('says above the form, in Korean, that uploads are busy', async () => {
    const dialog = await sendPhoto('ko', apiFailure(429, 'UPLOADS_BUSY'));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      '지금 처리 중인 업로드가 많습니다. 몇 초 뒤에 파일을 다시 보내 주세요.',
    );
  });
});

describe('a name not yet verified', () => {
  it('refuses invisible characters before sending', async () => {
    answer({ nameLocked: false, request: null });
    const put = mockApi.put;
    await renderApp(<PersonalInfoForm />);
    const name = await screen.findByDisplayValue('김민준');
    fireEvent.change(name, { target: { value: '김\u3164민준' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(describedText(name)).toContain(
        'A name cannot contain invisible characters or special spaces.',
      ),
    );
    expect(put).not.toHaveBeenCalled();
  });

  it('says on the name why it cannot change while a buy is open', async () => {
    answer({ nameLocked: false, request: null });
    mockApi.put.mockRejectedValue(apiFailure(409, 'OPEN_BUY_REQUESTS'));
    await renderApp(<PersonalInfoForm />);
    const name = await screen.findByDisplayValue('김민준');
    fireEvent.change(name, { target: { value: '김서연' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(describedText(name)).toContain('Your name cannot change while a buy request is open.'),
    );
  });
});
