// Fixture for facades.test.ts: imports a react-router-dom name the facade does not export.
import { useMatches } from 'react-router-dom';

export const matches = useMatches;
