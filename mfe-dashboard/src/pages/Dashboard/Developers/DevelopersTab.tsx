import Box from '@mui/material/Box';
import { RouteLink } from '@portal/ui';
import { TabHeader } from '../../../components/TabHeader';
import { ApiKeysSection } from './ApiKeysSection';
import { CallbacksSection } from './CallbacksSection';
import { WebhookEndpointPage } from './WebhookEndpointPage';
import { WebhooksSection } from './WebhooksSection';

export interface DevelopersTabProps {
  /** The tab's address (`/dashboard/developers`): an endpoint's delivery log is below it. */
  listPath: string;
  /** The endpoint whose delivery log the address is, if it is one (`/dashboard/developers/{id}`). */
  endpointId?: string;
}

/**
 * Developers: the organization's API keys, webhook endpoints and tickets' callbacks, or one endpoint's
 * delivery log.
 */
export function DevelopersTab({ listPath, endpointId }: DevelopersTabProps) {
  if (endpointId) return <WebhookEndpointPage listPath={listPath} endpointId={endpointId} />;
  return (
    <>
      <TabHeader
        title="Developers"
        description="Connect your own systems to the API: keys to call it, webhooks to hear from it."
        action={
          <RouteLink href="/docs" sx={{ fontWeight: 600 }}>
            API documentation
          </RouteLink>
        }
      />
      <Box>
        <ApiKeysSection />
        <WebhooksSection listPath={listPath} />
        <CallbacksSection />
      </Box>
    </>
  );
}
