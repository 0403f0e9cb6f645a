import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PersonRounded from '@mui/icons-material/PersonRounded';
import VerifiedRounded from '@mui/icons-material/VerifiedRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import { updateAccountRequestSchema, type AccountResponse, type UpdateAccountRequest } from '@portal/contracts';
import { useUpdateAccountMutation } from '@portal/store/account-api';
import { SubmitWithOutcome } from './FormOutcome';
import { SettingsPanel } from './SettingsPanel';
import { checkForm, useSettingsForm } from './settings-form';

const FIELDS = ['name'] as const;

/** Profile: the name (saved with PATCH /api/account) and the email address with its verified state. */
export function ProfilePanel({ account }: { account: AccountResponse }) {
  const [updateAccount, { isLoading }] = useUpdateAccountMutation();
  const { bind, submit, outcome } = useSettingsForm({
    initial: { name: account.name },
    order: FIELDS,
    check: (fields) => checkForm<'name', UpdateAccountRequest>(updateAccountRequestSchema, fields),
    send: async (request: UpdateAccountRequest) => {
      const saved = await updateAccount(request).unwrap();
      return { text: 'Your name has been saved.', fields: { name: saved.name } };
    },
  });

  return (
    <SettingsPanel
      title="Profile"
      icon={<PersonRounded />}
      description="Your name appears on your orders, invoices and support tickets."
    >
      <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label="Profile">
        <TextField label="Full Name" autoComplete="name" {...bind('name')} />
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
        <SubmitWithOutcome outcome={outcome} loading={isLoading}>
          Save name
        </SubmitWithOutcome>
      </Stack>
    </SettingsPanel>
  );
}
