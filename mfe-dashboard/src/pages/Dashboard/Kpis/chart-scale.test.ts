import { countScale, labelledDays } from './chart-scale';

describe('countScale', () => {
  it.each([
    [0, [0, 1, 2, 3, 4, 5]],
    [3, [0, 1, 2, 3, 4, 5]],
    [7, [0, 2, 4, 6, 8]],
    [47, [0, 10, 20, 30, 40, 50]],
    [50, [0, 10, 20, 30, 40, 50]],
    [130, [0, 50, 100, 150]],
    [1840, [0, 500, 1000, 1500, 2000]],
  ])('gives daily counts up to %i round ticks %j', (max, ticks) => {
    const scale = countScale(max);
    expect(scale.ticks).toEqual(ticks);
    expect(scale.top).toBe(ticks.at(-1));
    expect(scale.top).toBeGreaterThanOrEqual(max);
  });
});

describe('labelledDays', () => {
  it('labels every 5th day back from today when there is room', () => {
    expect(labelledDays(30, 20)).toEqual([4, 9, 14, 19, 24, 29]);
  });

  it('labels fewer days on a narrow screen', () => {
    expect(labelledDays(30, 8)).toEqual([9, 19, 29]);
    expect(labelledDays(30, 3.2)).toEqual([14, 29]);
  });

  it('labels every day or every other day of a short range when they fit', () => {
    expect(labelledDays(4, 100)).toEqual([0, 1, 2, 3]);
    expect(labelledDays(7, 47)).toEqual([0, 2, 4, 6]);
    expect(labelledDays(7, 30)).toEqual([1, 6]);
  });

  it('labels a month or more apart over a long custom range', () => {
    // 13 months (397 days) on a phone: under a pixel a day.
    expect(labelledDays(397, 0.8)).toEqual([36, 96, 156, 216, 276, 336, 396]);
    expect(labelledDays(397, 0.1)).toEqual([36, 216, 396]);
  });
});
