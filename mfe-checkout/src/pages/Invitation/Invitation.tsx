import { useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useLocation } from 'react-router-dom';
import {
  accountPages,
  invitationTokenSchema,
  orgRoleDescriptions,
  orgRoleLabels,
  teamMessages,
  type InvitationPreview,
} from '@portal/contracts';
import { BRAND_NAME, PageLoading, RouteButton } from '@portal/ui';
import { lazyDateFormat } from '@portal/ui/format-date';
import { UserText } from '@portal/ui/user-text';
import { selectSessionStatus, selectSessionUser, useAppSelector } from '@portal/store';
import { AuthLayout } from '../../components/AuthLayout';
import { LinkOutcome } from '../../components/LinkOutcome';
import { LinkFailure } from '../EmailLinks/link-outcome-parts';
import { AcceptStep, OtherEmail, SignInToAccept, SignUpToAccept } from './InvitationSteps';
import { useInvitationPreviewQuery } from './invitation-api';

export const INVITATION_PAGE = {
  path: accountPages.invitation,
  description: `Join your organization's ${BRAND_NAME} dashboard.`,
};

const REFUSAL_TITLES: Record<string, string> = {
  [teamMessages.invitationExpired]: 'This invitation has expired',
  [teamMessages.invitationRevoked]: 'This invitation was revoked',
  [teamMessages.invitationUsed]: 'This invitation has already been used',
};

/** An invitation link that cannot be used (not valid, expired, revoked, used): the server's message. */
function Refused({ message, focus }: { message: string; focus?: boolean }) {
  return (
    <LinkOutcome
      {...INVITATION_PAGE}
      tone="refused"
      title={REFUSAL_TITLES[message] ?? 'This invitation cannot be used'}
      focusTitle={focus}
      actions={
        <RouteButton href="/" variant="contained">
          Go to the home page
        </RouteButton>
      }
    >
      {message}
    </LinkOutcome>
  );
}

const expiryDate = lazyDateFormat({ dateStyle: 'long', timeStyle: 'short' });

/** Who invited whom to which organization with which role, until when; and the way in for the visitor. */
function InvitationDetails({
  token,
  preview,
  onRefused,
}: {
  token: string;
  preview: InvitationPreview;
  onRefused: (message: string) => void;
}) {
  const session = useAppSelector(selectSessionStatus);
  const user = useAppSelector(selectSessionUser);
  if (session === 'checking') return <PageLoading />;
  const sameEmail = user?.email.trim().toLowerCase() === preview.email.trim().toLowerCase();
  return (
    <AuthLayout
      title={`Join ${preview.organizationName}`}
      subtitle={`${preview.invitedBy} invited you to work in ${preview.organizationName}'s ${BRAND_NAME} dashboard.`}
      {...INVITATION_PAGE}
    >
      <Box
        component="dl"
        sx={{
          m: 0,
          mb: 3,
          display: 'grid',
          gridTemplateColumns: 'auto 1fr',
          columnGap: 2,
          rowGap: 1,
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0, overflowWrap: 'anywhere' },
        }}
      >
        <dt>Organization</dt>
        <dd>
          <UserText>{preview.organizationName}</UserText>
        </dd>
        <dt>Role</dt>
        <dd>
          <strong>{orgRoleLabels[preview.role]}</strong>
          <Typography variant="body2" color="text.secondary">
            {orgRoleDescriptions[preview.role]}
          </Typography>
        </dd>
        <dt>Invited by</dt>
        <dd>
          <UserText>{preview.invitedBy}</UserText>
        </dd>
        <dt>For</dt>
        <dd>{preview.email}</dd>
        <dt>Expires</dt>
        <dd>
          <time dateTime={preview.expiresAt}>{expiryDate.format(new Date(preview.expiresAt))}</time>
        </dd>
      </Box>
      {session === 'signedIn' && user ? (
        sameEmail ? (
          <AcceptStep token={token} preview={preview} onRefused={onRefused} />
        ) : (
          <OtherEmail email={user.email} />
        )
      ) : preview.hasAccount ? (
        <SignInToAccept token={token} preview={preview} onRefused={onRefused} />
      ) : (
        <SignUpToAccept token={token} preview={preview} onRefused={onRefused} />
      )}
    </AuthLayout>
  );
}

/**
 * /invitation?token=…, the link of a team invitation: what it is (organization, role, who invited,
 * until when), then the way in. Signed in with the invited email: 'Accept invitation'. Signed in with
 * another: the server's message and Sign out. Signed out with an account: sign in here (the email
 * fixed), then the invitation is accepted; without one: sign up (name and password), joining at once.
 * A link that is not valid, expired, revoked or used is a page of its own with the server's message.
 */
export default function Invitation() {
  const token = new URLSearchParams(useLocation().search).get('token') ?? '';
  const wellFormed = invitationTokenSchema.safeParse(token).success;
  const preview = useInvitationPreviewQuery({ token }, { skip: !wellFormed });
  const [refusal, setRefusal] = useState<string | null>(null);

  if (!wellFormed) return <Refused message={teamMessages.invitationInvalid} />;
  if (refusal) return <Refused message={refusal} focus />;
  if (preview.error && !preview.isFetching) {
    return (
      <LinkFailure
        {...INVITATION_PAGE}
        error={preview.error}
        refused={(message) => <Refused message={message} />}
        retry={preview.refetch}
      />
    );
  }
  if (!preview.data) {
    return (
      <LinkOutcome {...INVITATION_PAGE} tone="working" title="Opening your invitation">
        One moment while we check the link.
      </LinkOutcome>
    );
  }
  return <InvitationDetails token={token} preview={preview.data} onRefused={setRefusal} />;
}
