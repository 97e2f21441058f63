/** The OAuth consent page and the redirectless code page (features/oauth on the server). */
export { CodePage } from './pages/code-page.tsx';
export { ConsentPage } from './pages/consent-page.tsx';
