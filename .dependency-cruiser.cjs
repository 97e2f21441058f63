/**
 * The map of the house: what may import what. `npm run lint:deps` (part of `npm test`) fails on any
 * import these rules forbid. Read it top to bottom:
 *
 *   packages/contracts   schemas (zod) and zod-free rules; imports nothing of ours
 *   server/src/platform  the request pipeline, auth, mail, lists, jobs, storage; imports no feature
 *   server/src/db        schema, migrations, the driver; imports no feature
 *   server/src/features  one folder per feature, in LAYERS below: a feature imports only features of
 *                        lower layers, and only through their `index.ts` (test code may also use
 *                        `testing.ts`, a feature's fixtures; test code is `*.test.ts`, `testing.ts`
 *                        and `<name>.route-table.ts`, the feature's rows of the route table)
 *   server/src/test      the test app, the route table's assembly and the generated suites; features
 *                        through their `index.ts`, `testing.ts` or route table only
 *   server/src/seed      the demo seeders: features through their `index.ts` only
 *   web/src/lib, components, app   shared web code; lib and components import no feature
 *   web/src/features     the same layering and index rule as the server
 *   scripts/harness      starts a portal process and signs in over HTTP, for the bench and Lighthouse;
 *                        imports none of our code, and nothing that ships (server/src, web, contracts)
 *                        imports it
 *
 * No file imports itself back through a circle, on either side.
 */

/**
 * Server features, lowest first. A feature may import features of earlier layers only.
 * `apps` is the floor every app feature stands on (rows, access, settings); `developer-apps` is the
 * app-page layer that puts one app together from the features between them.
 */
const SERVER_LAYERS = [
  ['audit', 'analytics', 'outbox'], // what every feature records; the mail outbox
  ['auth', 'announcements', 'reference'], // accounts and sessions; announcements; the API reference
  ['config', 'apps', 'review'], // /config; the app floor; one review for versions and listings
  ['credentials', 'collaborators'], // an app's OAuth clients; its people and invitations
  ['sandboxes'], // an app's sandbox (its OAuth client comes from credentials)
  ['manifests'], // app versions (a sandbox version needs a live sandbox)
  ['listings'], // the marketplace listing workflow (a listing names a production version)
  ['marketplace'], // the public catalogue of published listings, and their views
  ['metrics', 'usage'], // engagement metrics (views from the marketplace); platform API usage
  ['developer-apps'], // the single app: settings, people, sandbox, credentials, metrics; staff view
  ['admin'], // the staff lists and pages
  ['quota'], // rate-limit buckets: admin CRUD, checks for gateways, the platform API hook
];

/**
 * Web features, lowest first. The floor stands alone: what several features share is in lib/ (the apps
 * query-key root) or components/ (the app pages' SectionCard). The app-page layer composes the floor
 * into the developer's app page (classic and tabbed), as admin does for the staff console.
 */
const WEB_LAYERS = [
  ['home', 'reference', 'outbox', 'announcements', 'apps', 'collaborators', 'manifests', 'metrics', 'usage'],
  ['auth', 'marketplace', 'config-builder'],
  ['app-page', 'admin'],
];

/**
 * Test code: a test, a feature's fixtures (`testing.ts`), or a feature's rows of the route table
 * (`<name>.route-table.ts`, put together in server/src/test/route-table.ts).
 */
const testCode = '(\\.test|\\.route-table|/testing)\\.tsx?$';

const alt = (names) => names.map((n) => n.replace(/[-]/g, '\\-')).join('|');

/** One rule per layer: its features may not import features of the same or a later layer (test code may). */
function layerRules(side, layers) {
  return layers.map((layer, i) => {
    const notBelow = layers.slice(i).flat();
    return {
      name: `${side}-feature-layers-${i}`,
      severity: 'error',
      comment: `${side} features ${layer.join(', ')} may import only features of earlier layers (${
        layers.slice(0, i).flat().join(', ') || 'none'
      }); see the layers at the top of .dependency-cruiser.cjs`,
      from: { path: `^${side}/src/features/(${alt(layer)})/`, pathNot: testCode },
      to: { path: `^${side}/src/features/(${alt(notBelow)})/`, pathNot: `^${side}/src/features/$1/` },
    };
  });
}

/**
 * A feature reaches another only through its index.ts. Test code (tests, a feature's fixtures in
 * `testing.ts`, its route table) may also use another feature's testing.ts.
 */
