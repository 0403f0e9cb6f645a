import type { ServiceStatus } from '@portal/contracts';
import {
  clockText,
  dayBar,
  daysSummary,
  overallUptimeText,
  serviceUptimeText,
  uptimeText,
} from './status-text';

describe('status page texts', () => {
  it('writes uptime without rounding up to 100%', () => {
    expect(uptimeText(100)).toBe('100%');
    expect(uptimeText(99.999)).toBe('99.99%');
    expect(uptimeText(99.9)).toBe('99.9%');
    expect(uptimeText(95)).toBe('95%');
    expect(uptimeText(null)).toBe('No data');
  });

  it('names each day and its uptime, and a day without samples as no data', () => {
    expect(dayBar({ date: '2026-11-27', uptime: 100, sampledMinutes: 1440, degradedMinutes: 0 })).toEqual({
      kind: 'full',
      label: 'Nov 27, 2026: 100% uptime',
    });
    expect(dayBar({ date: '2026-11-27', uptime: 97.5, sampledMinutes: 1440, degradedMinutes: 0 }).kind).toBe(
      'partial',
    );
    expect(dayBar({ date: '2026-11-27', uptime: 50, sampledMinutes: 1440, degradedMinutes: 0 }).kind).toBe(
      'down',
    );
    expect(dayBar({ date: '2026-11-27', uptime: null, sampledMinutes: 0, degradedMinutes: 0 })).toEqual({
      kind: 'none',
      label: 'Nov 27, 2026: no data',
    });
  });

  it('sums the 90 days up in words', () => {
    const day = (uptime: number | null) => ({
      date: '2026-11-27',
      uptime,
      sampledMinutes: uptime === null ? 0 : 1,
      degradedMinutes: 0,
    });
    expect(daysSummary([day(100), day(99), day(null)])).toBe('3 days, 1 with downtime, 1 without data');
    expect(daysSummary([day(100), day(100)])).toBe('2 days, no downtime on any measured day');
    expect(daysSummary([day(null), day(null)])).toBe('2 days, none measured yet');
  });

  it('shows a day with degraded minutes as up but never as a clean day', () => {
    expect(dayBar({ date: '2026-11-27', uptime: 100, sampledMinutes: 1440, degradedMinutes: 14 })).toEqual({
      kind: 'partial',
      label: 'Nov 27, 2026: 100% uptime, 14 minutes degraded',
    });
    expect(dayBar({ date: '2026-11-27', uptime: 100, sampledMinutes: 1440, degradedMinutes: 1 }).label).toBe(
      'Nov 27, 2026: 100% uptime, 1 minute degraded',
    );
  });

  it('says over how many measured days the figure is, and nothing before the first sample', () => {
    const service = (sampled: (index: number) => boolean) =>
      ({
        days: Array.from({ length: 90 }, (_, index) => ({
          date: '2026-11-27',
          uptime: sampled(index) ? 100 : null,
          sampledMinutes: sampled(index) ? 60 : 0,
          degradedMinutes: 0,
        })),
      }) as ServiceStatus;
    const measuredToday = service((index) => index === 89);
    const never = service(() => false);
    expect(overallUptimeText({ uptime: 100, services: [measuredToday, never] }, 90)).toBe(
      '100% uptime over 1 measured day of the last 90',
    );
    expect(
      overallUptimeText({ uptime: 99.5, services: [service((index) => index > 2), measuredToday] }, 90),
    ).toBe('99.5% uptime over 87 measured days of the last 90');
    expect(overallUptimeText({ uptime: 99.95, services: [service(() => true)] }, 90)).toBe(
      '99.95% uptime over the last 90 days',
    );
    expect(overallUptimeText({ uptime: null, services: [never] }, 90)).toBe('Uptime not measured yet');
    expect(serviceUptimeText(null)).toBe('Not measured yet');
    expect(serviceUptimeText(99.5)).toBe('99.5% uptime');
  });

  it('writes the time the figures were taken as a clock shows it', () => {
    const clock = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
    for (let minute = 0; minute < 24 * 60; minute += 7) {
      const instant = new Date(Date.UTC(2026, 10, 27, 0, minute));
      expect(clockText(instant.toISOString())).toBe(clock.format(instant));
    }
  });
});
