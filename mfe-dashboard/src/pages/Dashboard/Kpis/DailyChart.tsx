import { useId, useState, type KeyboardEvent, type PointerEvent } from 'react';
import Box from '@mui/material/Box';
import type { DailyMetrics } from '@portal/contracts';
import { colors } from '@portal/ui';
import { formatCount } from '../../../format/count';
import { formatDay } from './calendar-date';
import { countScale, labelledDays } from './chart-scale';
import { ChartLegend } from './ChartLegend';
import { ChartMarker } from './ChartMarker';
import { ChartTooltip } from './ChartTooltip';
import { chartSummary } from './kpi-summary';
import { METRIC_SERIES } from './metric-series';
import { useElementWidth } from './useElementWidth';

const HEIGHT = 280;
/** Room above the plot for the unit, right of it for the last date, below it for the dates. */
const MARGIN = { top: 32, right: 20, bottom: 34 };
/** Until the container is measured (and in tests): a desktop card's width. */
const FALLBACK_WIDTH = 720;
/** Approximate width of one digit of the 12 px axis labels. */
const DIGIT_WIDTH = 7.5;
const FONT = { fontSize: 12, fontFamily: 'inherit' };
/** Up to this many days each day has its markers (the 90-day preset, and a 92-day quarter). */
const MAX_MARKED_DAYS = 92;

/** Arrow keys move a day, Page Up/Down a week; Home and End go to the first and last day. */
const KEY_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, PageUp: -7, PageDown: 7 };

/**
 * The daily calls, leads and conversions (oldest first) as a line chart drawn in SVG at the width
 * of its container. A day's numbers show in a tooltip on hover, on touch and from the keyboard (the
 * chart is one tab stop; arrow keys move between days); the picture has a summary for screen readers.
 */
export function DailyChart({ daily }: { daily: readonly DailyMetrics[] }) {
  const [measure, width] = useElementWidth<HTMLDivElement>(FALLBACK_WIDTH);
  const [active, setActive] = useState<number | null>(null);
  const hintId = useId();
  const last = daily.length - 1;

  const max = Math.max(0, ...daily.flatMap(({ calls, leads, conversions }) => [calls, leads, conversions]));
  const scale = countScale(max);
  const left = formatCount(scale.top).length * DIGIT_WIDTH + 14;
  const plotWidth = Math.max(width - left - MARGIN.right, 1);
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const dayWidth = last > 0 ? plotWidth / last : plotWidth;
  const x = (index: number) => left + (last > 0 ? index * dayWidth : plotWidth / 2);
  const y = (value: number) => MARGIN.top + plotHeight - (value / scale.top) * plotHeight;
  const labelled = labelledDays(daily.length, dayWidth);
  // Past about three months a marker per day would blur into the line: only the chosen day's shows.
  const dense = daily.length > MAX_MARKED_DAYS;

  function dayAt(event: PointerEvent<HTMLElement>): number {
    const box = event.currentTarget.getBoundingClientRect();
    const offset = ((event.clientX - box.left) / (box.width || width)) * width;
    return Math.min(Math.max(Math.round((offset - left) / dayWidth), 0), last);
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const current = active ?? last;
    let next: number | null;
    if (event.key in KEY_STEPS) next = Math.min(Math.max(current + KEY_STEPS[event.key], 0), last);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = last;
    else if (event.key === 'Escape') next = null;
    else return;
    event.preventDefault();
    setActive(next);
  }

  const activeDay = active === null ? null : daily[active];
  return (
    <Box component="figure" sx={{ m: 0, display: 'grid', gap: 2 }}>
      <ChartLegend />
      <Box
        ref={measure}
        role="group"
        aria-label="Daily calls, leads and conversions"
        aria-describedby={hintId}
        tabIndex={daily.length ? 0 : -1}
        onKeyDown={onKeyDown}
        onFocus={() => setActive((current) => current ?? last)}
        onBlur={() => setActive(null)}
        onPointerDown={(event) => setActive(dayAt(event))}
        onPointerMove={(event) => setActive(dayAt(event))}
        onPointerLeave={(event) => {
          if (event.currentTarget !== document.activeElement) setActive(null);
        }}
        sx={{ position: 'relative', borderRadius: 2, touchAction: 'pan-y' }}
      >
        <svg
          role="img"
          aria-label={chartSummary(daily)}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          width="100%"
          style={{ display: 'block', height: 'auto', overflow: 'visible' }}
        >
          <text x={0} y={14} fill={colors.textMuted} {...FONT}>
            count per day
          </text>
          {scale.ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={left}
                x2={width - MARGIN.right}
                y1={y(tick)}
                y2={y(tick)}
                stroke={tick ? colors.divider : colors.textMuted}
                strokeWidth={1}
              />
              <text
                x={left - 8}
                y={y(tick)}
                textAnchor="end"
                dominantBaseline="middle"
                fill={colors.textMuted}
                {...FONT}
              >
                {formatCount(tick)}
              </text>
            </g>
          ))}
          {labelled.map((index) => (
            <g key={daily[index].date}>
              <line x1={x(index)} x2={x(index)} y1={y(0)} y2={y(0) + 5} stroke={colors.textMuted} />
              <text
                x={x(index)}
                y={HEIGHT - 8}
                textAnchor={index === last && last > 0 ? 'end' : 'middle'}
                fill={colors.textMuted}
                {...FONT}
              >
                {formatDay(daily[index].date)}
              </text>
            </g>
          ))}
          {active !== null && (
            <line
              data-testid="chart-cursor"
              x1={x(active)}
              x2={x(active)}
              y1={MARGIN.top}
              y2={y(0)}
              stroke={colors.textMuted}
              strokeDasharray="3 3"
            />
          )}
          {METRIC_SERIES.map(({ key, color, dash, marker }) => (
            <g key={key}>
              <path
                d={daily.map((day, index) => `${index ? 'L' : 'M'}${x(index)},${y(day[key])}`).join('')}
                fill="none"
                stroke={color}
                strokeWidth={2}
                strokeDasharray={dash}
                strokeLinejoin="round"
              />
              {daily.map((day, index) => (
                <ChartMarker
                  key={day.date}
                  data-series={key}
                  shape={marker}
                  x={x(index)}
                  y={y(day[key])}
                  size={index === active ? 5 : dense ? 0 : 2.5}
                  fill={color}
                  stroke={index === active ? colors.ink : 'none'}
                  strokeWidth={1.5}
                />
              ))}
            </g>
          ))}
        </svg>
        <ChartTooltip day={activeDay} x={active === null ? 0 : x(active)} chartWidth={width} />
      </Box>
      <Box component="figcaption" id={hintId} sx={{ typography: 'caption', color: 'text.secondary' }}>
        Hover or tap a day for its numbers; from the keyboard, focus the chart and use the arrow keys.
      </Box>
    </Box>
  );
}
