import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { PageContainer } from '@portal/ui';
import { LEGAL_EFFECTIVE_DATE } from '../content/legal/legal-facts';
import { Markup } from '../markup/Markup';
import { parseMarkup } from '../markup/parse-markup';

export interface LegalDocumentProps {
  title: string;
  summary: string;
  /** The document in the content markup; its `##` headings make the table of contents. */
  source: string;
}

/** A legal page: title, effective date, a table of contents beside the text on wide screens. */
export function LegalDocument({ title, summary, source }: LegalDocumentProps) {
  const sections = useMemo(
    () =>
      parseMarkup(source).flatMap((block) => (block.type === 'heading' && block.level === 2 ? [block] : [])),
    [source],
  );
  return (
    <PageContainer sx={{ pt: { xs: 7, md: 12 }, pb: { xs: 8, md: 12 } }}>
      <Typography variant="overline" color="primary" component="p" sx={{ mb: 1.5 }}>
        Legal
      </Typography>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Typography sx={{ fontWeight: 650, mb: 1 }}>Effective {LEGAL_EFFECTIVE_DATE}</Typography>
      <Typography variant="subtitle1" color="text.secondary" sx={{ maxWidth: 720, mb: { xs: 5, md: 8 } }}>
        {summary}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '260px minmax(0, 1fr)' },
          gap: { md: 6 },
          alignItems: 'start',
        }}
      >
        <Box
          component="nav"
          aria-label="On this page"
          sx={{ display: { xs: 'none', md: 'block' }, position: 'sticky', top: 96 }}
        >
          <Typography variant="overline" component="p" color="text.secondary" sx={{ mb: 1 }}>
            On this page
          </Typography>
          <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, '& li + li': { mt: 1 } }}>
            {sections.map((section) => (
              <li key={section.id}>
                <Link
                  href={`#${section.id}`}
                  variant="body2"
                  color="text.secondary"
                  sx={{ '&:hover': { color: 'text.primary' } }}
                >
                  {section.text}
                </Link>
              </li>
            ))}
          </Box>
        </Box>
        <Box component="article" aria-label={title} sx={{ maxWidth: 760 }}>
          <Markup source={source} />
        </Box>
      </Box>
    </PageContainer>
  );
}
