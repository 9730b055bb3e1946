import { useTranslation } from 'react-i18next';

export const MAIN_CONTENT_ID = 'main-content';

/** The first thing Tab reaches: jumps past the header and menu to the page itself. */
export function SkipLink() {
  const { t } = useTranslation('common');
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      style={{ position: 'absolute', left: 8, top: -48, zIndex: 1000 }}
      onFocus={(event) => (event.currentTarget.style.top = '8px')}
      onBlur={(event) => (event.currentTarget.style.top = '-48px')}
      className="mantine-focus-auto"
    >
      <span
        style={{
          display: 'inline-block',
          padding: '8px 12px',
          background: 'var(--mantine-color-white)',
          color: 'var(--mantine-color-blue-9)',
          border: '2px solid var(--mantine-color-blue-9)',
          borderRadius: 'var(--mantine-radius-md)',
          fontWeight: 600,
        }}
      >
        {t('actions.skipToContent')}
      </span>
    </a>
  );
}
