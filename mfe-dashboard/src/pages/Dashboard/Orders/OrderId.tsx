import Box from '@mui/material/Box';
import { RouteLink } from '@portal/ui';

/** Characters of the id shown: enough to tell orders apart at a glance. */
const SHOWN = 8;

export const shortOrderId = (id: string): string => id.slice(0, SHOWN);

/**
 * An order's id shortened for display, as an abbreviation whose title is the full id (shown on
 * hover, exposed to assistive technology as its description). The items dialog shows it in full.
 * With `href`, it links to the order's page.
 */
export function OrderId({ id, href }: { id: string; href?: string }) {
  const abbreviation = (
    <Box
      component="abbr"
      title={id}
      sx={{
        fontFamily: 'monospace',
        fontSize: '0.9375rem',
        textDecoration: 'none',
        cursor: href ? 'pointer' : 'help',
      }}
    >
      {shortOrderId(id)}…
    </Box>
  );
  return href ? (
    <RouteLink href={href} aria-label={`Order ${shortOrderId(id)}, details`}>
      {abbreviation}
    </RouteLink>
  ) : (
    abbreviation
  );
}
