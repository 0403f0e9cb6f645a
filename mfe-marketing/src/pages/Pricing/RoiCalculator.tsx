import { useState } from 'react';
import { CalculatorCard } from './CalculatorCard';
import { CalculatorSlider } from './CalculatorSlider';
import { ROI_RANGES, defaultsOf, roi, type RoiInput } from './calculators';
import { formatPercent, formatUsd } from './format';

const formatAgents = (agents: number) => `${agents} ${agents === 1 ? 'agent' : 'agents'}`;
const formatHours = (hours: number) => `${hours} hours`;

/** ROI Calculator: savings when we cost 40% of the current support budget. */
export function RoiCalculator() {
  const [input, setInput] = useState<RoiInput>(() => defaultsOf(ROI_RANGES));
  const set = (key: keyof RoiInput) => (value: number) => setInput((last) => ({ ...last, [key]: value }));
  const result = roi(input);
  return (
    <CalculatorCard
      title="ROI Calculator"
      intro="Compare what customer support costs you today with what it costs with us."
      results={[
        { label: 'Yearly savings', value: formatUsd(result.yearlySavings), headline: true },
        { label: 'Monthly savings', value: formatUsd(result.monthlySavings) },
        { label: 'Return on investment', value: formatPercent(result.roiPercent) },
        { label: 'Your cost with us per month', value: formatUsd(result.productCost) },
      ]}
      note="Based on our average client paying 40% of their previous in-house support cost. Your quote reflects your team size and hours."
    >
      <CalculatorSlider
        label="Current monthly support cost"
        range={ROI_RANGES.monthlySupportCost}
        value={input.monthlySupportCost}
        onChange={set('monthlySupportCost')}
        format={formatUsd}
      />
      <CalculatorSlider
        label="Team size"
        range={ROI_RANGES.teamSize}
        value={input.teamSize}
        onChange={set('teamSize')}
        format={formatAgents}
      />
      <CalculatorSlider
        label="Hours of coverage per day"
        range={ROI_RANGES.coverageHoursPerDay}
        value={input.coverageHoursPerDay}
        onChange={set('coverageHoursPerDay')}
        format={formatHours}
      />
    </CalculatorCard>
  );
}
