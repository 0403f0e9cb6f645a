import { useState } from 'react';
import ArrowForward from '@mui/icons-material/ArrowForwardRounded';
import { RouteButton } from '@portal/ui';
import { CapabilityTabs } from '../../components/CapabilityTabs';
import { Section } from '../../components/Section';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { HOME_CAPABILITY_ORDER, type CapabilityId } from '../../content/capabilities';

/** 'Capabilities' on the home page: six tabs, AI Bots first, each with 'Learn More' to /platform. */
export function CapabilitiesSection() {
  const [selected, setSelected] = useState<CapabilityId>(HOME_CAPABILITY_ORDER[0]);
  return (
    <Section
      eyebrow="Capabilities"
      title="People and AI, working as one contact center"
      lead="Everything you need to answer, engage and understand your customers, run for you by our team."
    >
      <CapabilityTabs
        order={HOME_CAPABILITY_ORDER}
        selected={selected}
        onSelect={setSelected}
        label="Capabilities"
        idPrefix="home-capabilities"
        actions={({ id, label }) => (
          <RouteButton href={`/platform#${id}`} variant="outlined" color="inherit" endIcon={<ArrowForward />}>
            Learn More
            <VisuallyHidden> about {label}</VisuallyHidden>
          </RouteButton>
        )}
      />
    </Section>
  );
}
