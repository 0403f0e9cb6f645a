export { BRAND_NAME, BRAND_TAGLINE } from './brand';
export { CONTENT_MAX_WIDTH, colors, theme } from './theme';
export { SectionRoot, sectionCache } from './SectionRoot';
export type { SectionRootProps } from './SectionRoot';
export { SectionError } from './SectionError';
export type { SectionErrorProps } from './SectionError';
export { SectionErrorBoundary } from './SectionErrorBoundary';
export { PageContainer } from './PageContainer';
export type { PageContainerProps } from './PageContainer';
export { RouteButton, RouteLink } from './RouteLink';
export type { RouteButtonProps, RouteLinkProps } from './RouteLink';
export { followLink, isInternalPath, navigate } from './navigation';
export {
  LOCATION_CHANGE_EVENT,
  matchPath,
  SectionRoutes,
  useLocationHash,
  useLocationSearch,
  usePathname,
  useRouteParams,
} from './routing';
export type { RouteParams, SectionRoute } from './routing';
export { usePageMeta, usePageTitle } from './seo/usePageMeta';
export { LOGO_PATH } from './seo/head-tags';
export type { PageMeta } from './seo/head-tags';
export { registerReactInstance } from './react-instances';
export type { ReactInstanceRecord } from './react-instances';
export { PageLoading } from './PageLoading';
export { REDIRECT_DELAY_MS, RedirectNotice } from './redirect-notice';
export type { RedirectNoticeProps } from './redirect-notice';
export { sectionLifecycles } from './sectionLifecycles';
export { transitionRoots } from './transitionRoots';
export type { SectionLifecyclesOptions } from './sectionLifecycles';
