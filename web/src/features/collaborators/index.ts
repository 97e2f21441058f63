// What other features use of collaborators: the app pages' panel and the settings card's read-only
// list, and the invitation preview the sign-up page shows.
export { invitationPreviewQuery } from './api.ts';
export { CollaboratorsList } from './components/collaborators-list.tsx';
export { CollaboratorsPanel } from './components/collaborators-panel.tsx';
