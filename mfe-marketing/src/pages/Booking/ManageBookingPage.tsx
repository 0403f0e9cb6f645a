import Paper from '@mui/material/Paper';
import { useParams } from 'react-router-dom';
import { ManageBooking } from '@portal/leads';
import { PageContainer, RouteLink, usePageMeta } from '@portal/ui';
import { PageIntro } from '../../components/PageIntro';

/**
 * `/booking/<token>`: the page the booking mails link to (ADR 0232), where the visitor cancels the
 * call or moves it to another open time. Private to the link's holder: never indexed.
 */
export default function ManageBookingPage() {
  const { token = '' } = useParams();
  usePageMeta({
    title: 'Your call',
    description: 'Cancel or reschedule your discovery call with Millstone CX.',
    path: '/booking',
    noindex: true,
  });
  return (
    <>
      <PageIntro eyebrow="Your call" title="Manage your discovery call">
        Cancel the call or move it to another open time. Both you and our team get the updated calendar
        invitation by email.
      </PageIntro>
      <PageContainer sx={{ pb: { xs: 6, md: 9 }, maxWidth: 880 }}>
        <Paper sx={{ p: { xs: 3, md: 4 } }}>
          <ManageBooking token={token} />
        </Paper>
        <RouteLink href="/contact" sx={{ display: 'inline-block', mt: 3 }}>
          Questions? Contact us
        </RouteLink>
      </PageContainer>
    </>
  );
}
