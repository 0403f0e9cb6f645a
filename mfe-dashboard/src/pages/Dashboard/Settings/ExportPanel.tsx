import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import FolderZipRounded from '@mui/icons-material/FolderZipRounded';
import type { AccountExportPart, AccountExportService } from '@portal/contracts';
import { serverMessage, useAppDispatch, type ApiError } from '@portal/store';
import { exportAccount } from '@portal/store/account-api';
import { saveFile } from '@portal/store/download';
import { FormOutcome, type Outcome } from './FormOutcome';
import { SettingsPanel } from './SettingsPanel';

/** What each service's part holds, as the customer knows it. */
export const EXPORT_PART_NAMES: Record<AccountExportService, string> = {
  identity: 'profile and sign-in',
  commerce: 'orders',
  crm: 'integrations',
  support: 'support tickets and chats',
  kpi: 'KPIs',
};

/** `millstone-cx-account-2026-11-24.json` (the customer's own date). */
export function exportFileName(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `millstone-cx-account-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.json`;
}

/** The one JSON file: when it was made, and every service's part under its name. */
export function exportDocument(parts: AccountExportPart[], now = new Date()) {
  return {
    exportedAt: now.toISOString(),
    services: Object.fromEntries(parts.map((part) => [part.service, part])),
  };
}

/** 'orders (503: Service Unavailable)' — which part failed, and the server's word on it. */
function failedPart(service: AccountExportService, error: unknown): string {
  const reason = serverMessage(error) ?? (error as ApiError | undefined)?.message;
  return reason ? `${EXPORT_PART_NAMES[service]} (${reason})` : EXPORT_PART_NAMES[service];
}

/**
 * Export my data: every service's part of the account (identity, commerce, crm, support, kpi), put
 * together into one JSON file. If any part fails nothing is downloaded and the failed parts are named.
 */
export function ExportPanel() {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const run = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const result = await dispatch(exportAccount());
      if (!result.ok) {
        const parts = result.failed.map(({ service, error }) => failedPart(service, error)).join('; ');
        const which = result.failed.length === 1 ? 'this part did not answer' : 'these parts did not answer';
        setOutcome({
          severity: 'error',
          text: `We could not export your data: ${which}: ${parts}. Nothing was downloaded. Try again in a moment.`,
        });
        return;
      }
      const now = new Date();
      const name = exportFileName(now);
      saveFile(
        new Blob([`${JSON.stringify(exportDocument(result.parts, now), null, 2)}\n`], {
          type: 'application/json',
        }),
        name,
      );
      setOutcome({ severity: 'success', text: `Downloaded ${name}.` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <SettingsPanel
      title="Export my data"
      icon={<FolderZipRounded />}
      description="One JSON file with everything we hold about your account: profile, orders, support tickets and chats, integrations (without their secrets) and KPIs."
    >
      <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
        <Button
          variant="outlined"
          color="secondary"
          startIcon={<DownloadRounded />}
          onClick={run}
          loading={busy}
        >
          Export my data
        </Button>
        <FormOutcome outcome={outcome} />
      </Box>
    </SettingsPanel>
  );
}
