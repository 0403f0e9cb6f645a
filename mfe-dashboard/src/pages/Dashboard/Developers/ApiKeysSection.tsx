import { useState, type MouseEvent } from 'react';
import Button from '@mui/material/Button';
import AddRounded from '@mui/icons-material/AddRounded';
import KeyRounded from '@mui/icons-material/KeyRounded';
import type { ApiKey } from '@portal/contracts';
import { showToast, useAppDispatch } from '@portal/store';
import { RouteLink } from '@portal/ui';
import { UserText, withoutBidiControls } from '@portal/ui/user-text';
import { EmptyState } from '../../../components/EmptyState';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { LoadError } from '../../../components/LoadError';
import { useFailureToast } from '../../../components/useFailureToast';
import { useFocusReturn } from '../../../components/useFocusReturn';
import { ConfirmDialog } from '../Team/ConfirmDialog';
import { ApiKeyList, type ApiKeyAction } from './ApiKeyList';
import { CreateApiKeyDialog } from './CreateApiKeyDialog';
import { useApiKeysQuery, useRevokeApiKeyMutation } from './developers-api';
import { failureText, monoSx } from './developer-labels';
import { RollApiKeyDialog } from './RollApiKeyDialog';
import { SectionHeader } from './SectionHeader';
import Box from '@mui/material/Box';

/**
 * API keys: the organization's keys (prefix, scopes, who made them and when, last use, status),
 * 'Create API key', and Roll and Revoke on each key that still works. Focus goes back to the button
 * that opened a dialog, or to 'Create API key' when it is gone.
 */
export function ApiKeysSection() {
  const dispatch = useAppDispatch();
  const keys = useApiKeysQuery();
  useFailureToast(keys, 'Failed to fetch API keys');
  const { data, isError, isFetching, refetch } = keys;
  const [revokeApiKey, revocation] = useRevokeApiKeyMutation();
  const [creating, setCreating] = useState(false);
  const [acting, setActing] = useState<{ action: ApiKeyAction; key: ApiKey; open: boolean } | null>(null);
  const [revokeFailure, setRevokeFailure] = useState<string | null>(null);
  const {
    fallback: createButton,
    setOpener,
    returnFocus,
  } = useFocusReturn<HTMLButtonElement>({
    settled: !isFetching,
  });

  function openCreate(event: MouseEvent<HTMLElement>) {
    setOpener(event.currentTarget);
    setCreating(true);
  }

  async function revoke(key: ApiKey) {
    setRevokeFailure(null);
    try {
      await revokeApiKey(key.id).unwrap();
      dispatch(
        showToast({
          title: 'API key revoked',
          description: `${withoutBidiControls(key.name)} no longer works.`,
          severity: 'success',
        }),
      );
      // Its Roll and Revoke buttons are on their way out.
      setOpener(null);
      setActing((current) => current && { ...current, open: false });
    } catch (error) {
      setRevokeFailure(failureText(error));
    }
  }

  const empty = data?.length === 0;
  const createAction = (
    <Button ref={createButton} variant="contained" startIcon={<AddRounded />} onClick={openCreate}>
      Create API key
    </Button>
  );
  const close = () => setActing((current) => current && { ...current, open: false });
  const exited = () => {
    setActing(null);
    setRevokeFailure(null);
    returnFocus();
  };

  return (
    <Box component="section" aria-labelledby="developers-api-keys" sx={{ mb: 5 }}>
      <SectionHeader
        id="developers-api-keys"
        title="API keys"
        description="Keys let your systems call the API for your organization, within the scopes you give them."
        action={!empty && createAction}
      />
      {data ? (
        empty ? (
          <EmptyState icon={<KeyRounded />} title="No API keys yet" action={createAction}>
            Create a key to create and read tickets and list your agents from your own systems. See{' '}
            <RouteLink href="/docs#authentication">how to authenticate</RouteLink> in the API docs.
          </EmptyState>
        ) : (
          <ApiKeyList
            keys={data}
            onAction={(action, key, opener) => {
              setOpener(opener);
              setRevokeFailure(null);
              setActing({ action, key, open: true });
            }}
          />
        )
      ) : isError ? (
        <LoadError title="We could not load your API keys." onRetry={() => void refetch()} />
      ) : (
        <ListSkeleton label="Loading API keys" rows={2} rowHeight={64} />
      )}
      <CreateApiKeyDialog open={creating} onClose={() => setCreating(false)} onExited={returnFocus} />
      {acting?.action === 'roll' && (
        <RollApiKeyDialog
          key={acting.key.id}
          apiKey={acting.key}
          open={acting.open}
          onClose={close}
          onExited={exited}
        />
      )}
      {acting?.action === 'revoke' && (
        <ConfirmDialog
          open={acting.open}
          title="Revoke API key?"
          confirmLabel="Revoke key"
          busy={revocation.isLoading}
          failure={revokeFailure}
          onConfirm={() => void revoke(acting.key)}
          onClose={close}
          onExited={exited}
        >
          Requests with{' '}
          <strong>
            <UserText>{acting.key.name}</UserText>
          </strong>{' '}
          (
          <Box component="span" sx={monoSx}>
            {acting.key.prefix}…
          </Box>
          ) will be refused from now on. This cannot be undone.
        </ConfirmDialog>
      )}
    </Box>
  );
}
