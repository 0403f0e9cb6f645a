import { createTheme } from '@mui/material/styles';

/** Deep navy/ink surfaces; every text and accent colour keeps WCAG AA (≥ 4.5:1) on them. */
export const colors = {
  ink: '#0A1020',
  surface: '#111A2E',
  surfaceRaised: '#17223A',
  /** Calls to action ("Get a Quote"): 6.6:1 on ink. */
  accent: '#FF6A3D',
  accentLight: '#FF9C7A',
  /** Data and charts: 10:1 on ink. */
  data: '#2DD4BF',
  text: '#E8ECF4',
  textMuted: '#A9B4C8',
  divider: 'rgba(148, 163, 184, 0.18)',
} as const;

/** Readable line length on marketing pages. */
export const CONTENT_MAX_WIDTH = 1200;

export const theme = createTheme({
  palette: {
    mode: 'dark',
    background: { default: colors.ink, paper: colors.surface },
    primary: { main: colors.accent, light: colors.accentLight, dark: '#E0502A', contrastText: colors.ink },
    secondary: { main: colors.data, contrastText: colors.ink },
    success: { main: '#4ADE80', contrastText: colors.ink },
    warning: { main: '#FBBF24', contrastText: colors.ink },
    error: { main: '#FF7A7A', contrastText: colors.ink },
    info: { main: '#60A5FA', contrastText: colors.ink },
    text: { primary: colors.text, secondary: colors.textMuted },
    divider: colors.divider,
  },
  shape: { borderRadius: 10 },
  typography: {
    // 'Inter Fallback' (shell/src/index.html) stands in, at Inter's size, until the font has loaded.
    fontFamily:
      "'Inter Variable', 'Inter Fallback', Inter, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif",
    htmlFontSize: 16,
    fontSize: 16,
    // Display: the hero headline.
    h1: {
      fontSize: 'clamp(2.25rem, 1.4rem + 3.4vw, 3.75rem)',
      fontWeight: 800,
      lineHeight: 1.08,
      letterSpacing: '-0.025em',
    },
    h2: {
      fontSize: 'clamp(1.75rem, 1.35rem + 1.6vw, 2.5rem)',
      fontWeight: 750,
      lineHeight: 1.15,
      letterSpacing: '-0.02em',
    },
    h3: { fontSize: '1.5rem', fontWeight: 700, lineHeight: 1.25 },
    h4: { fontSize: '1.25rem', fontWeight: 700, lineHeight: 1.3 },
    h5: { fontSize: '1.125rem', fontWeight: 650, lineHeight: 1.35 },
    h6: { fontSize: '1rem', fontWeight: 650, lineHeight: 1.4 },
    subtitle1: { fontSize: '1.125rem', lineHeight: 1.6 },
    body1: { fontSize: '1rem', lineHeight: 1.65 },
    body2: { fontSize: '0.9375rem', lineHeight: 1.6 },
    caption: { fontSize: '0.8125rem', lineHeight: 1.5 },
    overline: { fontSize: '0.75rem', fontWeight: 700, letterSpacing: '0.12em' },
    button: { textTransform: 'none', fontWeight: 600, letterSpacing: 0 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        html: { scrollPaddingTop: 80 },
        body: { backgroundColor: colors.ink },
        ':focus-visible': { outline: `2px solid ${colors.accentLight}`, outlineOffset: 2 },
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': {
            animationDuration: '0.01ms !important',
            animationIterationCount: '1 !important',
            transitionDuration: '0.01ms !important',
            scrollBehavior: 'auto !important',
          },
        },
      },
    },
    MuiButtonBase: {
      styleOverrides: {
        root: { '&.Mui-focusVisible': { outline: `2px solid ${colors.accentLight}`, outlineOffset: 2 } },
      },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: { borderRadius: 10, whiteSpace: 'nowrap' },
        sizeLarge: { padding: '12px 22px', fontSize: '1rem' },
      },
    },
    // Subtitles are paragraphs, not headings: MUI's default <h6> breaks the page's heading order.
    MuiTypography: { defaultProps: { variantMapping: { subtitle1: 'p', subtitle2: 'p' } } },
    MuiLink: {
      defaultProps: { underline: 'hover' },
      // A link inside running text must not be told apart by colour alone (WCAG 1.4.1).
      styleOverrides: { root: { 'p > &': { textDecoration: 'underline' } } },
    },
    MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
    MuiCard: {
      styleOverrides: { root: { border: `1px solid ${colors.divider}`, borderRadius: 16 } },
    },
    MuiAppBar: {
      defaultProps: { elevation: 0, color: 'transparent' },
      styleOverrides: {
        root: {
          backgroundColor: 'rgba(10, 16, 32, 0.86)',
          backdropFilter: 'saturate(160%) blur(12px)',
          borderBottom: `1px solid ${colors.divider}`,
        },
      },
    },
    MuiTooltip: { defaultProps: { enterDelay: 700, enterNextDelay: 300 } },
    // MUI fills a dark-mode toast with the darkened status colour under near-black text, which
    // falls below AA; the status colour itself under ink keeps it (each is ≥ 4.5:1 on ink).
    MuiAlert: {
      styleOverrides: {
        filled: ({ ownerState, theme: { palette } }) => {
          const status = palette[ownerState.severity ?? 'success'];
          return { backgroundColor: status.main, color: status.contrastText };
        },
      },
    },
  },
});
