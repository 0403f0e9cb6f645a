import { useLocation } from 'react-router-dom';
import { accountMessages, accountPages, linkTokenSchema } from '@portal/contracts';
import { BRAND_NAME } from '@portal/ui';
import { useVerifyEmailQuery } from '../../components/identity-api';
import { LinkOutcome } from '../../components/LinkOutcome';
import { LinkFailure, NextStep } from './link-outcome-parts';

const PAGE = {
  path: accountPages.verifyEmail,
  description: `Verify the email address of your ${BRAND_NAME} account.`,
};

/**
 * /verify-email?token=…, the link of the sign-up mail: sent once on load; verified, already verified,
 * expired or not valid, each a page of its own (the server's messages, word for word).
 */
export default function VerifyEmail() {
  const token = new URLSearchParams(useLocation().search).get('token') ?? '';
  const wellFormed = linkTokenSchema.safeParse(token).success;
  const { data, error, isFetching, refetch } = useVerifyEmailQuery({ token }, { skip: !wellFormed });

  if (!wellFormed) return <Refused message={accountMessages.verificationLinkInvalid} />;
  if (isFetching) {
    return (
      <LinkOutcome {...PAGE} tone="working" title="Verifying your email address">
        This takes a moment.
      </LinkOutcome>
    );
  }
  if (data?.alreadyVerified) {
    return (
      <LinkOutcome {...PAGE} tone="done" title="Already verified" actions={<NextStep kind="dashboard" />}>
        {accountMessages.emailAlreadyVerified}
      </LinkOutcome>
    );
  }
  if (data) {
    return (
      <LinkOutcome
        {...PAGE}
        tone="done"
        title="Your email address is verified"
        actions={<NextStep kind="dashboard" />}
      >
        Thank you: {data.email} is confirmed as the address of your account.
      </LinkOutcome>
    );
  }
  return (
    <LinkFailure
      {...PAGE}
      error={error}
      refused={(message) => <Refused message={message} />}
      retry={refetch}
    />
  );
}

function Refused({ message }: { message: string }) {
  const expired = message === accountMessages.verificationLinkExpired;
  return (
    <LinkOutcome
      {...PAGE}
      tone="refused"
      title={expired ? 'This verification link has expired' : 'This verification link cannot be used'}
      actions={<NextStep kind={expired ? 'signIn' : 'dashboard'} />}
    >
      {message}
    </LinkOutcome>
  );
}
