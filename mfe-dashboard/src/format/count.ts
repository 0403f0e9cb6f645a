import { formatInteger } from '@portal/ui/format-number';

/** 1204 → "1,204". */
export const formatCount = (count: number): string => formatInteger(count);

/** "1 lead", "1,204 leads". */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}
