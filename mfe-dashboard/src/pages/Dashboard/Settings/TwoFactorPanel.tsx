import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import PhonelinkLockRounded from '@mui/icons-material/PhonelinkLockRounded';
import {
  RECOVERY_CODE_COUNT,
  twoFactorDisableRequestSchema,
  twoFactorEnableRequestSchema,
  type AccountResponse,
  type TwoFactorDisableRequest,
  type TwoFactorEnableRequest,
  type TwoFactorSetupResponse,
} from '@portal/contracts';
import { BRAND_NAME } from '@portal/ui';
import { CopyButton } from '@portal/ui/copy-button';
import { SecretField } from '@portal/ui/secret-field';
import {
  useDisableTwoFactorMutation,
  useEnableTwoFactorMutation,
  useSetUpTwoFactorMutation,
} from '@portal/store/account-api';
import { COPY_UNAVAILABLE, CopyableValue } from '../Integrations/CopyableValue';
import { saveFile } from '@portal/store/download';
import { FormOutcome, type Outcome } from './FormOutcome';
import { SettingsPanel } from './SettingsPanel';
import { checkForm, failure, useSettingsForm } from './settings-form';

export const RECOVERY_CODES_FILE = 'millstone-cx-recovery-codes.txt';

/**
 * The server's QR code (an `<svg>` document) as an image: an `<img>` of a data: URL runs no script
 * and no link of the SVG, and the CSP's img-src allows `data:`.
 */
export const qrCodeSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

const monospace = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

/** Moves focus to a heading when it appears, so a keyboard and screen-reader user is taken to the next step. */
function useFocusOnShow<T extends HTMLElement>(shown: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown]);
  return ref;
}

/** The recovery codes, shown once right after two-factor sign-in is turned on. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const heading = useFocusOnShow<HTMLHeadingElement>(codes);
  const text = codes.join('\n');
  return (
    <Stack spacing={2}>
      <Typography ref={heading} tabIndex={-1} variant="h6" component="h4" sx={{ outline: 'none' }}>
        Two-factor sign-in is on. Save your recovery codes
      </Typography>
      <Alert severity="warning" variant="outlined">
        Each of these {codes.length} codes signs you in once if you lose your phone. Keep them somewhere safe:
        they will not be shown again.
      </Alert>
      <Box
        component="ol"
        aria-label="Recovery codes"
        sx={{
          m: 0,
          p: 2,
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          gap: 1,
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
          bgcolor: 'background.default',
          fontFamily: monospace,
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <CopyButton text={text} label="recovery codes" unavailableHint={COPY_UNAVAILABLE} />
        <Button
          size="small"
          color="inherit"
          startIcon={<DownloadRounded aria-hidden />}
          onClick={() =>
            saveFile(
              new Blob([`${BRAND_NAME} recovery codes\n\n${text}\n`], { type: 'text/plain' }),
              RECOVERY_CODES_FILE,
            )
          }
          sx={{ color: 'secondary.main' }}
        >
          Download
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="contained" onClick={onDone}>
          I have saved them
        </Button>
      </Box>
    </Stack>
  );
}

type SetupField = keyof TwoFactorEnableRequest;
const SETUP_FIELDS: readonly SetupField[] = ['code', 'password'];

/**
 * Setting up: the QR code and the secret in text, then a code from the app and the current password
 * turn it on (the password, so a stolen session cannot put its own app on the account).
 */
function SetupStep({
  setup,
  onCancel,
  onEnabled,
}: {
  setup: TwoFactorSetupResponse;
  onCancel: () => void;
  onEnabled: (codes: string[]) => void;
}) {
  const heading = useFocusOnShow<HTMLHeadingElement>(setup);
  const [enable, { isLoading }] = useEnableTwoFactorMutation();
  const { bind, submit, outcome } = useSettingsForm({
    initial: { code: '', password: '' },
    order: SETUP_FIELDS,
    check: (fields) => checkForm<SetupField, TwoFactorEnableRequest>(twoFactorEnableRequestSchema, fields),
    send: async (request: TwoFactorEnableRequest) => {
      const { recoveryCodes } = await enable(request).unwrap();
      onEnabled(recoveryCodes);
    },
  });

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label="Set up two-factor sign-in">
      <Typography ref={heading} tabIndex={-1} variant="h6" component="h4" sx={{ outline: 'none' }}>
        1. Add {BRAND_NAME} to your authenticator app
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Scan this QR code with an app such as Google Authenticator, Microsoft Authenticator or 1Password. If
        you cannot scan it, enter the secret key instead.
      </Typography>
      <Box
        sx={{
          alignSelf: 'flex-start',
          p: 1.5,
          bgcolor: '#fff',
          borderRadius: 2,
          lineHeight: 0,
        }}
      >
        <img
          src={qrCodeSource(setup.qrCodeSvg)}
          width={184}
          height={184}
          alt={`QR code that adds ${BRAND_NAME} to an authenticator app`}
        />
      </Box>
      <CopyableValue label="Secret key" value={setup.secret} />
      <Typography variant="h6" component="h4">
        2. Enter the code the app shows
      </Typography>
      <TextField
        label="6-digit code"
        autoComplete="one-time-code"
        {...bind('code')}
        sx={{ maxWidth: 240 }}
        slotProps={{ htmlInput: { required: true, inputMode: 'numeric', spellCheck: false } }}
      />
      <Typography variant="h6" component="h4">
        3. Confirm with your password
      </Typography>
      <SecretField
        secretName="current password"
        label="Current password"
        autoComplete="current-password"
        {...bind('password')}
        fullWidth
        sx={{ maxWidth: 400 }}
        slotProps={{ htmlInput: { required: true } }}
      />
      <FormOutcome outcome={outcome} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button type="submit" variant="contained" loading={isLoading}>
          Turn on
        </Button>
        <Button color="inherit" onClick={onCancel} disabled={isLoading}>
          Cancel
        </Button>
      </Box>
    </Stack>
  );
}

