import { PageIntro } from '../../components/PageIntro';
import { QuoteButton } from '../../components/QuoteButton';

export default function Platform() {
  return (
    <PageIntro
      eyebrow="Platform"
      title="One platform for every customer conversation"
      pageTitle="Platform"
      actions={<QuoteButton />}
    >
      AI bots, omnichannel engagement, analytics and workforce management work together in one platform, with
      99.9% uptime and 200+ integrations with the tools you already use.
    </PageIntro>
  );
}
