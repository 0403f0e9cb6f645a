import { useDeferredValue, useEffect, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircleRounded';
import ErrorIcon from '@mui/icons-material/ErrorRounded';
import HelpOutline from '@mui/icons-material/HelpOutlineRounded';
import Warning from '@mui/icons-material/WarningRounded';
import {
  SERVICE_STATE_LABELS,
  type ServiceState,
  STATUS_HISTORY_DAYS,
  STATUS_SERVICES,
  type StatusPage as StatusPageData,
} from '@portal/contracts';
import { PageContainer } from '@portal/ui';
import { loadRuntimeConfig } from '@portal/store/runtime-config';
import { PageIntro } from '../../components/PageIntro';
import { usePublicPageMeta } from '../../seo/usePublicPageMeta';
import { IncidentList } from './IncidentList';
import { SubscribeForm } from './SubscribeForm';
import { SubscriptionLink } from './SubscriptionLink';
import { useServicesStatusQuery } from './status-api';
import { OVERALL_TEXT, clockText, overallUptimeText, serviceUptimeText } from './status-text';
import { UptimeBars } from './UptimeBars';

const STATE_STYLE: Record<ServiceState, { colour: string; Icon: typeof CheckCircle }> = {
  operational: { colour: 'success.main', Icon: CheckCircle },
  degraded: { colour: 'warning.main', Icon: Warning },
  outage: { colour: 'error.main', Icon: ErrorIcon },
  unknown: { colour: 'text.secondary', Icon: HelpOutline },
};

/**
 * The live figures are asked for once the deployment's runtime config has answered (like the docs and
 * the scheduler): the prerendered copy, made with that config held, is then the skeleton a visitor's
 * first paint shows, never a figure frozen at build time or the prerenderer's unreachable API.
 */
function useLiveStatus() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void loadRuntimeConfig().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  return useServicesStatusQuery(undefined, { skip: !ready });
}

function StateText({ state }: { state: ServiceState }) {
  const { colour, Icon } = STATE_STYLE[state];
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, color: colour }}>
      <Icon aria-hidden fontSize="small" />
      <Box component="span" sx={{ fontWeight: 600 }}>
        {SERVICE_STATE_LABELS[state]}
      </Box>
    </Box>
  );
}

function OverallBanner({
  data,
  failed,
  retry,
}: {
  data?: StatusPageData;
  failed: boolean;
  retry: () => void;
}) {
  const state = data?.overall;
  const style = state ? STATE_STYLE[state] : undefined;
  return (
    <Paper
      variant="outlined"
      role="status"
      sx={{
        minHeight: 88,
        px: { xs: 2, sm: 3 },
        py: 2,
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        flexWrap: 'wrap',
        borderColor: style?.colour ?? 'divider',
        borderWidth: 2,
      }}
    >
      {data && style ? (
        <>
          <style.Icon aria-hidden sx={{ color: style.colour, fontSize: 36 }} />
          <Box sx={{ flex: '1 1 220px' }}>
            <Typography component="p" variant="h5" sx={{ fontWeight: 700 }}>
              {OVERALL_TEXT[data.overall]}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {overallUptimeText(data, STATUS_HISTORY_DAYS)} · updated {clockText(data.generatedAt)}
            </Typography>
          </Box>
        </>
      ) : failed ? (
        <>
          <Typography sx={{ flex: '1 1 220px' }}>
            We could not load the live status. Please try again.
          </Typography>
          <Button variant="outlined" onClick={retry}>
            Retry
          </Button>
        </>
      ) : (
        <Box sx={{ flex: 1 }} aria-label="Loading the live status">
          <Skeleton width="60%" height={32} />
          <Skeleton width="45%" height={20} />
        </Box>
      )}
    </Paper>
  );
}

