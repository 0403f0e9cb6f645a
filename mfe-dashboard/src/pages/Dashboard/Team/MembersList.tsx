import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { can, orgRoleLabels, type OrgRole, type TeamMember } from '@portal/contracts';
import { UserText, withoutBidiControls } from '@portal/ui/user-text';
import { serverMessage, showToast, useAppDispatch } from '@portal/store';
import { switchOrganization } from '@portal/store/organizations';
import {
  useChangeMemberRoleMutation,
  useRemoveMemberMutation,
  useTransferOwnershipMutation,
} from '../../../api/team-api';
import { OutlinedList } from '../../../components/OutlinedList';
import { useFocusReturn } from '../../../components/useFocusReturn';
import { formatDateTime, formatRelative } from '@portal/ui/format-date';
import { ConfirmDialog } from './ConfirmDialog';
import { grantableRoles, manages } from './team-roles';

export interface MembersListProps {
  members: readonly TeamMember[];
  /** The signed-in member. */
  me: { id: string; orgRole: OrgRole; organizationId: string; organizationName: string | null };
}

type Pending = { kind: 'remove' | 'transfer'; member: TeamMember } | null;

/**
 * The organization's members: name, email, role and last activity. A manager changes the role of a
 * member at or below their own rank (to a role they may give, never their own), or removes them; the
 * owner hands ownership over. What the caller cannot do is not shown.
 */
export function MembersList({ members, me }: MembersListProps) {
  const headingId = useId();
  const dispatch = useAppDispatch();
  const [changeRole] = useChangeMemberRoleMutation();
  const [removeMember, removal] = useRemoveMemberMutation();
  const [transferOwnership, transfer] = useTransferOwnershipMutation();
  const [pending, setPending] = useState<Pending>(null);
  // A removed member's row leaves with its Remove button: focus then goes to the list's heading.
  const { fallback: heading, setOpener, returnFocus } = useFocusReturn<HTMLHeadingElement>({ settled: true });
  const [failure, setFailure] = useState<string | null>(null);
  const roles = grantableRoles(me.orgRole);
  const transfers = can(me.orgRole, 'ownership.transfer');

  const fail = (title: string, error: unknown) => {
    const message = serverMessage(error) ?? 'Please try again in a moment.';
    dispatch(showToast({ title, description: message, severity: 'error' }));
    return message;
  };

  const change = async (member: TeamMember, role: OrgRole) => {
    try {
      await changeRole({ userId: member.userId, role }).unwrap();
      dispatch(
        showToast({
          title: 'Role changed',
          description: `${withoutBidiControls(member.name)} is now ${orgRoleLabels[role]}.`,
          severity: 'success',
        }),
      );
    } catch (error) {
      fail('Failed to change role', error);
    }
  };

  const confirm = async () => {
    if (!pending) return;
    const { kind, member } = pending;
    const name = withoutBidiControls(member.name);
    setFailure(null);
    try {
      if (kind === 'remove') {
        await removeMember(member.userId).unwrap();
        setOpener(null);
        dispatch(
          showToast({
            title: 'Member removed',
            description: `${name} no longer has access.`,
            severity: 'success',
          }),
        );
      } else {
        await transferOwnership({ userId: member.userId }).unwrap();
        // The caller is an admin now: a token that says so, and the page follows.
        await dispatch(switchOrganization(me.organizationId)).catch(() => undefined);
        dispatch(
          showToast({
            title: 'Ownership transferred',
            description: `${name} is the owner now; you are an admin.`,
            severity: 'success',
          }),
        );
      }
      setPending(null);
    } catch (error) {
      setFailure(fail(kind === 'remove' ? 'Failed to remove member' : 'Failed to transfer ownership', error));
    }
  };

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 4 }}>
      <Typography id={headingId} ref={heading} tabIndex={-1} variant="h5" component="h3" sx={{ mb: 1.5 }}>
        Members ({members.length})
      </Typography>
      <OutlinedList labelledBy={headingId}>
        {members.map((member) => {
          const self = member.userId === me.id;
          const managed = !self && manages(me.orgRole, member.role);
          return (
            <Box
              component="li"
              key={member.userId}
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 1.5 }}
            >
              <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  <UserText>{member.name}</UserText>
                  {self && (
                    <Typography component="span" color="text.secondary" sx={{ fontWeight: 400 }}>
                      {' '}
                      (you)
                    </Typography>
                  )}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {member.email}
                </Typography>
              </Box>
              <Typography variant="body2" color="text.secondary" sx={{ flex: '0 0 auto', minWidth: 150 }}>
                Last active:{' '}
                {member.lastActiveAt ? (
                  <time dateTime={member.lastActiveAt} title={formatDateTime(member.lastActiveAt)}>
                    {formatRelative(member.lastActiveAt)}
                  </time>
                ) : (
                  'never'
                )}
              </Typography>
              {managed && roles.length > 1 ? (
                <TextField
                  select
                  size="small"
                  label="Role"
                  value={member.role}
                  onChange={(event) => void change(member, event.target.value as OrgRole)}
                  sx={{ minWidth: 150 }}
                  slotProps={{
                    select: { native: true },
                    htmlInput: { 'aria-label': `Role of ${withoutBidiControls(member.name)}` },
                  }}
                >
                  {roles.map((role) => (
                    <option key={role} value={role}>
                      {orgRoleLabels[role]}
                    </option>
                  ))}
                </TextField>
              ) : (
                <Chip
                  label={orgRoleLabels[member.role]}
                  size="small"
                  variant="outlined"
                  sx={{ fontWeight: 600 }}
                />
              )}
              {(managed || (transfers && !self && member.role !== 'owner')) && (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                  {transfers && !self && member.role !== 'owner' && (
                    <Button
                      size="small"
                      color="inherit"
                      variant="outlined"
                      onClick={(event) => {
                        setOpener(event.currentTarget);
                        setPending({ kind: 'transfer', member });
                      }}
                      aria-label={`Transfer ownership to ${withoutBidiControls(member.name)}`}
                    >
                      Transfer ownership
                    </Button>
                  )}
                  {managed && (
                    <Button
                      size="small"
                      color="error"
                      variant="outlined"
                      onClick={(event) => {
                        setOpener(event.currentTarget);
                        setPending({ kind: 'remove', member });
                      }}
                      aria-label={`Remove ${withoutBidiControls(member.name)}`}
                    >
                      Remove
                    </Button>
                  )}
                </Box>
              )}
            </Box>
          );
        })}
      </OutlinedList>
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'transfer' ? 'Transfer ownership?' : 'Remove member?'}
        confirmLabel={pending?.kind === 'transfer' ? 'Transfer ownership' : 'Remove'}
        busy={removal.isLoading || transfer.isLoading}
        failure={failure}
        onConfirm={() => void confirm()}
        onClose={() => {
          setPending(null);
          setFailure(null);
        }}
        onExited={returnFocus}
      >
        {pending?.kind === 'transfer' ? (
          <>
            <UserText>{pending.member.name}</UserText> becomes the owner of{' '}
            {me.organizationName ?? 'the organization'}, with every right over members and ownership. You
            become an admin.
          </>
        ) : pending ? (
          <>
            <UserText>{pending.member.name}</UserText> ({pending.member.email}) loses access to{' '}
            {me.organizationName ?? 'the organization'} at once, and gets an email saying so.
          </>
        ) : null}
      </ConfirmDialog>
    </Box>
  );
}
