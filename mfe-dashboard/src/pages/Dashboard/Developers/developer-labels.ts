import type { ApiKey, WebhookDeliveryStatus, WebhookEndpointStatus } from '@portal/contracts';
import { serverMessage, type ApiError } from '@portal/store';
import { formatDate } from '@portal/ui/format-date';

/** A key's status chip: Active, Expires <date> (rolled, in its grace period), Expired or Revoked. */
export function apiKeyStatusLabel(key: Pick<ApiKey, 'status' | 'expiresAt'>): {
  label: string;
  color: 'success' | 'warning' | 'default' | 'error';
} {
  switch (key.status) {
    case 'active':
      return { label: 'Active', color: 'success' };
    case 'expiring':
      return { label: key.expiresAt ? `Expires ${formatDate(key.expiresAt)}` : 'Expiring', color: 'warning' };
    case 'expired':
      return { label: 'Expired', color: 'default' };
    case 'revoked':
      return { label: 'Revoked', color: 'error' };
  }
}

/** Whether a key still works (and so may be rolled or revoked). */
export const isLiveKey = (key: Pick<ApiKey, 'status'>) =>
  key.status === 'active' || key.status === 'expiring';

export const GRACE_LABELS: Record<number, string> = {
  0: 'Expire now',
  1: '1 hour',
  24: '24 hours',
  72: '3 days',
  168: '7 days',
};

export const ENDPOINT_STATUS: Record<
  WebhookEndpointStatus,
  { label: string; color: 'success' | 'error' | 'default' }
> = {
  active: { label: 'Active', color: 'success' },
  failing: { label: 'Failing', color: 'error' },
  disabled: { label: 'Disabled', color: 'default' },
};

export const DELIVERY_STATUS: Record<
  WebhookDeliveryStatus,
  { label: string; color: 'success' | 'error' | 'warning' | 'info' }
> = {
  pending: { label: 'Pending', color: 'info' },
  retrying: { label: 'Retrying', color: 'warning' },
  succeeded: { label: 'Succeeded', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
};

/** A failed call in words: the server's message, else the `"<status>: <body>"` text of the API error. */
export function failureText(error: unknown): string {
  return serverMessage(error) ?? (error as Partial<ApiError> | undefined)?.message ?? 'Something went wrong';
}

export const monoSx = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: '0.8125rem',
} as const;
