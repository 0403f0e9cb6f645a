import {
  addCalendarDays,
  calendarDaysBetween,
  earliestKpiRangeStart,
  kpiRangeMessages,
  kpiRangeQuerySchema,
  resolveKpiRange,
} from './metrics';

describe('KPI ranges', () => {
  const resolve = (query: Record<string, string>, today = '2026-11-24') =>
    resolveKpiRange(kpiRangeQuerySchema.parse(query), today);

  it('resolves each preset to its days ending today', () => {
    expect(resolve({})).toEqual({ range: { preset: '30d', from: '2026-10-26', to: '2026-11-24' } });
    expect(resolve({ range: '7d' })).toEqual({
      range: { preset: '7d', from: '2026-11-18', to: '2026-11-24' },
    });
    expect(resolve({ range: '90d' })).toEqual({
      range: { preset: '90d', from: '2026-08-27', to: '2026-11-24' },
    });
    expect(resolve({ range: 'month' }, '2026-03-01')).toEqual({
      range: { preset: 'month', from: '2026-03-01', to: '2026-03-01' },
    });
    expect(resolve({ range: 'custom', from: '2026-01-01', to: '2026-01-31' })).toEqual({
      range: { preset: 'custom', from: '2026-01-01', to: '2026-01-31' },
    });
    expect(resolve({ range: 'custom', from: '2026-11-01', to: '2026-11-25' })).toEqual({
      error: kpiRangeMessages.inFuture,
    });
  });

  it('allows 13 months back, clamped to the end of a shorter month', () => {
    expect(earliestKpiRangeStart('2026-11-24')).toBe('2025-10-24');
    expect(earliestKpiRangeStart('2026-03-31')).toBe('2025-02-28');
    expect(earliestKpiRangeStart('2025-03-31')).toBe('2024-02-29');
    expect(earliestKpiRangeStart('2026-01-15')).toBe('2024-12-15');
    const tooLong = kpiRangeQuerySchema.safeParse({ range: 'custom', from: '2025-10-23', to: '2026-11-24' });
    expect(tooLong.error?.issues[0].message).toBe(kpiRangeMessages.tooLong);
  });

  it('counts calendar days across a month and a daylight-saving change', () => {
    expect(addCalendarDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(calendarDaysBetween('2026-03-01', '2026-03-31')).toBe(31);
    expect(calendarDaysBetween('2025-10-24', '2026-11-24')).toBe(397);
  });
});
