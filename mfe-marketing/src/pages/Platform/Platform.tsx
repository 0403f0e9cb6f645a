import Button from '@mui/material/Button';
import { useLocation, useNavigate } from 'react-router-dom';
import { openQuoteDialog, useAppDispatch } from '@portal/store';
import { ClosingCallToAction } from '../../components/ClosingCallToAction';
import { CapabilityTabs } from '../../components/CapabilityTabs';
import { PageIntro } from '../../components/PageIntro';
import { QuoteButton } from '../../components/QuoteButton';
import { Section } from '../../components/Section';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { PLATFORM_CAPABILITY_ORDER, isCapabilityId, type CapabilityId } from '../../content/capabilities';
import { usePublicPageMeta } from '../../seo/usePublicPageMeta';

/** The tab named by the URL hash (`/platform#wfm`), else the first. */
function tabFromHash(hash: string): CapabilityId {
  const id = hash.slice(1);
  return isCapabilityId(id) ? id : PLATFORM_CAPABILITY_ORDER[0];
}

export default function Platform() {
  usePublicPageMeta('/platform');
  const dispatch = useAppDispatch();
  const { hash } = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <PageIntro
        eyebrow="Platform"
        title="One platform for every customer conversation"
        actions={<QuoteButton />}
      >
        AI bots, omnichannel engagement, analytics and workforce management work together in one platform,
        with a 99.9% uptime target and 200+ integrations with the tools you already use.
      </PageIntro>
      <Section
        eyebrow="Capabilities"
        title="Explore the platform"
        lead="Six capabilities, one customer record. Use as many as you need; our team runs them for you."
      >
        <CapabilityTabs
          order={PLATFORM_CAPABILITY_ORDER}
          selected={tabFromHash(hash)}
          onSelect={(id) => void navigate(`#${id}`, { replace: true })}
          label="Platform capabilities"
          idPrefix="platform"
          actions={({ label, title }) => (
            <>
              <QuoteButton size="medium" onClick={() => dispatch(openQuoteDialog(`Platform: ${title}`))} />
              <Button
                variant="outlined"
                color="inherit"
                onClick={() => dispatch(openQuoteDialog(`Platform: ${title}`))}
              >
                Learn More
                <VisuallyHidden> about {label}</VisuallyHidden>
              </Button>
            </>
          )}
        />
      </Section>
      <ClosingCallToAction title="See the platform working for your customers" actions={<QuoteButton />}>
        Tell us which channels and hours you need. We will show you how the platform fits your tools and send
        a custom quote within 24 hours.
      </ClosingCallToAction>
    </>
  );
}
