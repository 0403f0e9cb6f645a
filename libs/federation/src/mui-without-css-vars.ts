import webpack from 'webpack';

/**
 * MUI's `createTheme` and `ThemeProvider` carry the CSS-variables theme machinery (color schemes,
 * `CssVarsProvider`) on every page, but they hand a theme without `cssVariables` or `colorSchemes` —
 * ours (libs/ui/src/theme.ts) and MUI's own default — straight to their no-vars halves. Building
 * against those halves drops the rest from the first visit. `theme.test.ts` keeps our theme on that
 * path.
 */
const NO_VARS_MODULES: Record<string, string> = {
  'createTheme.mjs': 'createThemeNoVars.mjs',
  'ThemeProvider.mjs': 'ThemeProviderNoVars.mjs',
};

const muiStyles = /[\\/]@mui[\\/]material[\\/]styles[\\/](createTheme|ThemeProvider)\.mjs$/;

export function muiWithoutCssVars(): webpack.NormalModuleReplacementPlugin {
  return new webpack.NormalModuleReplacementPlugin(muiStyles, (resolveData) => {
    const data = resolveData as { createData?: { resource?: string } };
    const resource = data.createData?.resource;
    if (!resource) return;
    const file = resource.split(/[\\/]/).pop()!;
    data.createData!.resource = resource.slice(0, -file.length) + NO_VARS_MODULES[file];
  });
}
