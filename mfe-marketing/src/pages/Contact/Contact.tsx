import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import Button from '@mui/material/Button';
import { useLocation } from 'react-router-dom';
import {
  BOOKING_SECTION_ID,
  ContactForm,
  InlineScheduler,
  OwnBooking,
  ScheduleCallButton,
} from '@portal/leads';
import { PageContainer } from '@portal/ui';
import { IconBadge } from '../../components/IconBadge';
import { PageIntro } from '../../components/PageIntro';
import { Section } from '../../components/Section';
import { CONTACT_DETAILS, CONTACT_FORM_SECTION, CONTACT_HERO, SCHEDULER_SECTION } from './content';
import { usePublicPageMeta } from '../../seo/usePublicPageMeta';

const FORM_ID = 'contact-form';

/** Brings the message form into view, the cursor in its first field. */
function showForm() {
  const form = document.getElementById(FORM_ID);
  form?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  form?.querySelector('input')?.focus({ preventScroll: true });
}

/**
 * Without the scheduling widget on this very page, 'Schedule a Call' brings the company's own open
 * times into view (ADR 0232), the first one focused; with none open, the message form.
 */
function showBooking() {
  const section = document.getElementById(BOOKING_SECTION_ID);
  const firstTime = section?.querySelector<HTMLElement>('[role="group"] button');
  if (!section || !firstTime) return showForm();
  section.scrollIntoView({ behavior: 'smooth', block: 'start' });
  firstTime.focus({ preventScroll: true });
}

const bookingPaperSx = { p: { xs: 3, md: 4 } };

/** No open time to book: the message form instead. */
const noOpenTimes = (
  <>
    <Typography color="text.secondary">{SCHEDULER_SECTION.unavailable}</Typography>
    <Button variant="outlined" onClick={showForm} sx={{ mt: 2 }}>
      Send a message
    </Button>
  </>
);

export default function Contact() {
  usePublicPageMeta('/contact');
  const { hash } = useLocation();
  // 'Schedule a Call' elsewhere leads here, to #book-a-call.
  useEffect(() => {
    if (hash === `#${BOOKING_SECTION_ID}`)
      document.getElementById(BOOKING_SECTION_ID)?.scrollIntoView({ block: 'start' });
  }, [hash]);
  return (
    <>
      <PageIntro
        eyebrow={CONTACT_HERO.eyebrow}
        title={CONTACT_HERO.title}
        actions={<ScheduleCallButton variant="contained" size="large" onUnavailable={showBooking} />}
      >
        {CONTACT_HERO.lead}
      </PageIntro>

      <PageContainer
        sx={{
          display: 'grid',
          gap: { xs: 3, md: 4 },
          gridTemplateColumns: { xs: '1fr', md: '1fr 1.6fr' },
          pb: { xs: 6, md: 9 },
        }}
      >
        <Paper
          component="section"
          aria-labelledby="contact-details-title"
          sx={{ p: { xs: 3, md: 4 }, alignSelf: 'start' }}
        >
          <Typography id="contact-details-title" variant="h3" component="h2" sx={{ mb: 3 }}>
            Contact details
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 3 }}>
            {CONTACT_DETAILS.map(({ label, text, href, Icon }) => (
              <Box component="li" key={label} sx={{ display: 'flex', gap: 2 }}>
                <IconBadge Icon={Icon} />
                <div>
                  <Typography variant="subtitle2" color="text.secondary">
                    {label}
                  </Typography>
                  <Typography>{href ? <Link href={href}>{text}</Link> : text}</Typography>
                </div>
              </Box>
            ))}
          </Box>
        </Paper>

        <Paper
          component="section"
          id={FORM_ID}
          aria-labelledby="contact-form-title"
          sx={{ p: { xs: 3, md: 4 }, scrollMarginTop: 96 }}
        >
          <Typography id="contact-form-title" variant="h3" component="h2">
            {CONTACT_FORM_SECTION.title}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
            {CONTACT_FORM_SECTION.lead}
          </Typography>
          <ContactForm />
        </Paper>
      </PageContainer>

      <Section
        id={BOOKING_SECTION_ID}
        eyebrow={SCHEDULER_SECTION.eyebrow}
        title={SCHEDULER_SECTION.title}
        lead={SCHEDULER_SECTION.lead}
      >
        <InlineScheduler
          title={SCHEDULER_SECTION.frameTitle}
          unavailable={
            <Paper sx={bookingPaperSx}>
              <OwnBooking empty={noOpenTimes} />
            </Paper>
          }
        />
      </Section>
    </>
  );
}
