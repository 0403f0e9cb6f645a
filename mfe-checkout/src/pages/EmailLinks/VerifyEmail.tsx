import { accountMessages, accountPages } from '@portal/contracts';
import { BRAND_NAME } from '@portal/ui';
import { useVerifyEmailQuery } from '../../components/identity-api';
import { LinkOutcome, useLinkToken } from '../../components/LinkOutcome';
import { LinkPage, NextStep } from './link-outcome-parts';

const PAGE = {
  path: accountPages.verifyEmail,
  description: `Verify the email address of your ${BRAND_NAME} account.`,
};

/**
 * /verify-email?token=…, the link of the sign-up mail: sent once on load; verified, already verified,
 * expired or not valid, each a page of its own (the server's messages, word for word).
 */
export default function VerifyEmail() {
  const { token, wellFormed } = useLinkToken();
  const call = useVerifyEmailQuery({ token }, { skip: !wellFormed });
  return (
    <LinkPage
      {...PAGE}
      wellFormed={wellFormed}
      call={call}
      working="Verifying your email address"
      invalidMessage={accountMessages.verificationLinkInvalid}
      done={(data) =>
        data.alreadyVerified ? (
          <LinkOutcome {...PAGE} tone="done" title="Already verified" actions={<NextStep kind="dashboard" />}>
            {accountMessages.emailAlreadyVerified}
          </LinkOutcome>
        ) : (
          <LinkOutcome
            {...PAGE}
            tone="done"
            title="Your email address is verified"
            actions={<NextStep kind="dashboard" />}
          >
            Thank you: {data.email} is confirmed as the address of your account.
          </LinkOutcome>
        )
      }
      refused={(message) => <Refused message={message} />}
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
