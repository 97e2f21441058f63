// What other features use of apps: the app's queries and the cards the app pages compose (settings,
// credentials, sandbox, delete), and the logo field the admin app page reuses.

export { appPermissionsQuery, appQuery, useRequestMarketplaceAccess } from './api.ts';
export { clientSettingsRules } from './client-settings-rules.ts';
export { AppSettingsCard } from './components/app-settings-card.tsx';
export { CredentialsCard } from './components/credentials-card.tsx';
export { DeleteAppCard } from './components/delete-app-card.tsx';
export { LogoField } from './components/logo-field.tsx';
export { SandboxCard } from './components/sandbox-card.tsx';
