import { defaultWebhookSchedule, nextAttemptAt } from './webhook-schedule';

describe('webhook retry schedule', () => {
  const schedule = { ...defaultWebhookSchedule(), baseDelayMs: 30_000, maxDelayMs: 3_600_000 };
  const now = new Date('2026-03-02T10:00:00.000Z');
  const day = new Date(now.getTime() + 24 * 3_600_000);

  it('doubles the ceiling after each failed attempt, up to an hour, with full jitter', () => {
    const top = { ...schedule, random: () => 0.999_999 };
    const ceilings = [1, 2, 3, 4, 8, 20].map(
      (attempt) => nextAttemptAt(top, attempt, now, day)!.getTime() - now.getTime(),
    );
    expect(ceilings).toEqual([29_999, 59_999, 119_999, 239_999, 3_599_996, 3_599_996]);
    const half = { ...schedule, random: () => 0.5 };
    expect(nextAttemptAt(half, 3, now, day)!.getTime() - now.getTime()).toBe(60_000);
    // Full jitter may draw 0: still at least a second later.
    expect(nextAttemptAt({ ...schedule, random: () => 0 }, 1, now, day)!.getTime() - now.getTime()).toBe(
      1_000,
    );
  });

  it('makes the last attempt at the end of the retry window, and none after it', () => {
    const top = { ...schedule, random: () => 0.999_999 };
    const late = new Date(day.getTime() - 10_000);
    expect(nextAttemptAt(top, 30, late, day)).toEqual(day);
    expect(nextAttemptAt(top, 31, day, day)).toBeNull();
  });
});
