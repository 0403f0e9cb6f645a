import { contrastRatio as contrast } from './contrast';
import { colors, theme } from './theme';

describe('theme', () => {
  it('is a theme without CSS variables or color schemes (the builds compile that machinery out)', () => {
    // libs/federation/src/mui-without-css-vars.ts builds against MUI's no-vars createTheme and
    // ThemeProvider, which are what MUI itself uses for such a theme.
    expect(theme).not.toHaveProperty('colorSchemes');
    expect(theme).not.toHaveProperty('vars');
  });

  it('is dark, on deep navy', () => {
    expect(theme.palette.mode).toBe('dark');
    expect(theme.palette.background.default).toBe(colors.ink);
  });

  it.each([
    ['text', theme.palette.text.primary],
    ['muted text', theme.palette.text.secondary],
    ['call-to-action accent', theme.palette.primary.main],
    ['data accent', theme.palette.secondary.main],
    ['success', theme.palette.success.main],
    ['warning', theme.palette.warning.main],
    ['error', theme.palette.error.main],
    ['info', theme.palette.info.main],
  ])('%s keeps AA contrast on the background and on cards', (_name, color) => {
    expect(contrast(color, colors.ink)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(color, colors.surface)).toBeGreaterThanOrEqual(4.5);
  });

  it("keeps AA contrast for the text on 'Get a Quote'", () => {
    expect(contrast(theme.palette.primary.contrastText, theme.palette.primary.main)).toBeGreaterThanOrEqual(
      4.5,
    );
  });

  it('sets body text at 16 px in the self-hosted Inter', () => {
    expect(theme.typography.body1.fontSize).toBe('1rem');
    expect(theme.typography.fontFamily).toMatch(/^'Inter Variable'/);
  });
});
