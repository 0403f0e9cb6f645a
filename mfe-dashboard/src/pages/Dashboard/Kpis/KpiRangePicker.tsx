import { type FormEvent, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import {
  earliestKpiRangeStart,
  type KpiRange,
  type KpiRangePreset,
  type KpiRangeQuery,
  kpiRangeMessages,
  kpiRangeQuerySchema,
} from '@portal/contracts';
import { RANGE_CHOICES } from './kpi-range';

export interface KpiRangePickerProps {
  /** The range asked for (undefined: the default, the last 30 days). */
  value: KpiRangeQuery | undefined;
  /** The days the shown numbers cover: a custom range starts from them. */
  shown: KpiRange;
  /** Today in the organisation's calendar: no range ends after it. */
  today: string;
  onChange(range: KpiRangeQuery): void;
}

/**
 * The KPI range: a preset (7, 30 or 90 days, this month) applies at once; 'Custom range' opens a
 * From and a To date (at most 13 months, up to today) applied with 'Apply range', checked by the
 * contract's rules with its messages.
 */
export function KpiRangePicker({ value, shown, today, onChange }: KpiRangePickerProps) {
  const selected: KpiRangePreset = value?.range ?? '30d';
  const [editing, setEditing] = useState(selected === 'custom');
  const [from, setFrom] = useState(value?.from ?? shown.from);
  const [to, setTo] = useState(value?.to ?? shown.to);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  function choose(preset: KpiRangePreset) {
    setError(null);
    if (preset === 'custom') {
      setFrom(shown.from);
      setTo(shown.to);
      setEditing(true);
      return;
    }
    setEditing(false);
    onChange({ range: preset });
  }

  function apply(event: FormEvent) {
    event.preventDefault();
    const parsed = kpiRangeQuerySchema.safeParse({
      range: 'custom',
      from: from || undefined,
      to: to || undefined,
    });
    const message = !parsed.success
      ? parsed.error.issues[0].message
      : to > today
        ? kpiRangeMessages.inFuture
        : null;
    setError(message);
    if (!message) onChange({ range: 'custom', from, to });
  }

  const invalid = error !== null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', minWidth: 0 }}>
      <TextField
        select
        size="small"
        label="Date range"
        value={editing ? 'custom' : selected}
        onChange={(event) => choose(event.target.value as KpiRangePreset)}
        slotProps={{ select: { native: true } }}
        sx={{ minWidth: 180, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
      >
        {RANGE_CHOICES.map(({ preset, label }) => (
          <option key={preset} value={preset}>
            {label}
          </option>
        ))}
      </TextField>
      {editing && (
        <Box
          component="form"
          aria-label="Custom range"
          noValidate
          onSubmit={apply}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', minWidth: 0 }}
        >
          <TextField
            type="date"
            size="small"
            label="From"
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            error={invalid}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: {
                min: to ? earliestKpiRangeStart(to) : undefined,
                max: to || today,
                'aria-describedby': invalid ? errorId : undefined,
              },
            }}
            sx={{ flex: { xs: '1 1 140px', sm: '0 0 170px' } }}
          />
          <TextField
            type="date"
            size="small"
            label="To"
            value={to}
            onChange={(event) => setTo(event.target.value)}
            error={invalid}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: {
                min: from || undefined,
                max: today,
                'aria-describedby': invalid ? errorId : undefined,
              },
            }}
            sx={{ flex: { xs: '1 1 140px', sm: '0 0 170px' } }}
          />
          <Button
            type="submit"
            variant="outlined"
            sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' }, minHeight: 40 }}
          >
            Apply range
          </Button>
          {invalid && (
            <Box
              id={errorId}
              role="alert"
              sx={{ flex: '1 1 100%', typography: 'caption', color: 'error.main', mt: -0.5 }}
            >
              {error}
            </Box>
          )}
        </Box>
      )}
    </Box>
  );
}
