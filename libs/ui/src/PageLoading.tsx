import Box from '@mui/material/Box';

/** Holds the page's space while a lazily loaded page arrives, so the footer does not jump. */
export function PageLoading() {
  return <Box aria-busy="true" aria-label="Loading page" sx={{ minHeight: '70vh' }} />;
}
