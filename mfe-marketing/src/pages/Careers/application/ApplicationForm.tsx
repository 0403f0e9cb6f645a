import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { applicationFieldsSchema, applicationMessages, CV_FIELD } from '@portal/contracts';
import { sendApplication } from './application-api';
import { cvProblem } from './cv-check';
import { CvField } from './CvField';

type Field = 'name' | 'email' | 'role' | 'location' | 'links';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field | typeof CV_FIELD, string>>;

const FIELD_ORDER: readonly (Field | typeof CV_FIELD)[] = [
  'name',
  'email',
  'role',
  'location',
  'links',
  CV_FIELD,
];

/** What the confirmation repeats back to the applicant. */
export interface ApplicationSent {
  name: string;
  role: string;
  cvName: string;
}

function fieldErrors(values: Values): Errors {
  const result = applicationFieldsSchema.safeParse(values);
  const errors: Errors = {};
  for (const issue of result.error?.issues ?? []) errors[issue.path[0] as Field] ??= issue.message;
  return errors;
}

export interface ApplicationFormProps {
  /** The position whose 'Apply Now' opened the form. */
  role: string;
  roles: readonly string[];
  onSent: (sent: ApplicationSent) => void;
}

/**
 * The job application: name, email, role, location, links and a CV, checked with the API's own
 * schema and CV rules before sending. A refusal (a field, or too many applications and how long to
 * wait) is shown above the button and everything typed stays.
 */
export function ApplicationForm({ role, roles, onSent }: ApplicationFormProps) {
  const id = useId();
  const [values, setValues] = useState<Values>({ name: '', email: '', role, location: '', links: '' });
  const [cv, setCv] = useState<File | null>(null);
  const [cvError, setCvError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  // Field messages appear on the first submit, then follow the typing.
  const [checked, setChecked] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const errorsOf = (next: Values, file: File | null, fileError: string | null): Errors => ({
    ...fieldErrors(next),
    ...(file ? {} : { cv: applicationMessages.cvRequired }),
    ...(fileError ? { cv: fileError } : {}),
  });

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (checked) setErrors(errorsOf(next, cv, cvError));
  };

  const chooseCv = async (file: File | null) => {
    setCv(file);
    const problem = file && (await cvProblem(file));
    setCvError(problem);
    // A bad file is said at once, before any submit.
    setErrors((current) => ({
      ...current,
      cv: problem ?? (checked && !file ? applicationMessages.cvRequired : undefined),
    }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = errorsOf(values, cv, cvError);
    setChecked(true);
    setErrors(found);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first || !cv) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    const form = new FormData();
    for (const [field, value] of Object.entries(values)) form.append(field, value);
    form.append(CV_FIELD, cv, cv.name);
    setFailure(null);
    setSending(true);
    try {
      await sendApplication(form);
      onSent({ name: values.name.trim(), role: values.role, cvName: cv.name });
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setSending(false);
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
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
    >
      <TextField {...field('name')} label="Full Name" required autoComplete="name" autoFocus />
      <TextField {...field('email')} label="Email" type="email" required autoComplete="email" />
      <TextField {...field('role')} label="Role" required select slotProps={{ select: { native: true } }}>
        {roles.map((title) => (
          <option key={title} value={title}>
            {title}
          </option>
        ))}
      </TextField>
      <TextField
        {...field('location')}
        label="Location"
        required
        autoComplete="address-level2"
        placeholder="City, country"
      />
      <TextField
        {...field('links')}
        label="LinkedIn or portfolio links (optional)"
        autoComplete="url"
        helperText={errors.links ?? 'Separate several links with spaces'}
        sx={{ gridColumn: '1 / -1' }}
      />
      <CvField
        id={`${id}-${CV_FIELD}`}
        file={cv}
        error={errors.cv}
        onSelect={(file) => void chooseCv(file)}
      />
      {failure && (
        <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
          {failure}
        </Alert>
      )}
      <Box sx={{ gridColumn: '1 / -1' }}>
        <Button type="submit" variant="contained" size="large" loading={sending}>
          Send Application
        </Button>
      </Box>
    </Box>
  );
}
