import { dayBar, daysSummary, uptimeText } from './status-text';

describe('status page texts', () => {
  it('writes uptime without rounding up to 100%', () => {
    expect(uptimeText(100)).toBe('100%');
    expect(uptimeText(99.999)).toBe('99.99%');
    expect(uptimeText(99.9)).toBe('99.9%');
    expect(uptimeText(95)).toBe('95%');
    expect(uptimeText(null)).toBe('No data');
  });

  it('names each day and its uptime, and a day without samples as no data', () => {
    expect(dayBar({ date: '2026-11-27', uptime: 100, sampledMinutes: 1440 })).toEqual({
      kind: 'full',
      label: 'Nov 27, 2026: 100% uptime',
    });
    expect(dayBar({ date: '2026-11-27', uptime: 97.5, sampledMinutes: 1440 }).kind).toBe('partial');
    expect(dayBar({ date: '2026-11-27', uptime: 50, sampledMinutes: 1440 }).kind).toBe('down');
    expect(dayBar({ date: '2026-11-27', uptime: null, sampledMinutes: 0 })).toEqual({
      kind: 'none',
      label: 'Nov 27, 2026: no data',
    });
  });

  it('sums the 90 days up in words', () => {
    const day = (uptime: number | null) => ({
      date: '2026-11-27',
      uptime,
      sampledMinutes: uptime === null ? 0 : 1,
    });
    expect(daysSummary([day(100), day(99), day(null)])).toBe('3 days, 1 with downtime, 1 without data');
    expect(daysSummary([day(100), day(100)])).toBe('2 days, no downtime on any measured day');
  });
});
