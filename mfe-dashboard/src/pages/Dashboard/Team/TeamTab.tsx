import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import GroupAddRounded from '@mui/icons-material/GroupAddRounded';
import LogoutRounded from '@mui/icons-material/LogoutRounded';
import PeopleRounded from '@mui/icons-material/PeopleRounded';
import { can } from '@portal/contracts';
import { UserText } from '@portal/ui/user-text';
import { selectSessionUser, serverMessage, showToast, useAppDispatch, useAppSelector } from '@portal/store';
import { switchOrganization } from '@portal/store/organizations';
import { useLeaveTeamMutation, useTeamInvitationsQuery, useTeamMembersQuery } from '../../../api/team-api';
import { EmptyState } from '../../../components/EmptyState';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { LoadError } from '../../../components/LoadError';
import { TabHeader } from '../../../components/TabHeader';
import { useFailureToast } from '../../../components/useFailureToast';
import { AuditLog } from './AuditLog';
import { ConfirmDialog } from './ConfirmDialog';
import { InvitationsList } from './InvitationsList';
import { InviteDialog } from './InviteDialog';
import { MembersList } from './MembersList';
import { invitableRolesFor } from './team-roles';

/**
 * The Team tab, every member's: the organization's members, its pending invitations and the log of
 * every change. Owners and admins invite, resend, revoke, change roles and remove; the owner
 * transfers ownership; everyone may leave (the last owner is told why they cannot).
 */
export function TeamTab() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectSessionUser)!;
  const orgRole = user.orgRole!;
  const organizationName = user.organizationName ?? 'your organization';
  const manage = can(orgRole, 'team.manage');
  const members = useTeamMembersQuery();
  const invitations = useTeamInvitationsQuery();
  useFailureToast(members, 'Failed to fetch members');
  useFailureToast(invitations, 'Failed to fetch invitations');
  const [inviting, setInviting] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [leaveFailure, setLeaveFailure] = useState<string | null>(null);
  const [leave, leaveState] = useLeaveTeamMutation();
  const roles = invitableRolesFor(orgRole);

  const confirmLeave = async () => {
    setLeaveFailure(null);
    try {
      await leave().unwrap();
      // The token for this organization no longer works: one for another of the user's, or none.
      await dispatch(switchOrganization()).catch(() => undefined);
      dispatch(showToast({ title: `You left ${organizationName}`, severity: 'success' }));
    } catch (error) {
      const message = serverMessage(error) ?? 'Please try again in a moment.';
      setLeaveFailure(message);
      dispatch(
        showToast({ title: 'Failed to leave the organization', description: message, severity: 'error' }),
      );
    }
  };

  return (
    <>
      <TabHeader
        title="Team"
        description={`Who works in ${organizationName}'s dashboard, and what each role allows.`}
        action={
          manage && roles.length > 0 ? (
            <Button variant="contained" startIcon={<GroupAddRounded />} onClick={() => setInviting(true)}>
              Invite member
            </Button>
          ) : undefined
        }
      />
      {members.isError ? (
        <LoadError title="We could not load your team." onRetry={() => void members.refetch()} />
      ) : !members.data ? (
        <ListSkeleton label="Loading members" />
      ) : members.data.members.length === 0 ? (
        <EmptyState icon={<PeopleRounded />} title="No members yet">
          Invite a colleague to give them access with a role.
        </EmptyState>
      ) : (
        <MembersList
          members={members.data.members}
          me={{
            id: user.id,
            orgRole,
            organizationId: user.organizationId!,
            organizationName: user.organizationName ?? null,
          }}
        />
      )}
      {invitations.isError ? (
        <Box sx={{ mb: 4 }}>
          <LoadError
            title="We could not load the pending invitations."
            onRetry={() => void invitations.refetch()}
          />
        </Box>
      ) : !invitations.data ? (
        <Box sx={{ mb: 4 }}>
          <ListSkeleton label="Loading invitations" rows={1} />
        </Box>
      ) : (
        <InvitationsList invitations={invitations.data.invitations} manage={manage} />
      )}
      <AuditLog />
      <Box
        component="section"
        aria-label="Leave the organization"
        sx={{
          mt: 4,
          pt: 3,
          borderTop: 1,
          borderColor: 'divider',
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'center',
        }}
      >
        <Typography color="text.secondary" sx={{ flex: '1 1 280px' }}>
          Leaving ends your access to <UserText>{organizationName}</UserText> at once; an owner or admin can
          invite you again.
        </Typography>
        <Button
          variant="outlined"
          color="error"
          startIcon={<LogoutRounded />}
          onClick={() => setLeaving(true)}
        >
          Leave organization
        </Button>
      </Box>
      {inviting && <InviteDialog open={inviting} roles={roles} onClose={() => setInviting(false)} />}
      <ConfirmDialog
        open={leaving}
        title={`Leave ${organizationName}?`}
        confirmLabel="Leave"
        busy={leaveState.isLoading}
        failure={leaveFailure}
        onConfirm={() => void confirmLeave()}
        onClose={() => {
          setLeaving(false);
          setLeaveFailure(null);
        }}
      >
        You lose access to its orders, tickets, integrations and KPIs at once.
      </ConfirmDialog>
    </>
  );
}
