import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  emailSchema,
  INVITATION_TTL_DAYS,
  orgRoleDescriptions,
  orgRoleLabels,
  type CreateInvitationRequest,
  type OrgRole,
} from '@portal/contracts';
import { serverMessage, showToast, useAppDispatch } from '@portal/store';
import { useInviteMutation } from '../../../api/team-api';
import { CancelCreateActions } from '../../../components/CancelCreateActions';
import { dialogPaperSx } from '@portal/ui/form-dialog';

export interface InviteDialogProps {
  open: boolean;
  /** The roles the caller may invite with, lowest last. */
  roles: readonly OrgRole[];
  onClose: () => void;
}

/**
 * 'Invite member': an email address and a role (only those the caller may give, each with what it
 * allows). The invitee gets a single-use link valid for 7 days. A refusal (already a member, already
 * invited…) keeps the dialog open with the server's message.
 */
export function InviteDialog({ open, roles, onClose }: InviteDialogProps) {
  const titleId = useId();
  const dispatch = useAppDispatch();
  const [invite, { isLoading }] = useInviteMutation();
  const defaultRole = roles.includes('member') ? 'member' : roles[roles.length - 1]!;
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OrgRole>(defaultRole);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const reset = () => {
    setEmail('');
    setRole(defaultRole);
    setEmailError(null);
    setFailure(null);
  };
  const cancel = () => {
    reset();
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    setFailure(null);
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message ?? 'Please enter a valid email address');
      return;
    }
    setEmailError(null);
    try {
      await invite({ email: parsed.data, role: role as CreateInvitationRequest['role'] }).unwrap();
      dispatch(
        showToast({
          title: 'Invitation sent',
          description: `${parsed.data} gets a link to join as ${orgRoleLabels[role]}, valid for ${INVITATION_TTL_DAYS} days.`,
          severity: 'success',
        }),
      );
      reset();
      onClose();
    } catch (error) {
      const message = serverMessage(error) ?? 'Please try again in a moment.';
      setFailure(message);
      dispatch(showToast({ title: 'Failed to send invitation', description: message, severity: 'error' }));
    }
  };

  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!isLoading) onClose();
      }}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: dialogPaperSx } }}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId} component="h2" variant="h3">
          Invite a member
        </DialogTitle>
        <DialogContent sx={{ px: { xs: 2, sm: 3 } }}>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {failure && <Alert severity="error">{failure}</Alert>}
            <TextField
              label="Email address"
              name="email"
              type="email"
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={emailError !== null}
              helperText={emailError ?? `We email a link to join, valid for ${INVITATION_TTL_DAYS} days.`}
              autoFocus
              required
              fullWidth
            />
            <TextField
              select
              label="Role"
              name="role"
              value={role}
              onChange={(event) => setRole(event.target.value as OrgRole)}
              helperText={orgRoleDescriptions[role]}
              fullWidth
              slotProps={{ select: { native: true } }}
            >
              {roles.map((each) => (
                <option key={each} value={each}>
                  {orgRoleLabels[each]}
                </option>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <CancelCreateActions
          onCancel={cancel}
          creating={isLoading}
          canCreate
          createLabel="Send invitation"
          sx={{ gap: 1 }}
        />
      </form>
    </Dialog>
  );
}
