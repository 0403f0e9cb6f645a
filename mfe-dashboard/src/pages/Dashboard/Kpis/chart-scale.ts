/** A y axis from 0 to `top` in steps of `step`: whole, round numbers ('nice' ticks). */
export interface ValueScale {
  top: number;
  step: number;
  ticks: number[];
}

/**
 * The scale for daily counts up to `max`, with about `targetTicks` intervals: steps of 1, 2 or 5
 * times a power of ten (never below 1: counts are whole). All-zero data still gets an axis, 0 to 5.
 */
export function countScale(max: number, targetTicks = 5): ValueScale {
  const span = Math.max(max, targetTicks);
  const rough = span / targetTicks;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const fraction = rough / magnitude;
  const step = Math.max(1, (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10) * magnitude);
  const top = Math.ceil(span / step) * step;
  const ticks = Array.from({ length: top / step + 1 }, (_, index) => index * step);
  return { top, step, ticks };
}

/** Room a date label ('Nov 24') needs on the x axis, in pixels. */
const LABEL_WIDTH = 48;

/** Label every this many days, the first that leaves each date room. */
const LABEL_STEPS = [1, 2, 5, 10, 15, 30, 60, 90, 120, 180];

/**
 * Which of `count` days get a date under the x axis, counted back from the last (the range's last day,
 * drawn flush right, is always labelled): every day or every 2nd on a short range when there is room
 * for one and a half labels between them, else every 5th, 10th, 15th … 180th day.
 */
export function labelledDays(count: number, dayWidth: number): number[] {
  const every =
    LABEL_STEPS.find((days) => days * dayWidth >= (days < 5 ? LABEL_WIDTH * 1.5 : LABEL_WIDTH)) ??
    LABEL_STEPS.at(-1)!;
  const days: number[] = [];
  for (let index = count - 1; index >= 0; index -= every) days.unshift(index);
  return days;
}
