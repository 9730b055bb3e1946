import '@mantine/dates/styles.css';
import 'dayjs/locale/ko';
import type { ReactNode } from 'react';
import { MantineThemeProvider, type MantineThemeOverride } from '@mantine/core';
import { DatesProvider, type DatesProviderSettings } from '@mantine/dates';
import { useTranslation } from 'react-i18next';

/**
 * The portal's one calendar setting, around every date picker
 * (docs/decisions/015-korean-polish.md).
 * Weeks start on Sunday in both languages: the days are Korea's calendar days and Korean
 * calendars start on Sunday, and a reader who switches language finds every day in the same
 * column. In Korean the headers read year first ("2026년 11월", "2026년"), which Mantine's
 * "MMMM YYYY" would write "11월 2026"; the day names come from dayjs's Korean locale
 * (일 월 화 수 목 금 토). This file loads with the screens that have a picker, not with the
 * first page.
 */
const SETTINGS: Record<'en' | 'ko', DatesProviderSettings> = {
  en: { locale: 'en', firstDayOfWeek: 0, weekendDays: [0, 6] },
  ko: { locale: 'ko', firstDayOfWeek: 0, weekendDays: [0, 6] },
};

const KOREAN_HEADERS: MantineThemeOverride = {
  components: {
    MonthLevel: { defaultProps: { monthLabelFormat: 'YYYY년 M월' } },
    YearLevel: { defaultProps: { yearLabelFormat: 'YYYY년' } },
    DecadeLevel: { defaultProps: { decadeLabelFormat: 'YYYY년' } },
  },
};
const NO_CHANGE: MantineThemeOverride = {};

export function CalendarSettings({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const korean = i18n.language === 'ko';
  return (
    <DatesProvider settings={SETTINGS[korean ? 'ko' : 'en']}>
      <MantineThemeProvider theme={korean ? KOREAN_HEADERS : NO_CHANGE}>
        {children}
      </MantineThemeProvider>
    </DatesProvider>
  );
}
