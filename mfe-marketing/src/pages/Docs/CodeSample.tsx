import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { CODE_LANGUAGES, type CodeLanguage } from '../../content/docs';
import { CopyButton } from '@portal/ui/copy-button';
import { CODE_FONT_FAMILY } from '../../components/code-font';

export const COPY_UNAVAILABLE =
  'Copying is not available here. Select the code and press Ctrl+C (⌘C on a Mac).';

export interface CodeSampleProps {
  title: string;
  code: string;
  /** With a language: the switch between the languages, shared by every sample on the page. */
  language?: { current: CodeLanguage; onChange: (language: CodeLanguage) => void };
}

/** A titled code listing with a Copy button, and the language switch when it comes in several. */
export function CodeSample({ title, code, language }: CodeSampleProps) {
  const languageLabel = CODE_LANGUAGES.find((each) => each.id === language?.current)?.label;
  const label = languageLabel ? `${title} (${languageLabel})` : title;
  return (
    <Box
      component="figure"
      sx={{
        my: 3,
        mx: 0,
        borderRadius: 3,
        border: 1,
        borderColor: 'divider',
        overflow: 'hidden',
        bgcolor: '#070C18',
      }}
    >
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          columnGap: 1.5,
          px: 2,
          pt: 1,
          pb: 0,
          bgcolor: 'background.paper',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography component="figcaption" variant="body2" sx={{ fontWeight: 650, flexGrow: 1, py: 1 }}>
          {title}
        </Typography>
        {language && (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={language.current}
            onChange={(_event, chosen: CodeLanguage | null) => chosen && language.onChange(chosen)}
            aria-label={`Language of ${title}`}
          >
            {CODE_LANGUAGES.map(({ id, label: name }) => (
              <ToggleButton key={id} value={id} sx={{ px: 1.5, py: 0.25, textTransform: 'none' }}>
                {name}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        )}
        <CopyButton text={code} label={label} unavailableHint={COPY_UNAVAILABLE} tone="muted" />
      </Box>
      <Box
        component="pre"
        tabIndex={0}
        sx={{
          m: 0,
          p: 2.5,
          overflowX: 'auto',
          fontFamily: CODE_FONT_FAMILY,
          fontSize: '0.875rem',
          lineHeight: 1.6,
          color: 'text.primary',
          '&:focus-visible': { outline: 2, outlineColor: 'primary.light', outlineOffset: -2 },
        }}
      >
        <code>{code}</code>
      </Box>
    </Box>
  );
}
