import type { CSSProperties } from 'react';

/**
 * Korean wraps between words (at spaces), not inside them: `keep-all` stops the browser from
 * splitting 대행사 into 대행/사. Long unbroken strings (an email address) may still wrap.
 * Harmless for English, whose words never break inside anyway.
 */
export const koreanLineBreaks: CSSProperties = {
  wordBreak: 'keep-all',
  overflowWrap: 'break-word',
};