function entryRules(side) {
  return [
    {
      name: `${side}-feature-entry`,
      severity: 'error',
      comment: 'Import another feature through its index.ts; its other files are its own business',
      from: { path: `^${side}/src/features/([^/]+)/`, pathNot: testCode },
      to: {
        path: `^${side}/src/features/[^/]+/`,
        pathNot: [`^${side}/src/features/$1/`, `^${side}/src/features/[^/]+/index\\.tsx?$`],
      },
    },
    {
      name: `${side}-feature-entry-tests`,
      severity: 'error',
      comment: "Test code reaches another feature through its index.ts or its fixtures' testing.ts",
      from: { path: `^${side}/src/features/([^/]+)/(.*\\.test|.*\\.route-table|testing)\\.tsx?$` },
      to: {
        path: `^${side}/src/features/[^/]+/`,
        pathNot: [`^${side}/src/features/$1/`, `^${side}/src/features/[^/]+/(index|testing)\\.tsx?$`],
      },
    },
  ];
}

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A circle of imports: break it by moving what both sides need down a layer',
      from: {},
      to: { circular: true },
    },
    {
      name: 'platform-imports-no-feature',
      severity: 'error',
      comment: 'platform/ and db/ sit under every feature; they cannot know one',
      from: { path: '^server/src/(platform|db)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^server/src/features/' },
    },
    {
      name: 'platform-tests-use-fixtures-only',
      severity: 'error',
      comment: "A platform test drives the whole app; it may use a feature's index.ts or testing.ts",
      from: { path: '^server/src/(platform|db)/.*\\.test\\.ts$' },
      to: {
        path: '^server/src/features/',
        pathNot: '^server/src/features/[^/]+/(index|testing)\\.ts$',
      },
    },
    {
      name: 'test-uses-feature-entry',
      severity: 'error',
      comment:
        "server/src/test (the test app, the route table, the suites) uses a feature's index.ts, testing.ts or route table",
      from: { path: '^server/src/test/' },
      to: {
        path: '^server/src/features/',
        pathNot: '^server/src/features/([^/]+)/(index|testing|\\1\\.route-table)\\.ts$',
      },
    },
    {
      name: 'route-tables-read-by-the-assembly',
      severity: 'error',
      comment:
        "A feature's route table is test code: only server/src/test/route-table.ts puts the tables together",
      from: { pathNot: '^server/src/test/route-table\\.ts$' },
      to: { path: '\\.route-table\\.ts$' },
    },
    {
      name: 'seed-uses-feature-entry',
      severity: 'error',
      comment:
        'The demo seeders (seed.ts, seed/) use features as any other client does: through their index.ts',
      from: { path: '^server/src/seed(\\.ts$|/)', pathNot: '\\.test\\.ts$' },
      to: { path: '^server/src/features/', pathNot: '^server/src/features/[^/]+/index\\.ts$' },
    },
    {
      name: 'web-shared-imports-no-feature',
      severity: 'error',
      comment: 'web lib/ and components/ are shared by features; they cannot know one',
      from: { path: '^web/src/(lib|components)/' },
      to: { path: '^web/src/features/' },
    },
    {
      name: 'web-imports-no-server',
      severity: 'error',
      comment: 'The browser shares only packages/contracts with the server',
      from: { path: '^web/' },
      to: { path: '^server/' },
    },
    {
      name: 'contracts-import-only-zod',
      severity: 'error',
      comment: 'contracts are shared by both sides: zod and each other, nothing else',
      from: { path: '^packages/contracts/src/', pathNot: '\\.test\\.ts$' },
      to: { pathNot: ['^packages/contracts/src/', 'node_modules/zod/', '^zod$'] },
    },
    {
      name: 'harness-imports-none-of-ours',
      severity: 'error',
      comment: 'scripts/harness is shared by server/bench and e2e/lighthouse: it imports none of our code',
      from: { path: '^scripts/harness/' },
      to: { dependencyTypesNot: ['core'], pathNot: '^scripts/harness/' },
    },
    {
      name: 'shipped-code-imports-no-scripts',
      severity: 'error',
      comment: 'scripts/ drive the portal from outside; the server, the web and contracts never import them',
      from: { path: '^(server/src|web/src|packages/contracts/src)/' },
      to: { path: '^scripts/' },
    },
    ...entryRules('server'),
    ...entryRules('web'),
    ...layerRules('server', SERVER_LAYERS),
    ...layerRules('web', WEB_LAYERS),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    exclude: { path: '(^|/)node_modules/|/dist/' },
  },
};
