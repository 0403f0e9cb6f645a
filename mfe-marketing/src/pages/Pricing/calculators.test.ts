import { MISSED_CALLS_RANGES, ROI_RANGES, defaultsOf, missedCallsLoss, roi } from './calculators';

describe('Missed Calls Calculator', () => {
  it('has the spec ranges, steps and defaults', () => {
    expect(MISSED_CALLS_RANGES).toEqual({
      missedCallsPerDay: { min: 1, max: 200, step: 1, default: 50 },
      averageOrderValue: { min: 10, max: 1000, step: 10, default: 100 },
      conversionRatePercent: { min: 5, max: 50, step: 1, default: 20 },
    });
  });

  it('loses $30,000 a month and $360,000 a year at the defaults', () => {
    expect(missedCallsLoss(defaultsOf(MISSED_CALLS_RANGES))).toEqual({ monthly: 30_000, yearly: 360_000 });
  });

  it('gives exact figures at the lower bounds', () => {
    // 1 call × 5% × $10 × 30 days
    expect(
      missedCallsLoss({ missedCallsPerDay: 1, averageOrderValue: 10, conversionRatePercent: 5 }),
    ).toEqual({
      monthly: 15,
      yearly: 180,
    });
  });

  it('gives exact figures at the upper bounds', () => {
    // 200 calls × 50% × $1,000 × 30 days
    expect(
      missedCallsLoss({ missedCallsPerDay: 200, averageOrderValue: 1000, conversionRatePercent: 50 }),
    ).toEqual({ monthly: 3_000_000, yearly: 36_000_000 });
  });

  it('is proportional to each input', () => {
    const base = { missedCallsPerDay: 10, averageOrderValue: 50, conversionRatePercent: 10 };
    expect(missedCallsLoss(base).monthly).toBe(1500);
    expect(missedCallsLoss({ ...base, missedCallsPerDay: 20 }).monthly).toBe(3000);
    expect(missedCallsLoss({ ...base, averageOrderValue: 100 }).monthly).toBe(3000);
    expect(missedCallsLoss({ ...base, conversionRatePercent: 20 }).monthly).toBe(3000);
  });
});

describe('ROI Calculator', () => {
  it('has the spec ranges, steps and defaults', () => {
    expect(ROI_RANGES).toEqual({
      monthlySupportCost: { min: 1000, max: 50000, step: 500, default: 10000 },
      teamSize: { min: 1, max: 50, step: 1, default: 5 },
      coverageHoursPerDay: { min: 4, max: 24, step: 1, default: 8 },
    });
  });

  it('costs 40% and saves 60% of $10,000 at the defaults, a 150% return', () => {
    expect(roi(defaultsOf(ROI_RANGES))).toEqual({
      productCost: 4000,
      monthlySavings: 6000,
      yearlySavings: 72_000,
      roiPercent: 150,
    });
  });

  it.each([
    [1000, { productCost: 400, monthlySavings: 600, yearlySavings: 7200, roiPercent: 150 }],
    [50000, { productCost: 20_000, monthlySavings: 30_000, yearlySavings: 360_000, roiPercent: 150 }],
  ])('gives exact figures for a $%i monthly cost (bounds)', (monthlySupportCost, expected) => {
    expect(roi({ monthlySupportCost, teamSize: 5, coverageHoursPerDay: 8 })).toEqual(expected);
  });

  it('ignores team size and hours of coverage', () => {
    const atDefaults = roi(defaultsOf(ROI_RANGES));
    for (const teamSize of [1, 50]) {
      for (const coverageHoursPerDay of [4, 24]) {
        expect(roi({ monthlySupportCost: 10000, teamSize, coverageHoursPerDay })).toEqual(atDefaults);
      }
    }
  });
});
