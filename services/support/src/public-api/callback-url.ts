import { apiErrorCodes, webhookMessages } from '@portal/contracts';
import { type HostResolver, resolveWebhookUrl, v1Errors, WebhookUrlRefusal } from '@portal/nest-http';

/**
 * A ticket's `callback_url` must not reach a loopback, private or link-local address: crm's webhook
 * rule, from the same guard (ADR 0206). 400 `callback_url` when it does. A host that does not resolve
 * is taken (crm checks the URL again before every attempt, and a DNS hiccup must not lose the ticket).
 */
export async function checkCallbackUrl(
  url: string | undefined,
  options: { allowPrivate: boolean; resolve?: HostResolver },
): Promise<void> {
  if (url === undefined) return;
  try {
    await resolveWebhookUrl(url, options);
  } catch (error) {
    if (error instanceof WebhookUrlRefusal && error.reason === 'refused') {
      throw v1Errors.invalidParameter(
        apiErrorCodes.parameterInvalid,
        webhookMessages.callbackUrlRefused,
        'callback_url',
      );
    }
    if (!(error instanceof WebhookUrlRefusal)) throw error;
  }
}
