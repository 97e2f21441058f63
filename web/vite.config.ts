import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

/**
 * Each Mantine component's class map (`esm/components/X/X.module.mjs`) also imports that component's
 * stylesheet (`@mantine/core/styles/X.css`), so a component's CSS travels in the same chunk as its JS:
 * the first page downloads only the styles of the components it renders, a lazy page brings its own,
 * and a page can never use a component whose styles were forgotten. The import goes last so the styles
 * of the components X is built from (imported first by X.mjs) come before X's own, which is the order
 * Mantine's single stylesheet uses. The dev server pre-bundles Mantine without running this transform,
 * so there the page gets Mantine's whole stylesheet instead.
 */
export function mantineComponentCss(): Plugin {
  const classMap = /@mantine[/\\]core[/\\]esm[/\\].*[/\\](\w+)\.module\.mjs$/;
  return {
    name: 'portal:mantine-component-css',
    enforce: 'pre',
    transform(code, id) {
      const name = classMap.exec(id.split('?')[0]!)?.[1];
      if (!name) return null;
      return { code: `${code}\nimport '@mantine/core/styles/${name}.css';\n`, map: null };
    },
    transformIndexHtml: {
      // 'pre', so Vite still resolves the injected import like the page's own scripts.
      order: 'pre',
      handler(_html, context) {
        if (!context.server) return;
        return [
          {
            tag: 'script',
            attrs: { type: 'module' },
            children: "import '@mantine/core/styles.css';",
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    mantineComponentCss(),
    // Brotli and gzip twins of every asset, served by the portal as they are (no compression per request).
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/\.map$/, /\.vite[/\\]/] }),
  ],
  resolve: {
    // zod without its `new Function` probe, which the CSP reports as a violation (src/app/zod-jitless.ts).
    alias: [
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/app/zod-jitless.ts', import.meta.url)) },
    ],
  },
  server: {
    port: 5173,
    // The API `npm run dev` runs beside Vite, on `PORT` like `npm start`. The browser's Host header is
    // kept (no changeOrigin), so the API's same-origin check sees the page's own origin.
    proxy: {
      '/api': { target: `http://localhost:${process.env.PORT || 3000}`, changeOrigin: false },
      '/healthz': { target: `http://localhost:${process.env.PORT || 3000}`, changeOrigin: false },
      // The engagement report's CSV export: a page path the server answers (a redirect to the API).
      '^/(admin/)?developer_apps/[^/]+/installations\\.csv$': {
        target: `http://localhost:${process.env.PORT || 3000}`,
        changeOrigin: false,
      },
      // Other spellings of the account pages (/sign-up, /sign_in, …): the server redirects them to the
      // real page (server/src/features/auth/auth.pages.ts holds the list).
      '^/(sign-up|signup|register|sign_in|sign-in|signin|log-in|log_in|forgot-password|reset-password)/?(\\?|$)':
        {
          target: `http://localhost:${process.env.PORT || 3000}`,
          changeOrigin: false,
        },
    },
  },
  build: {
    outDir: 'dist',
    // No source maps in the shipped build: the bundle's sources are not published with the portal.
    sourcemap: false,
    // dist/.vite/manifest.json: the chunk graph the size budget (scripts/size-budget.ts) walks.
    manifest: true,
    rolldownOptions: {
      output: {
        // What every page loads comes in three files rather than dozens: React (changes least, cached
        // longest), the other libraries the shell imports, and the app's own entry. Lazy pages keep their
        // own chunks (`$initial` is only what the entry imports statically).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[/\\](react|react-dom|scheduler)[/\\]/, priority: 2 },
            { name: 'vendor', test: /node_modules[/\\]/, tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Journeys through lazy routes take seconds when CI's two cores are busy with other suites.
    testTimeout: 60_000,
  },
});
