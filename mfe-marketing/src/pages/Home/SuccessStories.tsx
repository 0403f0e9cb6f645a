import { useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import ArrowForward from '@mui/icons-material/ArrowForwardRounded';
import { RouteButton } from '@portal/ui';
import { Section } from '../../components/Section';
import { SUCCESS_STORIES } from '../../content/home';
import { outlinedSx } from '../../components/grid-list';

const STEP_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  ArrowUp: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/** Three success stories, one at a time, chosen by dots (buttons; arrow keys, Home and End move too). */
export function SuccessStories() {
  const [current, setCurrent] = useState(0);
  const dots = useRef<(HTMLButtonElement | null)[]>([]);
  const story = SUCCESS_STORIES[current];

  const onDotsKeyDown = (event: KeyboardEvent) => {
    const step = STEP_KEYS[event.key];
    if (!step) return;
    event.preventDefault();
    const next = step(current, SUCCESS_STORIES.length);
    setCurrent(next);
    dots.current[next]?.focus();
  };

  return (
    <Section
      eyebrow="Success stories"
      title="Three clients, three turnarounds"
      lead="Companies in every industry trust us with their customers. Here is what changed for three of them."
    >
      <Box
        role="group"
        aria-roledescription="slide"
        aria-label={`${current + 1} of ${SUCCESS_STORIES.length}`}
        aria-live="polite"
        sx={{
          p: { xs: 3, md: 5 },
          borderRadius: 5,
          ...outlinedSx,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '1.4fr 1fr' },
          gap: { xs: 3, md: 6 },
        }}
      >
        <div>
          <Chip label={story.industry} color="secondary" variant="outlined" size="small" />
          <Typography component="p" sx={{ mt: 2, fontWeight: 650, color: 'text.secondary' }}>
            {story.company}
          </Typography>
          <Typography variant="h3" sx={{ mt: 0.5 }}>
            {story.outcome}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            {story.summary}
          </Typography>
          <RouteButton href="/blog" variant="text" endIcon={<ArrowForward />} sx={{ mt: 2.5, ml: -1 }}>
            Read Case Study
          </RouteButton>
        </div>
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2, alignContent: 'start' }}>
          {story.results.map(({ value, label }) => (
            <Box
              key={label}
              sx={{
                display: 'flex',
                flexDirection: 'column-reverse',
                pl: 2.5,
                borderLeft: 3,
                borderColor: 'secondary.main',
              }}
            >
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontSize: '1.75rem', fontWeight: 800, lineHeight: 1.2 }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </Box>
      <Box
        role="group"
        aria-label="Choose a success story"
        onKeyDown={onDotsKeyDown}
        sx={{ display: 'flex', justifyContent: 'center', gap: 1, mt: 2.5 }}
      >
        {SUCCESS_STORIES.map(({ industry, company }, index) => (
          <Box
            component="button"
            type="button"
            key={industry}
            ref={(button: HTMLButtonElement | null) => {
              dots.current[index] = button;
            }}
            aria-label={`${industry}: ${company}`}
            aria-current={index === current ? 'true' : undefined}
            onClick={() => setCurrent(index)}
            sx={{
              width: 36,
              height: 36,
              p: 0,
              border: 0,
              borderRadius: '50%',
              bgcolor: 'transparent',
              cursor: 'pointer',
              display: 'grid',
              placeItems: 'center',
              '&::before': {
                content: '""',
                width: index === current ? 28 : 12,
                height: 12,
                borderRadius: 6,
                bgcolor: index === current ? 'primary.main' : 'text.secondary',
                transition: 'width 200ms, background-color 200ms',
              },
              '&:hover::before': { bgcolor: index === current ? 'primary.main' : 'text.primary' },
            }}
          />
        ))}
      </Box>
    </Section>
  );
}
