import { useState } from 'react';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Search from '@mui/icons-material/SearchRounded';
import { PageContainer } from '@portal/ui';
import { FAQS, FIRST_HELP_CATEGORY, HELP_CATEGORIES, type HelpCategoryId } from '../../content/help-center';
import { PageIntro } from '../../components/PageIntro';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { FaqList } from './FaqList';
import { HelpCategoryButtons } from './HelpCategoryButtons';
import { QuickLinks } from './QuickLinks';
import { StillNeedHelp } from './StillNeedHelp';
import { faqView } from './help-search';
import { useSearchParam } from '../../address/use-search-param';
import { usePublicPageMeta } from '../../seo/usePublicPageMeta';

/**
 * /help-center: search, quick links, FAQs by category and the ways to reach support. The search is in
 * the address (`?q=`): a link opens on the same results, and one Back undoes the whole search (the
 * first letter typed adds a history entry, the next ones replace it).
 */
export default function HelpCenter() {
  usePublicPageMeta('/help-center');
  const [category, setCategory] = useState<HelpCategoryId>(FIRST_HELP_CATEGORY);
  const [searchParam, setSearch] = useSearchParam('q');
  const search = searchParam ?? '';
  const { searching, heading, faqs } = faqView(FAQS, HELP_CATEGORIES, { category, search });

  const chooseCategory = (chosen: HelpCategoryId) => {
    setCategory(chosen);
    setSearch(null);
  };

  return (
    <>
      <PageIntro
        eyebrow="Help Center"
        title="How can we help?"
        actions={
          <TextField
            type="search"
            label="Search help articles"
            placeholder="Try “billing” or “integration”"
            value={search}
            onChange={(event) => setSearch(event.target.value, { replace: search !== '' })}
            sx={{ width: '100%', maxWidth: 600 }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <Search aria-hidden />
                  </InputAdornment>
                ),
              },
            }}
          />
        }
      >
        Answers about getting started, billing, integrations and your account. Can't find what you need? Our
        support team replies to email within 2 hours.
      </PageIntro>
      <PageContainer sx={{ pb: { xs: 8, md: 12 } }}>
        <QuickLinks />
        <Box component="section" aria-labelledby="faq-heading" sx={{ mt: { xs: 6, md: 9 } }}>
          <Typography variant="overline" component="p" color="primary" sx={{ mb: 1.5 }}>
            Browse by category
          </Typography>
          <HelpCategoryButtons selected={searching ? null : category} onSelect={chooseCategory} />
          <Typography id="faq-heading" variant="h2" sx={{ mt: 4, mb: 2.5, overflowWrap: 'anywhere' }}>
            {heading}
          </Typography>
          <div role="status">
            {searching && (
              <VisuallyHidden>{`${faqs.length} ${faqs.length === 1 ? 'result' : 'results'}`}</VisuallyHidden>
            )}
          </div>
          <Box sx={{ maxWidth: 880 }}>
            <FaqList faqs={faqs} />
          </Box>
        </Box>
        <Box sx={{ mt: { xs: 8, md: 12 } }}>
          <StillNeedHelp />
        </Box>
      </PageContainer>
    </>
  );
}
