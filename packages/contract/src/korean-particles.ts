/**
 * Korean particles (조사) that change with the sound a word ends in: 을/를, 이/가, 은/는, 와/과
 * and 으로/로. A message names a transaction, an account or a rate it does not know in advance,
 * so the particle is picked when the word is, by how a Korean reads the word's end aloud
 * (docs/decisions/015-korean-polish.md). Zod-free, for the web and the browser tests.
 *
 * - Hangul: the last syllable's final consonant (받침); ㄹ is its own case for 으로/로.
 * - Digits as Koreans read numbers: S00000002 ends in 2 "이" (a vowel), 1 "일" (ㄹ), 3 "삼";
 *   a whole number ending in zeros ends in its unit (10 "십", 1,000 "천", 10,000 "만"); a
 *   fraction or a number with leading zeros is read digit by digit (0 "영").
 * - Latin letters: a capital abbreviation by its letter names (USDT "티", URL "엘"); a word by
 *   how it is written in Hangul (Wallet "월렛", Pay "페이", Main "메인", Mobile "모바일").
 * - Anything else (no word, or a script Korean does not read aloud) keeps both forms, "을(를)",
 *   as Korean software writes when it cannot tell.
 */

/** How a word ends when read aloud. `rieul`: the consonant ㄹ, which takes 로 rather than 으로. */
export type FinalSound = 'vowel' | 'consonant' | 'rieul' | 'unknown';

const PARTICLES = {
  '을/를': { consonant: '을', vowel: '를', rieul: '을', unknown: '을(를)' },
  '이/가': { consonant: '이', vowel: '가', rieul: '이', unknown: '이(가)' },
  '은/는': { consonant: '은', vowel: '는', rieul: '은', unknown: '은(는)' },
  '와/과': { consonant: '과', vowel: '와', rieul: '과', unknown: '와(과)' },
  '으로/로': { consonant: '으로', vowel: '로', rieul: '로', unknown: '(으)로' },
} as const satisfies Record<string, Record<FinalSound, string>>;

/** The pairs a message may ask for, written as in `{{name, josa(을/를)}}`. */
export type ParticlePair = keyof typeof PARTICLES;

export function isParticlePair(value: string): value is ParticlePair {
  return Object.hasOwn(PARTICLES, value);
}

const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;
/** 받침 index of ㄹ in a precomposed syllable ((code - 가) % 28). */
const FINAL_RIEUL = 8;

/** The sound each digit's Sino-Korean name ends in: 영 일 이 삼 사 오 육 칠 팔 구. */
const DIGIT_ENDS: readonly FinalSound[] = [
  'consonant', // 영
  'rieul', // 일
  'vowel', // 이
  'consonant', // 삼
  'vowel', // 사
  'vowel', // 오
  'consonant', // 육
  'rieul', // 칠
  'rieul', // 팔
  'vowel', // 구
];

/** Letter names as Koreans say them: 엘 and 알 end in ㄹ, 엠 and 엔 in a consonant, the rest
 * (에이, 비, 씨, …, 에프, 엑스, 제트) in a vowel. */
function letterEnd(letter: string): FinalSound {
  if (letter === 'L' || letter === 'R') return 'rieul';
  if (letter === 'M' || letter === 'N') return 'consonant';
  return 'vowel';
}

/**
 * An English word as it is written in Hangul. English spelling does not say this for certain,
 * so these are the common patterns: -ng, -m, -n, -me, -ne end in a consonant (링, 엠, 메인,
 * 게임, 폰); -l, -le in ㄹ (메일, 모바일, 애플); -ck, -ic, -pp, and k, p, b after a vowel or t
 * after one vowel in a consonant (백, 매직, 앱, 북, 웹, 월렛); everything else in a vowel
 * (페이, 카드, 테스트, 박스).
 */
function englishWordEnd(word: string): FinalSound {
  const w = word.toLowerCase();
  if (/(?:[mn]|ng|me|ne)$/.test(w)) return 'consonant';
  if (/(?:l|le)$/.test(w)) return 'rieul';
  if (/(?:ck|ic|pp|[aeiou][kpb]|(?:^|[^aeiou])[aeiou]t)$/.test(w)) return 'consonant';
  return 'vowel';
}

/** A whole number read as one (1,000 "천"): the unit its last non-zero digit stands in. */
function numberEnd(digits: string): FinalSound {
  const zeros = digits.length - digits.replace(/0+$/, '').length;
  if (zeros === 0) return DIGIT_ENDS[Number(digits.at(-1))]!;
  if (zeros === digits.length) return 'consonant'; // 영
  // 십 백 천 (1–3 zeros), 만 (4–7), 억 (8–11) end in a consonant; 조 (12–15) in a vowel;
  // 경 (16–19) in ㅇ. Larger units never occur in the portal's numbers.
  return zeros >= 12 && zeros < 16 ? 'vowel' : 'consonant';
}

/** How `word` ends when a Korean reads it aloud. Trailing punctuation and spaces are skipped. */
export function finalSound(word: string): FinalSound {
  const text = word.replace(/[^\p{L}\p{N}%]+$/u, '');
  const last = text.at(-1);
  if (last === undefined) return 'unknown';
  const code = last.charCodeAt(0);
  if (code >= HANGUL_FIRST && code <= HANGUL_LAST) {
    const final = (code - HANGUL_FIRST) % 28;
    return final === 0 ? 'vowel' : final === FINAL_RIEUL ? 'rieul' : 'consonant';
  }
  // A lone jamo, by its name: ㄹ 리을, other consonants 기역, 니은, …; vowels 아, 애, ….
  if (code >= 0x3131 && code <= 0x314e) return code === 0x3139 ? 'rieul' : 'consonant';
  if (code >= 0x314f && code <= 0x3163) return 'vowel';
  if (last === '%') return 'vowel'; // 퍼센트
  const digits = /(\.?)(\d[\d,]*)$/.exec(text);
  if (digits) {
    const run = digits[2]!.replace(/,/g, '');
    const oneByOne = digits[1] === '.' || (run.length > 1 && run.startsWith('0'));
    return oneByOne ? DIGIT_ENDS[Number(run.at(-1))]! : numberEnd(run);
  }
  const latin = /[A-Za-z]+$/.exec(text)?.[0];
  if (latin) return /[a-z]/.test(latin) ? englishWordEnd(latin) : letterEnd(latin.at(-1)!);
  return 'unknown';
}

/** The particle of `pair` that follows `word`: "S00000002" + 이/가 -> "가". */
export function particleFor(word: string, pair: ParticlePair): string {
  return PARTICLES[pair][finalSound(word)];
}

/** `word` with its particle: "S00000002" + 이/가 -> "S00000002가". */
export function withParticle(word: string, pair: ParticlePair): string {
  return word + particleFor(word, pair);
}
