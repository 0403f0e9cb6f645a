import { QuoteButton } from '../../components/QuoteButton';
import { ClosingCallToAction } from '../../components/ClosingCallToAction';
import { CapabilitiesSection } from './CapabilitiesSection';
import { ResourceCards } from './ResourceCards';
import { SuccessStories } from './SuccessStories';

/** Everything on `/` below the metric tiles (a chunk of its own, see BelowTheFold). */
export default function HomeSections() {
  return (
    <>
      <CapabilitiesSection />
      <SuccessStories />
      <ResourceCards />
      <ClosingCallToAction
        title="Ready to answer every customer, around the clock?"
        actions={<QuoteButton />}
      >
        Tell us about your call volumes and goals. A solutions specialist will contact you within 24 hours
        with a custom quote and your projected savings.
      </ClosingCallToAction>
    </>
  );
}
