import { formatCalendarDay, formatDate, formatDateTime, formatRelative, lazyDateFormat } from './format-date';

describe('lazyDateFormat', () => {
  const RealDateTimeFormat = Intl.DateTimeFormat;
  let made: Intl.DateTimeFormatOptions[];

  beforeEach(() => {
    made = [];
    const Counting = function (locales?: string | string[], options?: Intl.DateTimeFormatOptions) {
      made.push(options ?? {});
      return new RealDateTimeFormat(locales, options);
    };
    jest.spyOn(Intl, 'DateTimeFormat').mockImplementation(Counting as unknown as typeof Intl.DateTimeFormat);
  });

  afterEach(() => jest.restoreAllMocks());

  it('makes no Intl format until a date is written, then one only, for every date after', () => {
    const options: Intl.DateTimeFormatOptions = {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    };
    const dayFormat = lazyDateFormat(options);
    expect(made).toHaveLength(0);

    expect(dayFormat.format(new Date('2026-12-01T10:30:00Z'))).toBe('Tuesday, December 1');
    expect(dayFormat.format(new Date('2026-12-02T10:30:00Z'))).toBe('Wednesday, December 2');
    expect(made).toEqual([options]);
  });

  it('writes what an en-US Intl.DateTimeFormat with the same options writes', () => {
    const options: Intl.DateTimeFormatOptions = {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'America/Chicago',
    };
    const instant = new Date('2026-03-08T08:15:00Z');
    expect(lazyDateFormat(options).format(instant)).toBe(
      new RealDateTimeFormat('en-US', options).format(instant),
    );
  });
});

describe('the portal date helpers', () => {
  it('writes a calendar day as an en-US date format does in UTC, without making one', () => {
    const usDay = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const made = jest.spyOn(Intl, 'DateTimeFormat');
    const perCall = jest.spyOn(Date.prototype, 'toLocaleDateString');
    try {
      for (let time = Date.UTC(2025, 0, 1); time < Date.UTC(2027, 0, 1); time += 86_400_000) {
        const date = new Date(time).toISOString().slice(0, 10);
        expect(formatCalendarDay(date)).toBe(usDay.format(new Date(time)));
      }
      expect(made).not.toHaveBeenCalled();
      expect(perCall).not.toHaveBeenCalled();
    } finally {
      jest.restoreAllMocks();
    }
  });

  it('write an ISO date-time in the reader’s zone as a US reader expects it', () => {
    const iso = '2026-11-24T15:30:00.000Z';
    expect(formatDate(iso)).toBe(
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(iso)),
    );
    expect(formatDateTime(iso)).toBe(
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
    );
  });

  it('say how long ago a moment was in words', () => {
    const now = Date.parse('2026-11-24T15:30:00Z');
    expect(formatRelative('2026-11-24T15:29:40Z', now)).toBe('just now');
    expect(formatRelative('2026-11-24T12:30:00Z', now)).toBe('3 hours ago');
    expect(formatRelative('2026-11-23T15:30:00Z', now)).toBe('yesterday');
    expect(formatRelative('2024-11-24T15:30:00Z', now)).toBe('2 years ago');
  });
});
