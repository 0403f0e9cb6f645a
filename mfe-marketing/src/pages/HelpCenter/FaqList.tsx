import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMoreRounded';
import SearchOff from '@mui/icons-material/SearchOffRounded';
import type { HelpArticle } from '@portal/help-center';

/** The questions as an accordion (question as an h3 button), or the empty state of a search. */
export function FaqList({ faqs }: { faqs: HelpArticle[] }) {
  if (!faqs.length) {
    return (
      <Box sx={{ textAlign: 'center', py: 6, px: 2, border: 1, borderColor: 'divider', borderRadius: 4 }}>
        <SearchOff aria-hidden sx={{ fontSize: 48, color: 'text.secondary', mb: 1 }} />
        <Typography variant="h5" component="p" sx={{ mb: 1 }}>
          No results found
        </Typography>
        <Typography color="text.secondary">
          Try adjusting your search terms or browse our categories.
        </Typography>
      </Box>
    );
  }
  return (
    <div>
      {faqs.map((faq) => (
        <Accordion
          key={faq.id}
          disableGutters
          slotProps={{ transition: { unmountOnExit: true } }}
          sx={{
            bgcolor: 'background.paper',
            border: 1,
            borderColor: 'divider',
            borderRadius: 3,
            mb: 1.5,
            '&::before': { display: 'none' },
          }}
        >
          <AccordionSummary expandIcon={<ExpandMore />} sx={{ px: 2.5, py: 0.5 }}>
            <Typography component="span" sx={{ fontWeight: 650 }}>
              {faq.question}
            </Typography>
          </AccordionSummary>
          <AccordionDetails sx={{ px: 2.5, pt: 0, pb: 2.5 }}>
            <Typography color="text.secondary">{faq.answer}</Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </div>
  );
}
