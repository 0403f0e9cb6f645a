// The page's one react-router-dom, as a Module Federation shared module. A shared module cannot be
// tree-shaken (any consumer may need any export), and react-router-dom 7 re-exports all of
// react-router (~60 kB gzipped), so the singleton is this facade: the exports the front end uses,
// taken from react-router (which react-router-dom 7 re-exports unchanged). The build fails when
// code imports a name missing here (see facades.ts).
export { BrowserRouter, Route, Routes, useLocation, useNavigate, useParams } from 'react-router';
