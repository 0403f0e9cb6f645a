import webpack from 'webpack';

/** V8's explicit compile hint (Chrome 136+): compile every function of this script eagerly. */
export const COMPILE_ALL_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Puts V8's compile hint at the top of every script of a production build. V8 otherwise compiles a
 * function only when it is first called, on the main thread: on a first visit most of the shell's
 * start (React, MUI, emotion, the federation runtime) went to compiling module bodies as they ran,
 * in tasks of 200–400 ms on a phone. With the hint a script is compiled whole while it streams in, on a
 * background thread. Every script here is one the page is about to run (chunks load per page and per
 * feature), so little of that compiling is wasted. Added after minification, which would drop the
 * comment, and before the source maps and compression, which then include it.
 */
export function compileHintsPlugin(): webpack.BannerPlugin {
  return new webpack.BannerPlugin({
    banner: COMPILE_ALL_HINT,
    raw: true,
    test: /\.js$/,
    stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
  });
}
