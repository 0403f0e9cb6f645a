import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { DOCS_SECTIONS, type DocsSectionId } from '../../content/docs';
import { outlinedSx } from '../../components/grid-list';

export const docsTabId = (id: DocsSectionId) => `docs-tab-${id}`;
export const docsPanelId = (id: DocsSectionId) => `docs-panel-${id}`;

export interface DocsNavProps {
  /** Wide screens get vertical tabs in the sidebar; phones a select above the content. */
  wide: boolean;
  selected: DocsSectionId;
  onSelect: (id: DocsSectionId) => void;
}

/**
 * The choice of docs section. The phones' select carries the sidebar's tabs too, shown instead on wide
 * screens by CSS alone: the page prerendered at phone width (tools/prerender) then suits every screen,
 * and a wide screen's first paint already has the sidebar the section's render keeps.
 */
export function DocsNav({ wide, selected, onSelect }: DocsNavProps) {
  if (wide) return <SectionTabs selected={selected} onSelect={onSelect} />;
  return (
    <>
      <Box sx={{ display: { md: 'none' } }}>
        <TextField
          select
          fullWidth
          label="Documentation section"
          value={selected}
          onChange={(event) => onSelect(event.target.value as DocsSectionId)}
          slotProps={{ select: { native: true } }}
        >
          {DOCS_SECTIONS.map(({ id, title }) => (
            <option key={id} value={id}>
              {title}
            </option>
          ))}
        </TextField>
      </Box>
      <Box sx={{ display: { xs: 'none', md: 'block' } }}>
        <SectionTabs selected={selected} onSelect={onSelect} />
      </Box>
    </>
  );
}

function SectionTabs({ selected, onSelect }: Omit<DocsNavProps, 'wide'>) {
  return (
    <Tabs
      orientation="vertical"
      value={selected}
      onChange={(_event, id: DocsSectionId) => onSelect(id)}
      aria-label="Documentation sections"
      sx={{
        borderRadius: 3,
        ...outlinedSx,
        '& .MuiTab-root': { justifyContent: 'flex-start', minHeight: 48, textTransform: 'none' },
      }}
    >
      {DOCS_SECTIONS.map(({ id, title, Icon }) => (
        <Tab
          key={id}
          value={id}
          id={docsTabId(id)}
          aria-controls={docsPanelId(id)}
          label={title}
          icon={<Icon aria-hidden fontSize="small" />}
          iconPosition="start"
        />
      ))}
    </Tabs>
  );
}
