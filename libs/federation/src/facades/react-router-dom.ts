// The page's one react-router-dom, as a Module Federation shared module. A shared module cannot be
// tree-shaken (any consumer may need any export), and react-router-dom 7 re-exports all of
// react-router, data routers and server rendering included (~60 kB gzipped), so the singleton is this
// facade: the names the front end uses, taken from react-router, which react-router-dom 7
// re-exports unchanged. Importing a name missing here fails the build (see facades.ts). No `<Link>`:
// it carries framework-mode prefetching (4 kB gzipped); @portal/ui's links are built on useHref and
// useLinkClickHandler, the hooks react-router documents for custom link components.
export {
  BrowserRouter,
  Route,
  Routes,
  matchPath,
  useHref,
  useLinkClickHandler,
  useLocation,
  useNavigate,
  useParams,
} from 'react-router';
