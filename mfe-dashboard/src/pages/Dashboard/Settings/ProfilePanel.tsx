import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PersonRounded from '@mui/icons-material/PersonRounded';
import VerifiedRounded from '@mui/icons-material/VerifiedRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import { updateAccountRequestSchema, type AccountResponse, type UpdateAccountRequest } from '@portal/contracts';
import { useUpdateAccountMutation } from '@portal/store/account-api';
import { FormOutcome, type Outcome } from './FormOutcome';
import { SettingsPanel } from './SettingsPanel';
import { checkForm, failure } from './settings-form';

/** Profile: the name (saved with PATCH /api/account) and the email address with its verified state. */
export function ProfilePanel({ account }: { account: AccountResponse }) {
  const [name, setName] = useState(account.name);
  const [submitted, setSubmitted] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [updateAccount, { isLoading }] = useUpdateAccountMutation();
  const check = checkForm<'name', UpdateAccountRequest>(updateAccountRequestSchema, { name });
  const error = submitted && !check.valid ? check.errors.name : undefined;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setOutcome(null);
    if (!check.valid) {
      (event.currentTarget.elements.namedItem('name') as HTMLInputElement | null)?.focus();
      return;
    }
    try {
      const saved = await updateAccount(check.request).unwrap();
      setName(saved.name);
      setSubmitted(false);
      setOutcome({ severity: 'success', text: 'Your name has been saved.' });
    } catch (caught) {
      setOutcome(failure(caught));
    }
  };

  return (
    <SettingsPanel
      title="Profile"
      icon={<PersonRounded />}
      description="Your name appears on your orders, invoices and support tickets."
    >
      <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label="Profile">
        <TextField
          label="Full Name"
          name="name"
          autoComplete="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={Boolean(error)}
          helperText={error}
          fullWidth
          slotProps={{ htmlInput: { required: true } }}
        />
        <Box>
          <Typography variant="caption" color="text.secondary" component="div">
            Email address
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 0.5 }}>
            <Typography sx={{ overflowWrap: 'anywhere' }}>{account.email}</Typography>
            {account.emailVerified ? (
              <Chip size="small" color="success" variant="outlined" icon={<VerifiedRounded />} label="Verified" />
            ) : (
              <Chip
                size="small"
                color="warning"
                variant="outlined"
                icon={<ErrorOutlineRounded />}
                label="Not verified"
              />
            )}
          </Box>
        </Box>
        <FormOutcome outcome={outcome} />
        <Box>
          <Button type="submit" variant="contained" loading={isLoading}>
            Save name
          </Button>
        </Box>
      </Stack>
    </SettingsPanel>
  );
}
