import { PageIntro } from '../../components/PageIntro';

export default function Docs() {
  return (
    <PageIntro eyebrow="Developers" title="Developer documentation" pageTitle="Docs">
      Connect your systems to our platform with the REST API and webhooks: create support tickets, look up
      agents and receive call events as they happen.
    </PageIntro>
  );
}