type Proof = 'code' | 'password';
const NO_PROOF: Record<Proof, string> = { code: '', password: '' };

/** Turning it off: a code from the app (or a recovery code), or the password. */
function DisableForm({ onDisabled }: { onDisabled: () => void }) {
  const [proof, setProof] = useState<Proof>('code');
  const [disable, { isLoading }] = useDisableTwoFactorMutation();
  const { bind, submit, outcome, reset } = useSettingsForm({
    initial: NO_PROOF,
    order: [proof],
    // Only the chosen proof is sent.
    check: (fields) =>
      checkForm<Proof, TwoFactorDisableRequest>(twoFactorDisableRequestSchema, {
        [proof]: fields[proof],
      } as Record<Proof, string>),
    send: async (request: TwoFactorDisableRequest) => {
      await disable(request).unwrap();
      onDisabled();
    },
  });
  const field = bind(proof);
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label="Turn off two-factor sign-in">
      <FormControl>
        <FormLabel id="two-factor-proof">Turn off with</FormLabel>
        <RadioGroup
          row
          aria-labelledby="two-factor-proof"
          value={proof}
          onChange={(event) => {
            setProof(event.target.value as Proof);
            reset();
          }}
        >
          <FormControlLabel value="code" control={<Radio />} label="A code" />
          <FormControlLabel value="password" control={<Radio />} label="My password" />
        </RadioGroup>
      </FormControl>
      {proof === 'code' ? (
        <TextField
          key="code"
          label="Code from your app or a recovery code"
          autoComplete="one-time-code"
          {...field}
          slotProps={{ htmlInput: { required: true, spellCheck: false } }}
        />
      ) : (
        <SecretField
          key="password"
          secretName="password"
          label="Password"
          autoComplete="current-password"
          {...field}
        />
      )}
      <FormOutcome outcome={outcome} />
      <Box>
        <Button type="submit" variant="outlined" color="warning" loading={isLoading}>
          Turn off two-factor sign-in
        </Button>
      </Box>
    </Stack>
  );
}

/**
 * Two-factor sign-in (TOTP): off → Set up → QR code and secret → a code and the password turn it on →
 * the recovery codes, shown once. On: how many recovery codes are left, and turning it off.
 */
export function TwoFactorPanel({ account }: { account: AccountResponse }) {
  const [setUp, setUpState] = useSetUpTwoFactorMutation();
  const [setup, setSetup] = useState<TwoFactorSetupResponse | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  // The step a keyboard user is taken to once the pressed button has gone: the state line ('On' and
  // the codes left, or 'Off' and Set up), focused when the account shows it.
  const [focusState, setFocusState] = useState<'on' | 'off' | null>(null);
  const stateLine = useRef<HTMLDivElement>(null);
  const shown = account.twoFactorEnabled ? 'on' : 'off';
  useEffect(() => {
    if (focusState !== shown || codes || setup || !stateLine.current) return;
    stateLine.current.focus();
    setFocusState(null);
  }, [focusState, shown, codes, setup]);

  const start = async () => {
    setOutcome(null);
    try {
      setSetup(await setUp().unwrap());
    } catch (caught) {
      setOutcome(failure(caught));
    }
  };

  let content;
  if (codes) {
    content = (
      <RecoveryCodes
        codes={codes}
        onDone={() => {
          setCodes(null);
          setFocusState('on');
          setOutcome({ severity: 'success', text: 'Two-factor sign-in is on. Sign-in now asks for a code.' });
        }}
      />
    );
  } else if (setup && !account.twoFactorEnabled) {
    content = (
      <SetupStep
        setup={setup}
        onCancel={() => {
          setSetup(null);
          setFocusState('off');
        }}
        onEnabled={(recoveryCodes) => {
          setSetup(null);
          setCodes(recoveryCodes);
        }}
      />
    );
  } else if (account.twoFactorEnabled) {
    const few = account.recoveryCodesLeft <= 2;
    content = (
      <Stack spacing={2.5}>
        <Box
          ref={stateLine}
          tabIndex={-1}
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, outline: 'none' }}
        >
          <Chip size="small" color="success" label="On" />
          <Typography variant="body2" color={few ? 'warning.main' : 'text.secondary'}>
            {account.recoveryCodesLeft} of {RECOVERY_CODE_COUNT} recovery codes left
            {few && '. Turn two-factor sign-in off and on again for new codes.'}
          </Typography>
        </Box>
        <DisableForm
          onDisabled={() => {
            setOutcome({ severity: 'success', text: 'Two-factor sign-in is off.' });
            setFocusState('off');
          }}
        />
      </Stack>
    );
  } else {
    content = (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Box
          ref={stateLine}
          tabIndex={-1}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, outline: 'none' }}
        >
          <Chip size="small" variant="outlined" label="Off" />
          <Typography variant="body2" color="text.secondary">
            Sign-in asks only for your password.
          </Typography>
        </Box>
        <Button variant="contained" onClick={start} loading={setUpState.isLoading}>
          Set up
        </Button>
      </Stack>
    );
  }

  return (
    <SettingsPanel
      title="Two-factor sign-in"
      icon={<PhonelinkLockRounded />}
      description="With it on, signing in also asks for a code from an authenticator app on your phone, so a stolen password is not enough."
    >
      <Stack spacing={2}>
        {content}
        <FormOutcome outcome={outcome} />
      </Stack>
    </SettingsPanel>
  );
}
