import { useEffect, useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import DevicesRounded from '@mui/icons-material/DevicesRounded';
import type { AccountSession } from '@portal/contracts';
import {
  useAccountSessionsQuery,
  useEndSessionMutation,
  useSignOutOtherSessionsMutation,
} from '@portal/store/account-api';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { LoadError } from '../../../components/LoadError';
import { OutlinedList } from '../../../components/OutlinedList';
import { formatDateTime } from '@portal/ui/format-date';
import { FormOutcome, type Outcome } from './FormOutcome';
import { SettingsPanel } from './SettingsPanel';
import { failure } from './settings-form';

/** 'Signed out 2 other sessions.' */
export const signedOutOthers = (count: number) =>
  count === 0
    ? 'There were no other sessions to sign out.'
    : `Signed out ${count} other ${count === 1 ? 'session' : 'sessions'}.`;

function SessionRow({
  session,
  onEnd,
  ending,
}: {
  session: AccountSession;
  onEnd: (session: AccountSession) => void;
  ending: boolean;
}) {
  return (
    <Box
      component="li"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: { xs: 1.5, sm: 2 } }}
    >
      <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography sx={{ fontWeight: 650 }}>{session.browser}</Typography>
          {session.current && <Chip size="small" color="secondary" label="This device" />}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {session.address} · Signed in {formatDateTime(session.signedInAt)} · Last seen{' '}
          {formatDateTime(session.lastSeenAt)}
        </Typography>
      </Box>
      {!session.current && (
        <Button
          size="small"
          variant="outlined"
          color="inherit"
          onClick={() => onEnd(session)}
          loading={ending}
          aria-label={`Sign out ${session.browser}, ${session.address}`}
        >
          Sign out
        </Button>
      )}
    </Box>
  );
}

/**
 * Sessions: where the account is signed in (GET /api/account/sessions, this device first), signing
 * out one of them or every other one at once.
 */
export function SessionsPanel() {
  const listId = useId();
  const sessions = useAccountSessionsQuery();
  const [endSession, ended] = useEndSessionMutation();
  const [signOutOthers, others] = useSignOutOtherSessionsMutation();
  const [endingId, setEndingId] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  // A session's Sign out button leaves with it: focus goes to the list's heading once it is back.
  const listHeading = useRef<HTMLHeadingElement>(null);
  const [focusList, setFocusList] = useState(false);
  useEffect(() => {
    if (!focusList || sessions.isFetching || !listHeading.current) return;
    listHeading.current.focus();
    setFocusList(false);
  }, [focusList, sessions.isFetching]);

  const end = async (session: AccountSession) => {
    setOutcome(null);
    setEndingId(session.id);
    try {
      await endSession(session.id).unwrap();
      setOutcome({ severity: 'success', text: `Signed out ${session.browser}, ${session.address}.` });
      setFocusList(true);
    } catch (caught) {
      setOutcome(failure(caught));
    } finally {
      setEndingId(null);
    }
  };
  const endOthers = async () => {
    setOutcome(null);
    try {
      const { signedOut } = await signOutOthers().unwrap();
      setOutcome({ severity: 'success', text: signedOutOthers(signedOut) });
    } catch (caught) {
      setOutcome(failure(caught));
    }
  };

  const list = sessions.data;
  const hasOthers = Boolean(list?.some((session) => !session.current));
  let content;
  if (list) {
    content = (
      <>
        <Typography
          id={listId}
          ref={listHeading}
          tabIndex={-1}
          variant="subtitle2"
          component="h4"
          sx={{ mb: 1, outline: 'none' }}
        >
          {list.length === 1 ? 'Signed in on 1 device' : `Signed in on ${list.length} devices`}
        </Typography>
        <OutlinedList labelledBy={listId}>
          {list.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              onEnd={(chosen) => void end(chosen)}
              ending={ended.isLoading && endingId === session.id}
            />
          ))}
        </OutlinedList>
        {!hasOthers && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            You are signed in only here. Sessions on other browsers and devices will appear in this list.
          </Typography>
        )}
      </>
    );
  } else if (sessions.isError) {
    content = <LoadError title="We could not load your sessions." onRetry={() => void sessions.refetch()} />;
  } else {
    content = <ListSkeleton label="Loading sessions" rows={2} />;
  }

  return (
    <SettingsPanel
      title="Sessions"
      icon={<DevicesRounded />}
      description="Where your account is signed in. Sign out any session you do not recognise."
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        {content}
        <FormOutcome outcome={outcome} />
        {list && (
          <Box>
            <Button
              variant="outlined"
              color="warning"
              onClick={endOthers}
              loading={others.isLoading}
              disabled={!hasOthers}
            >
              Sign out all other sessions
            </Button>
          </Box>
        )}
      </Box>
    </SettingsPanel>
  );
}
