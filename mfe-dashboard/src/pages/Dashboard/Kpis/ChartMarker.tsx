import type { SVGProps } from 'react';
import type { MetricSeries } from './metric-series';

export interface ChartMarkerProps extends Omit<SVGProps<SVGElement>, 'ref'> {
  shape: MetricSeries['marker'];
  x: number;
  y: number;
  /** Half the marker's width. */
  size: number;
}

/** A series' point: a circle, square or diamond, so the series differ by shape as well as colour. */
export function ChartMarker({ shape, x, y, size, ...props }: ChartMarkerProps) {
  if (shape === 'circle') return <circle cx={x} cy={y} r={size} {...props} />;
  if (shape === 'square') {
    return <rect x={x - size} y={y - size} width={size * 2} height={size * 2} {...props} />;
  }
  const reach = size * 1.3;
  return <path d={`M${x},${y - reach}L${x + reach},${y}L${x},${y + reach}L${x - reach},${y}Z`} {...props} />;
}
