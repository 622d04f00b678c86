import { parseDateBound } from '@support/domain';

/**
 * Loads the ICU data of the process's locale once, at start: the first `Intl.DateTimeFormat` of a
 * process is slow (luxon makes one on its first parse), and otherwise the first list with a date
 * filter paid for it while every request behind it waited.
 */
export const warmIntl = (): void => {
  parseDateBound('2026-01-01', 'end');
};
