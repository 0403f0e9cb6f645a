import Box from '@mui/material/Box';

/**
 * Holds the page's space while a lazily loaded page arrives, so the footer does not jump. A status
 * region: a plain div may not carry a label (axe's aria-prohibited-attr).
 */
export function PageLoading() {
  return <Box role="status" aria-busy="true" aria-label="Loading page" sx={{ minHeight: '70vh' }} />;
}
