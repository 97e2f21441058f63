import { Navigate, Outlet, type RouteObject } from 'react-router';
import { ShellSkeleton } from '../components/skeletons.tsx';
import { RouteErrorBoundary } from './error-boundary.tsx';
import { RequireAdmin, RequireUser } from './guards.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { lazyPage } from './lazy.ts';
import { ModalsHost } from './modals-host.tsx';
import { NotFoundPage } from './not-found-page.tsx';

const userOnly = (children: RouteObject[]): RouteObject => ({
  element: (
    <RequireUser>
      <ModalsHost />
      <Outlet />
    </RequireUser>
  ),
  children,
});

const adminOnly = (children: RouteObject[]): RouteObject => ({
  element: (
    <RequireAdmin>
      <ModalsHost />
      <Outlet />
    </RequireAdmin>
  ),
  children,
});

/** Every page, each in its own chunk. Features add their routes here. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    // Shown while the first page's chunk loads (React Router warns on every full load without one).
    hydrateFallbackElement: <ShellSkeleton />,
    errorElement: <RouteErrorBoundary />,
    children: [
      {
        errorElement: <RouteErrorBoundary />,
        children: [
          { index: true, lazy: lazyPage(() => import('../features/home/pages/home-page.tsx'), 'HomePage') },
          {
            path: 'login',
            lazy: lazyPage(() => import('../features/auth/pages/sign-in-page.tsx'), 'SignInPage'),
          },
          {
            path: 'sign_up',
            lazy: lazyPage(() => import('../features/auth/pages/sign-up-page.tsx'), 'SignUpPage'),
          },
          {
            path: 'confirm',
            lazy: lazyPage(() => import('../features/auth/pages/confirm-page.tsx'), 'ConfirmPage'),
          },
          {
            path: 'forgot_password',
            lazy: lazyPage(
              () => import('../features/auth/pages/forgot-password-page.tsx'),
              'ForgotPasswordPage',
            ),
          },
          {
            path: 'sign_in_link',
            lazy: lazyPage(() => import('../features/auth/pages/sign-in-link-page.tsx'), 'SignInLinkPage'),
          },
          {
            path: 'reset_password',
            lazy: lazyPage(
              () => import('../features/auth/pages/reset-password-page.tsx'),
              'ResetPasswordPage',
            ),
          },
          {
            path: 'marketplace',
            lazy: lazyPage(
              () => import('../features/marketplace/pages/marketplace-page.tsx'),
              'MarketplacePage',
            ),
          },
          {
            path: 'marketplace/apps/:slug',
            lazy: lazyPage(
              () => import('../features/marketplace/pages/marketplace-listing-page.tsx'),
              'MarketplaceListingPage',
            ),
          },
          {
            path: 'reference',
            lazy: lazyPage(() => import('../features/reference/pages/reference-page.tsx'), 'ReferencePage'),
          },
          {
            path: 'reference/rest/docs/rest-api-overview',
            lazy: lazyPage(() => import('../features/reference/pages/rest-api-page.tsx'), 'RestApiPage'),
          },
          {
            path: 'reference/:group/changelog',
            lazy: lazyPage(() => import('../features/reference/pages/changelog-page.tsx'), 'ChangelogPage'),
          },
          {
            path: 'reference/:group/endpoints/:slug',
            lazy: lazyPage(() => import('../features/reference/pages/endpoint-page.tsx'), 'EndpointPage'),
          },
          {
            path: 'documentation/:slug',
            lazy: lazyPage(() => import('../features/reference/pages/guide-page.tsx'), 'GuidePage'),
          },
          {
            path: 'notifications/opt_out',
            lazy: lazyPage(() => import('../features/announcements/pages/opt-out-page.tsx'), 'OptOutPage'),
          },
          {
            path: 'terms_and_conditions',
            lazy: lazyPage(() => import('../features/apps/pages/terms-page.tsx'), 'TermsPage'),
          },
          {
            path: 'oauth-code/*',
            lazy: lazyPage(() => import('../features/oauth/pages/code-page.tsx'), 'CodePage'),
          },
          {
            path: 'invitations/:token',
            lazy: lazyPage(
              () => import('../features/collaborators/pages/accept-invitation-page.tsx'),
              'AcceptInvitationPage',
            ),
          },
          userOnly([
            {
              path: 'oauth-consent/:environment/:uid',
              lazy: lazyPage(() => import('../features/oauth/pages/consent-page.tsx'), 'ConsentPage'),
            },
            {
              path: 'developer_apps',
              lazy: lazyPage(() => import('../features/apps/pages/apps-index-page.tsx'), 'AppsIndexPage'),
            },
            {
              path: 'developer_apps/:id',
              lazy: lazyPage(() => import('../features/app-page/pages/manage-app-page.tsx'), 'ManageAppPage'),
            },
            {
              path: 'developer_apps/:id/metrics',
              lazy: lazyPage(
                () => import('../features/app-page/pages/app-metrics-page.tsx'),
                'AppMetricsPage',
              ),
            },
            {
              path: 'developer_apps/:id/contacts/:contactId/edit',
              lazy: lazyPage(() => import('../features/apps/pages/contact-edit-page.tsx'), 'ContactEditPage'),
            },
            {
              path: 'settings',
              lazy: lazyPage(() => import('../features/auth/pages/settings-page.tsx'), 'SettingsPage'),
            },
            {
              path: 'notifications',
              lazy: lazyPage(
                () => import('../features/announcements/pages/notifications-page.tsx'),
                'NotificationsPage',
              ),
            },
            {
              path: 'notifications/:id',
              lazy: lazyPage(
                () => import('../features/announcements/pages/notification-page.tsx'),
                'NotificationPage',
              ),
            },
            {
              path: 'marketplace/previews/:id',
              lazy: lazyPage(
                () => import('../features/marketplace/pages/marketplace-preview-page.tsx'),
                'MarketplacePreviewPage',
              ),
            },
          ]),
          adminOnly([
            { path: 'admin', element: <Navigate to="/admin/developer_apps" replace /> },
            {
              path: 'admin/developer_apps',
              lazy: lazyPage(
                () => import('../features/admin/pages/developer-apps-page.tsx'),
                'DeveloperAppsPage',
              ),
            },
            {
              path: 'admin/developer_apps/:id',
              lazy: lazyPage(
                () => import('../features/admin/pages/developer-app-edit-page.tsx'),
                'DeveloperAppEditPage',
              ),
            },
            {
              path: 'admin/developer_apps/:id/contacts/new',
              lazy: lazyPage(() => import('../features/admin/pages/contact-new-page.tsx'), 'ContactNewPage'),
            },
            {
              path: 'admin/review_queue',
              lazy: lazyPage(
                () => import('../features/admin/pages/review-queue-page.tsx'),
                'ReviewQueuePage',
              ),
            },
            {
              path: 'admin/developers',
              lazy: lazyPage(() => import('../features/admin/pages/developers-page.tsx'), 'DevelopersPage'),
            },
            {
              path: 'admin/developers/:id/edit',
              lazy: lazyPage(
                () => import('../features/admin/pages/developer-edit-page.tsx'),
                'DeveloperEditPage',
              ),
            },
            {
              path: 'admin/oauth_applications',
              lazy: lazyPage(
                () => import('../features/admin/pages/oauth-applications-page.tsx'),
                'OauthApplicationsPage',
              ),
            },
            {
              path: 'admin/quota_minder',
              lazy: lazyPage(
                () => import('../features/admin/pages/quota-minder-page.tsx'),
                'QuotaMinderPage',
              ),
            },
            {
              path: 'admin/audit',
              lazy: lazyPage(() => import('../features/admin/pages/audit-page.tsx'), 'AuditPage'),
            },
            {
              path: 'admin/outbox',
              lazy: lazyPage(() => import('../features/outbox/pages/outbox-page.tsx'), 'OutboxPage'),
            },
            {
              path: 'admin/reference',
              lazy: lazyPage(
                () => import('../features/reference/pages/admin-changelog-page.tsx'),
                'AdminChangelogPage',
              ),
            },
            {
              path: 'admin/notifications',
              lazy: lazyPage(
                () => import('../features/announcements/pages/admin-notifications-page.tsx'),
                'AdminNotificationsPage',
              ),
            },
            {
              path: 'admin/notifications/new',
              lazy: lazyPage(
                () => import('../features/announcements/pages/admin-notification-form-page.tsx'),
                'AdminNotificationFormPage',
              ),
            },
            {
              path: 'admin/notifications/:id/edit',
              lazy: lazyPage(
                () => import('../features/announcements/pages/admin-notification-form-page.tsx'),
                'AdminNotificationFormPage',
              ),
            },
          ]),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
