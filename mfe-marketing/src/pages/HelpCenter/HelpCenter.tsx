import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Search from '@mui/icons-material/SearchRounded';
import { PageContainer } from '@portal/ui';
import {
  FIRST_HELP_CATEGORY,
  HELP_ARTICLES,
  HELP_CATEGORIES,
  type HelpCategoryId,
} from '@portal/help-center';
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
  const [searchParam, setSearchParam] = useSearchParam('q');
  // The field's own state, so typing never waits for the router's transition; the address follows.
  const [search, setSearch] = useState(searchParam ?? '');
  const { searching, heading, faqs } = faqView(HELP_ARTICLES, HELP_CATEGORIES, { category, search });

  // Back and Forward change the address under the page: show the search it names.
  useEffect(() => {
    const showAddressSearch = () => setSearch(new URLSearchParams(window.location.search).get('q') ?? '');
    window.addEventListener('popstate', showAddressSearch);
    return () => window.removeEventListener('popstate', showAddressSearch);
  }, []);

  const changeSearch = (text: string) => {
    setSearch(text);
    setSearchParam(text, { replace: search !== '' });
  };
  const chooseCategory = (chosen: HelpCategoryId) => {
    setCategory(chosen);
    if (!search) return;
    setSearch('');
    setSearchParam(null); // a history entry of its own: Back brings the search back
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
            onChange={(event) => changeSearch(event.target.value)}
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
