// Fixture for facades.test.ts: re-exports an @emotion/react name and imports the whole module.
import * as emotion from '@emotion/react';

export { ClassNames } from '@emotion/react';
export const jsx = emotion.jsx;
