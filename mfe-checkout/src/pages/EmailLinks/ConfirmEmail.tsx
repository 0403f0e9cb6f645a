import { useEffect } from 'react';
import { accountMessages, accountPages } from '@portal/contracts';
import { BRAND_NAME } from '@portal/ui';
import { checkCurrentUser, useAppDispatch } from '@portal/store';
import { useConfirmEmailQuery } from '../../components/identity-api';
import { LinkOutcome, useLinkToken } from '../../components/LinkOutcome';
import { LinkPage, NextStep } from './link-outcome-parts';

const PAGE = {
  path: accountPages.confirmEmail,
  description: `Confirm the new email address of your ${BRAND_NAME} account.`,
};

/**
 * /confirm-email?token=…, the link sent to the new address of an email change: sent once on load;
 * confirmed (a signed-in session then shows the new address), or used, expired, not valid or the
 * address taken meanwhile, each a page of its own (the server's messages, word for word).
 */
export default function ConfirmEmail() {
  const dispatch = useAppDispatch();
  const { token, wellFormed } = useLinkToken();
  const call = useConfirmEmailQuery({ token }, { skip: !wellFormed });
  const confirmedEmail = call.data?.email;

  useEffect(() => {
    // The session's user carries the email (the header, the dashboard): load it again.
    if (confirmedEmail) void dispatch(checkCurrentUser());
  }, [confirmedEmail, dispatch]);

  return (
    <LinkPage
      {...PAGE}
      wellFormed={wellFormed}
      call={call}
      working="Confirming your new email address"
      invalidMessage={accountMessages.emailChangeLinkInvalid}
      done={(data) => (
        <LinkOutcome
          {...PAGE}
          tone="done"
          title="Your new email address is confirmed"
          actions={<NextStep kind="dashboard" />}
        >
          From now on, sign in with {data.email}. We will send your account&apos;s mail there.
        </LinkOutcome>
      )}
      refused={(message) => <Refused message={message} />}
    />
  );
}

function Refused({ message }: { message: string }) {
  const askAgain =
    message === accountMessages.emailChangeLinkExpired || message === accountMessages.emailInUse;
  return (
    <LinkOutcome
      {...PAGE}
      tone="refused"
      title="Your email address was not changed"
      actions={<NextStep kind={askAgain ? 'settings' : 'dashboard'} />}
    >
      {message}
    </LinkOutcome>
  );
}
