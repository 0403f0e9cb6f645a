import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { orgRoleLabels, type Invitation } from '@portal/contracts';
import { UserText } from '@portal/ui/user-text';
import { serverMessage, showToast, useAppDispatch } from '@portal/store';
import { useResendInvitationMutation, useRevokeInvitationMutation } from '../../../api/team-api';
import { OutlinedList } from '../../../components/OutlinedList';
import { formatDateTime, formatRelative } from '@portal/ui/format-date';

export interface InvitationsListProps {
  invitations: readonly Invitation[];
  /** The caller manages the team: Resend and Revoke. */
  manage: boolean;
}

/** Invitations not accepted yet: to whom, with which role, from whom, until when. */
export function InvitationsList({ invitations, manage }: InvitationsListProps) {
  const headingId = useId();
  const dispatch = useAppDispatch();
  const [resend, resending] = useResendInvitationMutation();
  const [revoke, revoking] = useRevokeInvitationMutation();

  const act = async (invitation: Invitation, kind: 'resend' | 'revoke') => {
    try {
      if (kind === 'resend') {
        await resend(invitation.id).unwrap();
        dispatch(
          showToast({
            title: 'Invitation sent again',
            description: `${invitation.email} gets a new link; the earlier one no longer works.`,
            severity: 'success',
          }),
        );
      } else {
        await revoke(invitation.id).unwrap();
        dispatch(
          showToast({
            title: 'Invitation revoked',
            description: `The link sent to ${invitation.email} no longer works.`,
            severity: 'success',
          }),
        );
      }
    } catch (error) {
      dispatch(
        showToast({
          title: kind === 'resend' ? 'Failed to resend invitation' : 'Failed to revoke invitation',
          description: serverMessage(error) ?? 'Please try again in a moment.',
          severity: 'error',
        }),
      );
    }
  };

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 4 }}>
      <Typography id={headingId} variant="h5" component="h3" sx={{ mb: 1.5 }}>
        Pending invitations ({invitations.length})
      </Typography>
      {invitations.length === 0 ? (
        <Typography color="text.secondary">
          No invitation is waiting.{manage ? ' Invite a colleague to give them access with a role.' : ''}
        </Typography>
      ) : (
        <OutlinedList labelledBy={headingId}>
          {invitations.map((invitation) => (
            <Box
              component="li"
              key={invitation.id}
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 1.5 }}
            >
              <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{invitation.email}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {orgRoleLabels[invitation.role]} · invited by <UserText>{invitation.invitedBy}</UserText> ·
                  expires{' '}
                  <time dateTime={invitation.expiresAt} title={formatDateTime(invitation.expiresAt)}>
                    {formatRelative(invitation.expiresAt)}
                  </time>
                </Typography>
              </Box>
              {manage && (
                <Box sx={{ display: 'flex', gap: 1 }}>
                  <Button
                    size="small"
                    color="inherit"
                    variant="outlined"
                    disabled={resending.isLoading || revoking.isLoading}
                    onClick={() => void act(invitation, 'resend')}
                    aria-label={`Resend the invitation to ${invitation.email}`}
                  >
                    Resend
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    variant="outlined"
                    disabled={resending.isLoading || revoking.isLoading}
                    onClick={() => void act(invitation, 'revoke')}
                    aria-label={`Revoke the invitation to ${invitation.email}`}
                  >
                    Revoke
                  </Button>
                </Box>
              )}
            </Box>
          ))}
        </OutlinedList>
      )}
    </Box>
  );
}