/** `/status`: each customer-facing service's state and 90 days of measured uptime, incidents, and incident mails. */
export default function StatusPage() {
  usePublicPageMeta('/status');
  const status = useLiveStatus();
  // The figures (5 services × 90 days) render in a transition React splits into short tasks, so the
  // answer's arrival does not block a phone's main thread; until then the page keeps its skeleton.
  const data = useDeferredValue(status.data);
  const servicesHeading = useId();
  const open = data?.incidents.filter((incident) => incident.resolvedAt === null) ?? [];
  const past = data?.incidents.filter((incident) => incident.resolvedAt !== null) ?? [];

  return (
    <>
      <PageIntro eyebrow="System Status" title="Service status">
        The live state of our platform, measured every 30 seconds, with 90 days of uptime for each service and
        every incident our team opens.
      </PageIntro>
      <PageContainer sx={{ pb: { xs: 6, md: 9 }, maxWidth: 960 }}>
        <Stack spacing={{ xs: 4, md: 5 }}>
          <SubscriptionLink />
          <OverallBanner data={data} failed={status.isError} retry={() => void status.refetch()} />
          {open.length > 0 && (
            <Box component="section" aria-labelledby="open-incidents">
              <Typography id="open-incidents" variant="h2" sx={{ typography: 'h4', mb: 2 }}>
                Open incidents
              </Typography>
              <IncidentList incidents={open} />
            </Box>
          )}
          <Box component="section" aria-labelledby={servicesHeading}>
            <Typography id={servicesHeading} variant="h2" sx={{ typography: 'h4', mb: 2 }}>
              Services
            </Typography>
            <Paper variant="outlined" component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {STATUS_SERVICES.map(({ id, name }, index) => {
                const service = data?.services.find((entry) => entry.id === id);
                return (
                  <Box
                    component="li"
                    key={id}
                    sx={{
                      px: { xs: 2, sm: 3 },
                      py: 2.5,
                      borderTop: index === 0 ? 0 : 1,
                      borderColor: 'divider',
                    }}
                  >
                    <Box
                      sx={{
                        display: 'flex',
                        flexWrap: 'wrap',
                        alignItems: 'center',
                        justifyContent: 'space-between',
                        columnGap: 2,
                        minHeight: 32,
                        mb: 1.5,
                      }}
                    >
                      <Typography component="h3" variant="h6">
                        {name}
                      </Typography>
                      {service ? (
                        <StateText state={service.state} />
                      ) : (
                        <Skeleton width={170} height={24} aria-hidden />
                      )}
                    </Box>
                    <UptimeBars days={service?.days} count={STATUS_HISTORY_DAYS} label={name} />
                    <Box
                      sx={{
                        display: 'flex',
                        justifyContent: 'space-between',
                        mt: 1,
                        typography: 'caption',
                        color: 'text.secondary',
                        minHeight: 20,
                      }}
                    >
                      <span>{STATUS_HISTORY_DAYS} days ago</span>
                      {service ? (
                        <span>{serviceUptimeText(service.uptime)}</span>
                      ) : (
                        <Skeleton width={90} aria-hidden />
                      )}
                      <span>Today</span>
                    </Box>
                  </Box>
                );
              })}
            </Paper>
            <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 1.5 }}>
              Each bar is one day (UTC): green at 99.9% uptime and above, amber down to 95% or when a service
              was degraded, red below, grey where we have no measurements. Uptime counts the measured minutes
              without an outage.
            </Typography>
          </Box>
          <Box component="section" aria-labelledby="past-incidents">
            <Typography id="past-incidents" variant="h2" sx={{ typography: 'h4', mb: 2 }}>
              Past incidents
            </Typography>
            {data ? (
              past.length > 0 ? (
                <IncidentList incidents={past} />
              ) : (
                <Typography color="text.secondary">No incidents in the last 14 days.</Typography>
              )
            ) : (
              // One line of body text, the height of the empty state's sentence.
              <Typography aria-hidden>
                <Skeleton width="50%" />
              </Typography>
            )}
          </Box>
          <SubscribeForm />
        </Stack>
      </PageContainer>
    </>
  );
}
