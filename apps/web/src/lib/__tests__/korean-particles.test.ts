import { describe, expect, it } from 'vitest';
import { createTestI18n } from '@/testing/app';

/**
 * The `josa` format of the app's i18next (lib/i18n.ts) on the real Korean texts: the value is
 * written with the particle its last sound takes, and English is untouched.
 */
describe('Korean particles in translations', () => {
  it('picks 가 or 이 for a request number by how it is read', async () => {
    const i18n = await createTestI18n('ko');
    const t = i18n.getFixedT('ko', 'transactions');
    expect(t('form.successMessage', { number: 'S00000002' })).toBe(
      '요청 S00000002가 접수되었습니다.',
    );
    expect(t('form.successMessage', { number: 'S00000003' })).toBe(
      '요청 S00000003이 접수되었습니다.',
    );
    expect(t('form.successMessage', { number: 'S00000001' })).toBe(
      '요청 S00000001이 접수되었습니다.',
    );
  });

  it('takes 로 after ㄹ and a vowel, 으로 after another consonant', async () => {
    const i18n = await createTestI18n('ko');
    const t = i18n.getFixedT('ko', 'profile');
    expect(t('nameChange.approved', { name: '김하늘' })).toBe('이름이 김하늘로 변경되었습니다.');
    expect(t('nameChange.approved', { name: '이서아' })).toBe('이름이 이서아로 변경되었습니다.');
    expect(t('nameChange.approved', { name: '김서연' })).toBe('이름이 김서연으로 변경되었습니다.');
  });

  it('handles two values in one text, each with its own particle', async () => {
    const i18n = await createTestI18n('ko');
    const t = i18n.getFixedT('ko', 'depositsAdmin');
    expect(t('decide.matched', { reference: 'BANK-0001', number: 'B00000010' })).toBe(
      '입금 BANK-0001로 B00000010을 완료했습니다.',
    );
  });

  it('leaves English as it is', async () => {
    const i18n = await createTestI18n('en');
    const t = i18n.getFixedT('en', 'transactions');
    expect(t('form.successMessage', { number: 'S00000002' })).toMatch(/S00000002(?!가|이)/);
  });
});
