import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { type CartLead, type ContactRequest, contactRequestSchema } from '@portal/contracts';
import { serverMessage, showToast, useAppDispatch, type ApiError } from '@portal/store';
import { Honeypot } from '../honeypot';
import { useSendContactMessageMutation } from './contact-api';

type Field = 'firstName' | 'lastName' | 'company' | 'email' | 'message';
type Values = Record<Field | 'website', string>;
type Errors = Partial<Record<Field | 'cart', string>>;
/** Contact details known before the visitor types, e.g. a signed-in customer's. */
export type ContactDetails = Partial<Record<Exclude<Field, 'message'>, string>>;

const FIELD_ORDER: readonly Field[] = ['firstName', 'lastName', 'company', 'email', 'message'];

// The product spec's toast texts, word for word.
const SENT_TOAST = {
  title: 'Message sent successfully!',
  description: "We'll get back to you within 24 hours.",
  severity: 'success',
} as const;
const FAILED_TOAST = {
  title: 'Failed to send message',
  description: 'Please try again or contact us directly.',
  severity: 'error',
} as const;

/** The spec's failure toast; refused by a rate limit, it says how long to wait (the 429's message). */
function failedToast(error: unknown) {
  const refusal = (error as Partial<ApiError>).status === 429 ? serverMessage(error) : undefined;
  return refusal
    ? { ...FAILED_TOAST, description: `${refusal} Your message is kept in the form.` }
    : FAILED_TOAST;
}

const emptyValues = (message: string, details: ContactDetails = {}): Values => ({
  firstName: '',
  lastName: '',
  company: '',
  email: '',
  ...details,
  message,
  website: '',
});

/** The shared schema's message for each invalid field (the first one when a field has several). */
function validate(values: Values, cart?: CartLead): { request: ContactRequest | null; errors: Errors } {
  const result = contactRequestSchema.safeParse(cart ? { ...values, cart } : values);
  if (result.success) return { request: result.data, errors: {} };
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field | 'cart';
    errors[field] ??= issue.message;
  }
  return { request: null, errors };
}

export interface ContactFormProps {
  /** The message's starting text, e.g. what the visitor asked a quote about. */
  initialMessage?: string;
  /** The other fields' starting values. */
  initialDetails?: ContactDetails;
  /** Sent along with the message: a checkout's cart for sales. */
  cart?: CartLead;
  submitLabel?: string;
  /** Puts the cursor in the first field on mount (inside a dialog). */
  autoFocus?: boolean;
  /** After the success toast, e.g. to close a dialog. */
  onSent?: () => void;
}

/**
 * The contact form: First Name, Last Name, Company (optional), Email and Message,
 * checked with the API's own schema, sent to `POST /api/contact`, the spec's toasts, cleared once
 * sent. A field hidden from people (`website`) catches bots that fill in everything.
 */
export function ContactForm({
  initialMessage = '',
  initialDetails,
  cart,
  submitLabel = 'Send Message',
  autoFocus = false,
  onSent,
}: ContactFormProps) {
  const id = useId();
  const dispatch = useAppDispatch();
  const [send, { isLoading }] = useSendContactMessageMutation();
  const [values, setValues] = useState(() => emptyValues(initialMessage, initialDetails));
  const [errors, setErrors] = useState<Errors>({});
  // Messages appear on the first submit, then follow the typing.
  const [checked, setChecked] = useState(false);

  const change = (field: keyof Values) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (checked) setErrors(validate(next, cart).errors);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const { request, errors: found } = validate(values, cart);
    setChecked(true);
    setErrors(found);
    // Nothing to fix in the form: the caller's cart is out of bounds (more than 50 lines…).
    if (found.cart) dispatch(showToast({ ...FAILED_TOAST, description: found.cart }));
    if (!request) {
      const first = FIELD_ORDER.find((field) => found[field]);
      if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus();
      return;
    }
    try {
      await send(request).unwrap();
    } catch (error) {
      dispatch(showToast(failedToast(error)));
      return;
    }
    dispatch(showToast(SENT_TOAST));
    setValues(emptyValues(''));
    setErrors({});
    setChecked(false);
    onSent?.();
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
      sx={{
        position: 'relative',
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
      }}
    >
      <TextField
        {...field('firstName')}
        label="First Name"
        required
        autoComplete="given-name"
        autoFocus={autoFocus}
      />
      <TextField {...field('lastName')} label="Last Name" required autoComplete="family-name" />
      <TextField {...field('company')} label="Company (optional)" autoComplete="organization" />
      <TextField {...field('email')} label="Email" type="email" required autoComplete="email" />
      <TextField
        {...field('message')}
        label="Message"
        required
        multiline
        minRows={5}
        sx={{ gridColumn: '1 / -1' }}
      />
      <Honeypot idPrefix={id} value={values.website} onChange={change('website')} />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <Button type="submit" variant="contained" size="large" loading={isLoading}>
          {submitLabel}
        </Button>
      </Box>
    </Box>
  );
}
