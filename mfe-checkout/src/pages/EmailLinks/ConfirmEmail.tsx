import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { accountMessages, accountPages, linkTokenSchema } from '@portal/contracts';
import { BRAND_NAME } from '@portal/ui';
import { checkCurrentUser, useAppDispatch } from '@portal/store';
import { useConfirmEmailQuery } from '../../components/identity-api';
import { LinkOutcome } from '../../components/LinkOutcome';
import { LinkFailure, NextStep } from './link-outcome-parts';

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
  const token = new URLSearchParams(useLocation().search).get('token') ?? '';
  const wellFormed = linkTokenSchema.safeParse(token).success;
  const { data, error, isFetching, refetch } = useConfirmEmailQuery({ token }, { skip: !wellFormed });
  const confirmedEmail = data?.email;

  useEffect(() => {
    // The session's user carries the email (the header, the dashboard): load it again.
    if (confirmedEmail) void dispatch(checkCurrentUser());
  }, [confirmedEmail, dispatch]);

  if (!wellFormed) return <Refused message={accountMessages.emailChangeLinkInvalid} />;
  if (isFetching) {
    return (
      <LinkOutcome {...PAGE} tone="working" title="Confirming your new email address">
        This takes a moment.
      </LinkOutcome>
    );
  }
  if (data) {
    return (
      <LinkOutcome
        {...PAGE}
        tone="done"
        title="Your new email address is confirmed"
        actions={<NextStep kind="dashboard" />}
      >
        From now on, sign in with {data.email}. We will send your account&apos;s mail there.
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
