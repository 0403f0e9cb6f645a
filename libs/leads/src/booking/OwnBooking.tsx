import { useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { bookCallRequestSchema, type OpenSlot, type PublicBooking } from '@portal/contracts';
import { serverMessage } from '@portal/store';
import { Honeypot } from '../honeypot';
import { useBookCallMutation, useOpenSlotsQuery } from './booking-api';
import { SlotPicker } from './SlotPicker';
import { callTime } from './slot-days';

type Field = 'name' | 'email' | 'company' | 'phone' | 'note';
type Values = Record<Field | 'website', string>;
const FIELD_ORDER: readonly Field[] = ['name', 'email', 'company', 'phone', 'note'];
const EMPTY: Values = { name: '', email: '', company: '', phone: '', note: '', website: '' };

export interface OwnBookingProps {
  /** Shown when no time is open (e.g. the message form). */
  empty: ReactNode;
}

/**
 * The open times loading, in exactly the room `empty` takes (drawn unseen under the skeleton): with no
 * open time, the usual case, the page does not move when they arrive. Never in a prerendered page: the
 * served HTML would carry `empty`'s words, a verdict the runtime config has not given yet.
 */
function OwnBookingPlaceholder({ empty }: OwnBookingProps) {
  return (
    <Box sx={{ position: 'relative' }}>
      <Box aria-hidden sx={{ visibility: 'hidden' }}>
        {empty}
      </Box>
      <Skeleton
        variant="rounded"
        aria-label="Loading open times"
        sx={{ position: 'absolute', inset: 0, height: 'auto' }}
      />
    </Box>
  );
}

/** What went wrong, in the server's words when it sent some. */
const failure = (error: unknown) => serverMessage(error) ?? 'We could not book the call. Please try again.';

/**
 * 'Schedule a Call' without an external scheduler (ADR 0232): the company's open times by day, the
 * visitor's details, and the confirmation; the invitation and its manage link come by email. With no
 * open time, `empty` instead.
 */
export function OwnBooking({ empty }: OwnBookingProps) {
  const id = useId();
  const slots = useOpenSlotsQuery();
  const [book, booking] = useBookCallMutation();
  const [chosen, setChosen] = useState<OpenSlot | null>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field | 'slotId', string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [booked, setBooked] = useState<PublicBooking | null>(null);

  if (booked) {
    return (
      <Alert severity="success" role="status" sx={{ alignItems: 'flex-start' }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          Your call is booked
        </Typography>
        <Typography sx={{ mt: 0.5 }}>{callTime(booked.startsAt, booked.endsAt)}</Typography>
        <Typography sx={{ mt: 1 }}>
          We sent the calendar invitation to {booked.email}. To cancel or reschedule, use the link in that
          email.
        </Typography>
      </Alert>
    );
  }
  if (slots.isLoading) return <OwnBookingPlaceholder empty={empty} />;
  if (slots.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void slots.refetch()}>
            Try again
          </Button>
        }
      >
        We could not load the open times.
      </Alert>
    );
  }
  const open = slots.data?.slots ?? [];
  if (open.length === 0) return <>{empty}</>;

  const change = (field: keyof Values) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setValues({ ...values, [field]: event.target.value });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setProblem(null);
    const result = bookCallRequestSchema.safeParse({ ...values, slotId: chosen?.id ?? '' });
    if (!result.success) {
      const found: typeof errors = {};
      for (const issue of result.error.issues) found[issue.path[0] as Field | 'slotId'] ??= issue.message;
      setErrors(found);
      const first = FIELD_ORDER.find((field) => found[field]);
      if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus();
      return;
    }
    setErrors({});
    try {
      const answer = await book({ ...values, slotId: result.data.slotId }).unwrap();
      setBooked(answer.booking);
    } catch (error) {
      setProblem(failure(error));
      if ((error as { status?: number }).status === 409) {
        setChosen(null);
        void slots.refetch();
      }
    }
  };

  const field = (name: Field) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    onChange: change(name),
    error: Boolean(errors[name]),
    helperText: errors[name],
    fullWidth: true,
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label="Book a call"
      sx={{ display: 'grid', gap: 3 }}
    >
      <div>
        <Typography component="h3" variant="h6" sx={{ mb: 1.5 }}>
          1. Pick a time
        </Typography>
        <SlotPicker label="Open times" slots={open} selectedId={chosen?.id ?? null} onSelect={setChosen} />
        {errors.slotId && !chosen && (
          <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
            {errors.slotId}
          </Typography>
        )}
      </div>
      <div>
        <Typography component="h3" variant="h6" sx={{ mb: 1.5 }}>
          2. Your details
        </Typography>
        <Box
          sx={{
            position: 'relative',
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          }}
        >
          <TextField {...field('name')} label="Name" required autoComplete="name" />
          <TextField {...field('email')} label="Email" type="email" required autoComplete="email" />
          <TextField {...field('company')} label="Company (optional)" autoComplete="organization" />
          <TextField {...field('phone')} label="Phone (optional)" type="tel" autoComplete="tel" />
          <TextField
            {...field('note')}
            label="What would you like to talk about? (optional)"
            multiline
            minRows={3}
            sx={{ gridColumn: '1 / -1' }}
          />
          <Honeypot idPrefix={id} value={values.website} onChange={change('website')} />
        </Box>
      </div>
      {problem && <Alert severity="error">{problem}</Alert>}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <Button type="submit" variant="contained" size="large" loading={booking.isLoading}>
          Book call
        </Button>
        {chosen && (
          <Typography color="text.secondary" aria-live="polite">
            {callTime(chosen.startsAt, chosen.endsAt)}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
