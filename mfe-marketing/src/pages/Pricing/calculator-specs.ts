import type { CalculatorResult } from './CalculatorCard';
import { MISSED_CALLS_RANGES, ROI_RANGES, missedCallsLoss, roi, type SliderRange } from './calculators';
import { formatPercent, formatUsd } from './format';

/** What a calculator shows: its texts, its sliders in order, and the results of their values. */
export interface CalculatorSpec<Key extends string> {
  title: string;
  intro: string;
  /** How the results are worked out, under them. */
  note: string;
  ranges: Record<Key, SliderRange>;
  sliders: { key: Key; label: string; format: (value: number) => string }[];
  results: (input: Record<Key, number>) => CalculatorResult[];
}

/** '1 call', '50 calls': a count with its noun. */
const countOf = (noun: string) => (count: number) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** Missed Calls Calculator: the revenue that unanswered calls cost. */
export const MISSED_CALLS_CALCULATOR: CalculatorSpec<keyof typeof MISSED_CALLS_RANGES> = {
  title: 'Missed Calls Calculator',
  intro: 'Every unanswered call is a customer who may buy elsewhere. See what missed calls cost you.',
  note: 'Missed calls per day × conversion rate × average order value × 30 days.',
  ranges: MISSED_CALLS_RANGES,
  sliders: [
    { key: 'missedCallsPerDay', label: 'Missed calls per day', format: countOf('call') },
    { key: 'averageOrderValue', label: 'Average order value', format: formatUsd },
    { key: 'conversionRatePercent', label: 'Conversion rate', format: formatPercent },
  ],
  results: (input) => {
    const loss = missedCallsLoss(input);
    return [
      { label: 'Revenue lost per year', value: formatUsd(loss.yearly), headline: true },
      { label: 'Revenue lost per month', value: formatUsd(loss.monthly) },
    ];
  },
};

/** ROI Calculator: savings when we cost 40% of the current support budget. */
export const ROI_CALCULATOR: CalculatorSpec<keyof typeof ROI_RANGES> = {
  title: 'ROI Calculator',
  intro: 'Compare what customer support costs you today with what it costs with us.',
  note: 'Based on our average client paying 40% of their previous in-house support cost. Your quote reflects your team size and hours.',
  ranges: ROI_RANGES,
  sliders: [
    { key: 'monthlySupportCost', label: 'Current monthly support cost', format: formatUsd },
    { key: 'teamSize', label: 'Team size', format: countOf('agent') },
    { key: 'coverageHoursPerDay', label: 'Hours of coverage per day', format: (hours) => `${hours} hours` },
  ],
  results: (input) => {
    const result = roi(input);
    return [
      { label: 'Yearly savings', value: formatUsd(result.yearlySavings), headline: true },
      { label: 'Monthly savings', value: formatUsd(result.monthlySavings) },
      { label: 'Return on investment', value: formatPercent(result.roiPercent) },
      { label: 'Your cost with us per month', value: formatUsd(result.productCost) },
    ];
  },
};
