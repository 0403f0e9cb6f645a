import { historyDays, historyStart, overallUptime, serviceState, uptimeOf, worstState } from './uptime';

describe('uptime maths', () => {
  const now = new Date('2026-11-28T03:30:00Z');

  it('shows 90 UTC days ending today, oldest first', () => {
    const days = historyDays(now);
    expect(days).toHaveLength(90);
    expect(days.at(-1)).toBe('2026-11-28');
    expect(days[0]).toBe('2026-08-31');
    expect(historyStart(now).toISOString()).toBe('2026-08-31T00:00:00.000Z');
  });

  it('leaves a day without samples as no data, never 100%, and counts the period over sampled minutes only', () => {
    const days = ['2026-11-26', '2026-11-27', '2026-11-28'];
    const result = uptimeOf(
      [
        { day: '2026-11-26', sampled: 1440, up: 1440, degraded: 0 },
        // 2026-11-27: the sampler did not run.
        { day: '2026-11-28', sampled: 200, up: 190, degraded: 15 },
      ],
      days,
    );
    expect(result.days).toEqual([
      { date: '2026-11-26', uptime: 100, sampledMinutes: 1440, degradedMinutes: 0 },
      { date: '2026-11-27', uptime: null, sampledMinutes: 0, degradedMinutes: 0 },
      { date: '2026-11-28', uptime: 95, sampledMinutes: 200, degradedMinutes: 15 },
    ]);
    expect(result.uptime).toBe(Math.round((1630 / 1640) * 100_000) / 1000);
    expect(uptimeOf([], days).uptime).toBeNull();
  });

  it('does not round 99.95% up to 100', () => {
    const result = uptimeOf([{ day: '2026-11-28', sampled: 2000, up: 1999, degraded: 0 }], ['2026-11-28']);
    expect(result.uptime).toBe(99.95);
    expect(
      overallUptime([
        { sampled: 2000, up: 1999 },
        { sampled: 0, up: 0 },
      ]),
    ).toBe(99.95);
    expect(overallUptime([])).toBeNull();
  });

  it('makes the measured state worse with an open incident, and says unknown without either', () => {
    expect(serviceState('operational', null)).toBe('operational');
    expect(serviceState('operational', 'degraded')).toBe('degraded');
    expect(serviceState('outage', 'degraded')).toBe('outage');
    expect(serviceState(null, null)).toBe('unknown');
    expect(serviceState(null, 'outage')).toBe('outage');
    expect(worstState(['operational', 'unknown'])).toBe('unknown');
    expect(worstState(['unknown', 'degraded', 'operational'])).toBe('degraded');
  });
});
