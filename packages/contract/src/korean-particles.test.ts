import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { finalSound, isParticlePair, particleFor, withParticle } from './korean-particles';

describe('Korean particles', () => {
  it('reads a Hangul word by its last syllable', () => {
    expect(finalSound('사과')).toBe('vowel');
    expect(finalSound('홍길동')).toBe('consonant');
    expect(finalSound('대행사')).toBe('vowel');
    expect(finalSound('운영자')).toBe('vowel');
    expect(finalSound('고객')).toBe('consonant');
    expect(finalSound('서울')).toBe('rieul');
    expect(finalSound('김서연')).toBe('consonant');
  });

  it('picks each pair by that sound', () => {
    expect(withParticle('사과', '을/를')).toBe('사과를');
    expect(withParticle('홍길동', '을/를')).toBe('홍길동을');
    expect(withParticle('사과', '이/가')).toBe('사과가');
    expect(withParticle('홍길동', '이/가')).toBe('홍길동이');
    expect(withParticle('사과', '은/는')).toBe('사과는');
    expect(withParticle('홍길동', '은/는')).toBe('홍길동은');
    expect(withParticle('사과', '와/과')).toBe('사과와');
    expect(withParticle('홍길동', '와/과')).toBe('홍길동과');
    expect(withParticle('대행사', '으로/로')).toBe('대행사로');
    expect(withParticle('김서연', '으로/로')).toBe('김서연으로');
  });

  it('takes 로 after ㄹ, and only 으로/로 treats ㄹ apart', () => {
    expect(withParticle('서울', '으로/로')).toBe('서울로');
    expect(withParticle('물', '으로/로')).toBe('물로');
    expect(withParticle('서울', '을/를')).toBe('서울을');
    expect(withParticle('서울', '이/가')).toBe('서울이');
    expect(withParticle('서울', '은/는')).toBe('서울은');
    expect(withParticle('서울', '와/과')).toBe('서울과');
  });

  it('reads digits as Koreans read them', () => {
    // 영 일 이 삼 사 오 육 칠 팔 구
    const expected = ['이', '이', '가', '이', '가', '가', '이', '이', '이', '가'];
    for (let digit = 0; digit <= 9; digit += 1) {
      const word = `S0000000${digit}`;
      expect(particleFor(word, '이/가'), word).toBe(expected[digit]);
    }
    expect(withParticle('S00000002', '이/가')).toBe('S00000002가');
    expect(withParticle('S00000001', '이/가')).toBe('S00000001이');
    expect(withParticle('S00000003', '이/가')).toBe('S00000003이');
    // 일, 칠, 팔 end in ㄹ: 로, not 으로.
    expect(withParticle('1', '으로/로')).toBe('1로');
    expect(withParticle('7', '으로/로')).toBe('7로');
    expect(withParticle('8', '으로/로')).toBe('8로');
    expect(withParticle('3', '으로/로')).toBe('3으로');
    expect(withParticle('6', '으로/로')).toBe('6으로');
    expect(withParticle('0', '으로/로')).toBe('0으로');
    expect(withParticle('9', '으로/로')).toBe('9로');
  });

  it('reads a whole number by its unit, fractions and leading zeros digit by digit', () => {
    expect(withParticle('1,385', '으로/로')).toBe('1,385로'); // 천삼백팔십오
    expect(withParticle('1,390', '으로/로')).toBe('1,390으로'); // …구십
    expect(withParticle('1,400', '으로/로')).toBe('1,400으로'); // 천사백
    expect(withParticle('2,000', '으로/로')).toBe('2,000으로'); // 이천
    expect(withParticle('10,000', '이/가')).toBe('10,000이'); // 만
    expect(withParticle('100,000,000', '이/가')).toBe('100,000,000이'); // 억
    expect(withParticle('1,000,000,000,000', '이/가')).toBe('1,000,000,000,000가'); // 조
    expect(withParticle('1,385.5', '으로/로')).toBe('1,385.5로'); // …점 오
    expect(withParticle('1,385.10', '으로/로')).toBe('1,385.10으로'); // …점 일 영
    expect(withParticle('S00000010', '이/가')).toBe('S00000010이'); // …일 영
    expect(withParticle('0', '이/가')).toBe('0이'); // 영
    expect(withParticle('12%', '이/가')).toBe('12%가'); // 퍼센트
  });

  it('reads capital abbreviations by their letter names', () => {
    expect(withParticle('USDT', '을/를')).toBe('USDT를'); // 티
    expect(withParticle('KRW', '을/를')).toBe('KRW를'); // 더블유
    expect(withParticle('URL', '으로/로')).toBe('URL로'); // 엘
    expect(withParticle('BAR', '으로/로')).toBe('BAR로'); // 알
    expect(withParticle('ATM', '이/가')).toBe('ATM이'); // 엠
    expect(withParticle('SUN', '이/가')).toBe('SUN이'); // 엔
    expect(withParticle('A', '이/가')).toBe('A가'); // 에이
  });

  it('reads English words as they are written in Hangul', () => {
    expect(withParticle('Hanbit Wallet', '을/를')).toBe('Hanbit Wallet을'); // 월렛
    expect(withParticle('Daehan Pay', '을/를')).toBe('Daehan Pay를'); // 페이
    expect(withParticle('Oldwave Exchange', '을/를')).toBe('Oldwave Exchange를'); // 익스체인지
    expect(withParticle('Hanbit main', '이/가')).toBe('Hanbit main이'); // 메인
    expect(withParticle('Mobile', '으로/로')).toBe('Mobile로'); // 모바일
    expect(withParticle('Apple', '으로/로')).toBe('Apple로'); // 애플
    expect(withParticle('Game', '이/가')).toBe('Game이'); // 게임
    expect(withParticle('Phone', '이/가')).toBe('Phone이'); // 폰
    expect(withParticle('Banking', '이/가')).toBe('Banking이'); // 뱅킹
    expect(withParticle('Magic', '이/가')).toBe('Magic이'); // 매직
    expect(withParticle('Back', '이/가')).toBe('Back이'); // 백
    expect(withParticle('App', '이/가')).toBe('App이'); // 앱
    expect(withParticle('Web', '이/가')).toBe('Web이'); // 웹
    expect(withParticle('Book', '이/가')).toBe('Book이'); // 북
    expect(withParticle('Test', '이/가')).toBe('Test가'); // 테스트
    expect(withParticle('Bank', '이/가')).toBe('Bank가'); // 뱅크
    expect(withParticle('Help', '이/가')).toBe('Help가'); // 헬프
    expect(withParticle('Boat', '이/가')).toBe('Boat가'); // 보트
    expect(withParticle('Card', '이/가')).toBe('Card가'); // 카드
    expect(withParticle('Box', '이/가')).toBe('Box가'); // 박스
  });

  it('skips trailing punctuation and spaces', () => {
    expect(withParticle('홍길동 (main)', '이/가')).toBe('홍길동 (main)이');
    expect(withParticle('“급여 계좌”', '으로/로')).toBe('“급여 계좌”로');
    expect(withParticle('S00000003 ', '이/가')).toBe('S00000003 이');
  });

  it('keeps both forms when it cannot tell: empty input, symbols, scripts not read aloud', () => {
    expect(withParticle('', '을/를')).toBe('을(를)');
    expect(withParticle('', '이/가')).toBe('이(가)');
    expect(withParticle('', '은/는')).toBe('은(는)');
    expect(withParticle('', '와/과')).toBe('와(과)');
    expect(withParticle('', '으로/로')).toBe('(으)로');
    expect(withParticle('---', '이/가')).toBe('---이(가)');
    expect(withParticle('東京', '이/가')).toBe('東京이(가)');
    expect(withParticle('Москва', '으로/로')).toBe('Москва(으)로');
  });

  it('reads lone jamo by their names', () => {
    expect(withParticle('ㄱ', '이/가')).toBe('ㄱ이'); // 기역
    expect(withParticle('ㄹ', '으로/로')).toBe('ㄹ로'); // 리을
    expect(withParticle('ㅏ', '이/가')).toBe('ㅏ가'); // 아
  });

  it('knows exactly the five pairs', () => {
    for (const pair of ['을/를', '이/가', '은/는', '와/과', '으로/로'])
      expect(isParticlePair(pair)).toBe(true);
    for (const pair of ['를/을', '에/에게', '', 'toString', '__proto__'])
      expect(isParticlePair(pair)).toBe(false);
  });

  it('always appends exactly one of the pair’s forms to any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 20 }), (word) => {
        const particle = particleFor(word, '으로/로');
        expect(['으로', '로', '(으)로']).toContain(particle);
        expect(withParticle(word, '으로/로')).toBe(word + particle);
      }),
    );
  });

  it('agrees with the syllable’s own 받침 for every Hangul syllable', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0xac00, max: 0xd7a3 }), (code) => {
        const syllable = String.fromCharCode(code);
        const jong = (code - 0xac00) % 28;
        const expected = jong === 0 ? '를' : '을';
        expect(particleFor(`머천트 ${syllable}`, '을/를')).toBe(expected);
        expect(particleFor(syllable, '으로/로')).toBe(jong === 0 || jong === 8 ? '로' : '으로');
      }),
    );
  });
});
