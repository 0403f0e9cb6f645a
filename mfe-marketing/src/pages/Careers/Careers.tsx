import { Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazyPage, RouteButton } from '@portal/ui';
import { CardGrid } from '../../components/CardGrid';
import { CheckList } from '../../components/CheckList';
import { ListHeading } from '../../components/ListHeading';
import { ClosingCallToAction } from '../../components/ClosingCallToAction';
import { PageIntro } from '../../components/PageIntro';
import { Section } from '../../components/Section';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { HIRING_STEPS, POSITIONS } from '../../content/careers';
import { usePublicPageMeta } from '../../seo/usePublicPageMeta';
import { columnCardSx, gridListSx } from '../../components/grid-list';

// The form (and zod, which checks it) loads when a visitor applies, not with the page.
const { Page: ApplicationDialog } = lazyPage(() => import('./application/ApplicationDialog'));

const ROLES = POSITIONS.map((position) => position.title);

/** A hiring step's number in a filled circle (the list itself is an <ol>, so it is not read out twice). */
function StepNumber({ number }: { number: number }) {
  return (
    <Box
      aria-hidden
      sx={{
        width: 40,
        height: 40,
        borderRadius: '50%',
        display: 'grid',
        placeItems: 'center',
        fontWeight: 800,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
      }}
    >
      {number}
    </Box>
  );
}

export default function Careers() {
  usePublicPageMeta('/careers');
  // Which position's 'Apply Now' opened the form; `opened` starts a fresh form each time.
  const [applying, setApplying] = useState<{ role: string; open: boolean; opened: number } | null>(null);
  const apply = (role: string) =>
    setApplying((current) => ({ role, open: true, opened: (current?.opened ?? 0) + 1 }));
  return (
    <>
      <PageIntro eyebrow="Careers" title="Build a career in customer experience">
        Join our customer service, sales and AI automation teams. We hire for attitude, train for skills and
        promote from within.
      </PageIntro>
      <Section
        eyebrow="Open positions"
        title="Find your role"
        lead="Roles across our Millstone, New Jersey headquarters, remote US teams and our Philippines delivery center."
      >
        <Box component="ul" sx={gridListSx({ xs: '1fr', md: 'repeat(2, 1fr)' }, { xs: 2, md: 3 })}>
          {POSITIONS.map(({ title, department, location, type, summary, requirements }) => (
            <Box component="li" key={title} sx={columnCardSx}>
              <Typography variant="h3">{title}</Typography>
              <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
                <Chip size="small" label={department} />
                <Chip size="small" label={location} />
                <Chip size="small" label={type} color="secondary" variant="outlined" />
              </Stack>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
                {summary}
              </Typography>
              <ListHeading component="h4" mt={2.5} mb={1}>
                Requirements
              </ListHeading>
              <Box sx={{ flexGrow: 1 }}>
                <CheckList items={requirements} />
              </Box>
              <Button
                variant="contained"
                onClick={() => apply(title)}
                sx={{ mt: 3, alignSelf: 'flex-start' }}
              >
                Apply Now
                <VisuallyHidden> for {title}</VisuallyHidden>
              </Button>
            </Box>
          ))}
        </Box>
      </Section>
      <Section eyebrow="How we hire" title="Our hiring process">
        <CardGrid
          list="ol"
          cards={HIRING_STEPS.map((step, index) => ({ ...step, badge: <StepNumber number={index + 1} /> }))}
          columns={{ xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }}
          gap={{ xs: 2.5, md: 3 }}
        />
      </Section>
      <ClosingCallToAction
        title="Questions about working with us?"
        actions={
          <>
            <RouteButton href="/contact" variant="contained" size="large">
              Contact Us
            </RouteButton>
            <RouteButton href="/about-us" variant="outlined" color="inherit" size="large">
              About Us
            </RouteButton>
          </>
        }
      >
        Our recruiting team answers every message within 24 hours. Learn more about who we are and how we
        work.
      </ClosingCallToAction>
      {applying && (
        <Suspense fallback={null}>
          <ApplicationDialog
            key={applying.opened}
            open={applying.open}
            role={applying.role}
            roles={ROLES}
            onClose={() => setApplying({ ...applying, open: false })}
          />
        </Suspense>
      )}
    </>
  );
}
