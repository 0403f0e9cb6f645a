// The two pricing calculators: slider ranges, defaults and formulas.

export interface SliderRange {
  min: number;
  max: number;
  step: number;
  default: number;
}

export const MISSED_CALLS_RANGES = {
  missedCallsPerDay: { min: 1, max: 200, step: 1, default: 50 },
  averageOrderValue: { min: 10, max: 1000, step: 10, default: 100 },
  conversionRatePercent: { min: 5, max: 50, step: 1, default: 20 },
} satisfies Record<string, SliderRange>;

export type MissedCallsInput = Record<keyof typeof MISSED_CALLS_RANGES, number>;

/** Days in a month and months in a year, as the spec's formulas count them. */
const DAYS_PER_MONTH = 30;
const MONTHS_PER_YEAR = 12;

/** Revenue lost to unanswered calls: missed calls × conversion rate × order value × 30, then × 12. */
export function missedCallsLoss({
  missedCallsPerDay,
  averageOrderValue,
  conversionRatePercent,
}: MissedCallsInput) {
  // Percent divided last, so whole-dollar inputs give exact whole-dollar results.
  const monthly = (missedCallsPerDay * conversionRatePercent * averageOrderValue * DAYS_PER_MONTH) / 100;
  return { monthly, yearly: monthly * MONTHS_PER_YEAR };
}

export const ROI_RANGES = {
  monthlySupportCost: { min: 1000, max: 50000, step: 500, default: 10000 },
  teamSize: { min: 1, max: 50, step: 1, default: 5 },
  coverageHoursPerDay: { min: 4, max: 24, step: 1, default: 8 },
} satisfies Record<string, SliderRange>;

export type RoiInput = Record<keyof typeof ROI_RANGES, number>;

/** Our price as a share of the current monthly cost (40%). */
const PRODUCT_COST_PERCENT = 40;

/**
 * Savings against the current support cost. Team size and hours of coverage are asked for (they
 * shape a quote) but, as the spec says, do not change the result.
 */
export function roi({ monthlySupportCost }: RoiInput) {
  const productCost = (monthlySupportCost * PRODUCT_COST_PERCENT) / 100;
  const monthlySavings = monthlySupportCost - productCost;
  return {
    productCost,
    monthlySavings,
    yearlySavings: monthlySavings * MONTHS_PER_YEAR,
    roiPercent: (monthlySavings / productCost) * 100,
  };
}

export const defaultsOf = <Key extends string>(ranges: Record<Key, SliderRange>) =>
  Object.fromEntries(
    Object.entries<SliderRange>(ranges).map(([key, range]) => [key, range.default]),
  ) as Record<Key, number>;
