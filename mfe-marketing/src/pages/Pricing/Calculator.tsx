import { useState } from 'react';
import { CalculatorCard } from './CalculatorCard';
import { CalculatorSlider } from './CalculatorSlider';
import { defaultsOf } from './calculators';
import type { CalculatorSpec } from './calculator-specs';

/** One of the pricing calculators: its sliders, starting at their defaults, and the results they give. */
export function Calculator<Key extends string>({ spec }: { spec: CalculatorSpec<Key> }) {
  const [input, setInput] = useState(() => defaultsOf(spec.ranges));
  return (
    <CalculatorCard title={spec.title} intro={spec.intro} results={spec.results(input)} note={spec.note}>
      {spec.sliders.map(({ key, label, format }) => (
        <CalculatorSlider
          key={key}
          label={label}
          range={spec.ranges[key]}
          value={input[key]}
          onChange={(value) => setInput((last) => ({ ...last, [key]: value }))}
          format={format}
        />
      ))}
    </CalculatorCard>
  );
}
