import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { CAPABILITIES, type Capability, type CapabilityId } from '../content/capabilities';
import { CheckList } from './CheckList';
import { ListHeading } from './ListHeading';
import { IconBadge } from './IconBadge';
import { outlinedSx } from './grid-list';

export interface CapabilityTabsProps {
  /** Which capabilities, in which order. */
  order: CapabilityId[];
  selected: CapabilityId;
  onSelect: (id: CapabilityId) => void;
  /** Names the tab list for screen readers. */
  label: string;
  /** Keeps the tabs' and panels' ids unique on the page. */
  idPrefix: string;
  /** The panel's calls to action. */
  actions: (capability: Capability) => ReactNode;
}

/** The platform's capabilities as tabs (arrow keys move between them), one panel per tab. */
export function CapabilityTabs({ order, selected, onSelect, label, idPrefix, actions }: CapabilityTabsProps) {
  const tabId = (id: CapabilityId) => `${idPrefix}-tab-${id}`;
  const panelId = (id: CapabilityId) => `${idPrefix}-panel-${id}`;
  return (
    <>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={selected}
          onChange={(_event, id: CapabilityId) => onSelect(id)}
          aria-label={label}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          textColor="inherit"
        >
          {order.map((id) => (
            <Tab
              key={id}
              value={id}
              id={tabId(id)}
              aria-controls={panelId(id)}
              label={CAPABILITIES[id].label}
              sx={{ fontSize: '1rem', minHeight: 56, px: { xs: 2, md: 3 } }}
            />
          ))}
        </Tabs>
      </Box>
      {order.map((id) => {
        const capability = CAPABILITIES[id];
        return (
          <Box
            key={id}
            role="tabpanel"
            id={panelId(id)}
            aria-labelledby={tabId(id)}
            hidden={id !== selected}
            sx={{ pt: { xs: 3.5, md: 5 } }}
          >
            {id === selected && (
              <Box
                sx={{
                  display: 'grid',
                  gridTemplateColumns: { xs: '1fr', md: '1.1fr 1fr' },
                  gap: { xs: 3, md: 6 },
                  alignItems: 'start',
                }}
              >
                <div>
                  <IconBadge Icon={capability.Icon} />
                  <Typography variant="h3" sx={{ mt: 2.5 }}>
                    {capability.title}
                  </Typography>
                  <Typography color="text.secondary" sx={{ mt: 1.5 }}>
                    {capability.description}
                  </Typography>
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 3.5 }}>
                    {actions(capability)}
                  </Stack>
                </div>
                <Box
                  sx={{
                    p: { xs: 2.5, md: 3.5 },
                    borderRadius: 4,
                    ...outlinedSx,
                  }}
                >
                  <ListHeading component="h4">Key features</ListHeading>
                  <CheckList items={capability.features} />
                </Box>
              </Box>
            )}
          </Box>
        );
      })}
    </>
  );
}
