import { useState } from 'react';
import { CalculatorCard } from './CalculatorCard';
import { CalculatorSlider } from './CalculatorSlider';
import { MISSED_CALLS_RANGES, defaultsOf, missedCallsLoss, type MissedCallsInput } from './calculators';
import { formatPercent, formatUsd } from './format';

const formatCalls = (calls: number) => `${calls} ${calls === 1 ? 'call' : 'calls'}`;

/** Missed Calls Calculator: the revenue that unanswered calls cost. */
export function MissedCallsCalculator() {
  const [input, setInput] = useState<MissedCallsInput>(() => defaultsOf(MISSED_CALLS_RANGES));
  const set = (key: keyof MissedCallsInput) => (value: number) =>
    setInput((last) => ({ ...last, [key]: value }));
  const loss = missedCallsLoss(input);
  return (
    <CalculatorCard
      title="Missed Calls Calculator"
      intro="Every unanswered call is a customer who may buy elsewhere. See what missed calls cost you."
      results={[
        { label: 'Revenue lost per year', value: formatUsd(loss.yearly), headline: true },
        { label: 'Revenue lost per month', value: formatUsd(loss.monthly) },
      ]}
      note="Missed calls per day × conversion rate × average order value × 30 days."
    >
      <CalculatorSlider
        label="Missed calls per day"
        range={MISSED_CALLS_RANGES.missedCallsPerDay}
        value={input.missedCallsPerDay}
        onChange={set('missedCallsPerDay')}
        format={formatCalls}
      />
      <CalculatorSlider
        label="Average order value"
        range={MISSED_CALLS_RANGES.averageOrderValue}
        value={input.averageOrderValue}
        onChange={set('averageOrderValue')}
        format={formatUsd}
      />
      <CalculatorSlider
        label="Conversion rate"
        range={MISSED_CALLS_RANGES.conversionRatePercent}
        value={input.conversionRatePercent}
        onChange={set('conversionRatePercent')}
        format={formatPercent}
      />
    </CalculatorCard>
  );
}
