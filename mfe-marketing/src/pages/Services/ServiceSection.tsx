import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { openQuoteDialog, useAppDispatch } from '@portal/store';
import { PageContainer, RouteButton, RouteLink } from '@portal/ui';
import { CheckList } from '../../components/CheckList';
import { ListHeading } from '../../components/ListHeading';
import { IconBadge } from '../../components/IconBadge';
import { QuoteButton } from '../../components/QuoteButton';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import type { Service } from '../../content/services';
import { outlinedSx } from '../../components/grid-list';

/** One service on /services: what it is, key features, benefits and its three next steps. */
export function ServiceSection({ service }: { service: Service }) {
  const dispatch = useAppDispatch();
  const { id, name, summary, description, features, benefits, Icon } = service;
  return (
    <PageContainer component="section" id={id} aria-labelledby={`${id}-title`} sx={{ py: { xs: 3, md: 4 } }}>
      <Box
        sx={{
          p: { xs: 3, md: 5 },
          borderRadius: 5,
          ...outlinedSx,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '1.2fr 1fr 1fr' },
          gap: { xs: 3, md: 5 },
        }}
      >
        <div>
          <IconBadge Icon={Icon} tone="accent" />
          <Typography
            id={`${id}-title`}
            variant="h2"
            sx={{ mt: 2.5, fontSize: { xs: '1.625rem', md: '2rem' } }}
          >
            {name}
          </Typography>
          <Typography sx={{ mt: 1.5, fontWeight: 600 }}>{summary}</Typography>
          <Typography color="text.secondary" sx={{ mt: 1.5 }}>
            {description}
          </Typography>
        </div>
        <div>
          <ListHeading component="h3">Key features</ListHeading>
          <CheckList items={features} />
        </div>
        <div>
          <ListHeading component="h3">Benefits</ListHeading>
          <CheckList items={benefits} />
        </div>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ gridColumn: { md: '1 / -1' }, alignItems: { sm: 'center' } }}
        >
          <QuoteButton size="medium" onClick={() => dispatch(openQuoteDialog(`Quote request: ${name}`))} />
          <RouteButton href="/contact" variant="outlined" color="inherit">
            Learn More
            <VisuallyHidden> about {name}</VisuallyHidden>
          </RouteButton>
          <RouteLink href="/contact" sx={{ fontWeight: 600, py: 1 }}>
            Schedule Consultation
            <VisuallyHidden> about {name}</VisuallyHidden>
          </RouteLink>
        </Stack>
      </Box>
    </PageContainer>
  );
}
