import type { MetricType } from '@portal/contracts';
import { colors, theme } from '@portal/ui';

export interface MetricSeries {
  key: MetricType;
  label: string;
  /** Each keeps at least 6:1 contrast on the dashboard's surfaces. */
  color: string;
  /** Line pattern: the series differ by more than colour (WCAG 1.4.1). */
  dash?: string;
  marker: 'circle' | 'square' | 'diamond';
}

/** The three daily counts of the KPIs chart, in the order of the cards. */
export const METRIC_SERIES: readonly MetricSeries[] = [
  { key: 'calls', label: 'Calls', color: colors.data, marker: 'circle' },
  { key: 'leads', label: 'Leads', color: theme.palette.info.main, dash: '6 4', marker: 'square' },
  {
    key: 'conversions',
    label: 'Conversions',
    color: theme.palette.warning.main,
    dash: '2 3',
    marker: 'diamond',
  },
];
