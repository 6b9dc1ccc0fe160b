import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { serviceWorkerBuild } from './service-worker-build.ts';
import { textsSplit } from './texts-split-plugin.ts';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/**
 * antd-mobile's locale tables and the helper they merge with: left to load with the one language
 * chosen. In a shared chunk, the helper would drag that chunk's neighbours into the first load.
 */
const isAntdLocale = (id: string) => /antd-mobile[\\/]es[\\/](locales[\\/]|utils[\\/]merge-locale)/.test(id);

/** antd-mobile and the libraries only it uses, but not its locale tables (each loads on demand). */
const isAntdMobile = (id: string) =>
  /node_modules[\\/](antd-mobile|antd-mobile-icons|@react-spring|@use-gesture|@rc-component|rc-[a-z-]+|ahooks|classnames|lodash|dayjs|staged-components|tslib)[\\/]/.test(
    id,
  ) && !isAntdLocale(id);

/**
 * The server hosts the built app at `/` and the API on the same origin, so the dev server proxies
 * every API path (and the socket) to a locally running server instead of configuring CORS.
 */
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  // Relative asset URLs keep the build working whether it is served at `/` or under a sub-path.
  base: './',
  plugins: [react(), textsSplit(), serviceWorkerBuild(import.meta.dirname), compression({ threshold: 1024 })],
  define: { __APP_VERSION__: JSON.stringify(version) },
  server: {
    host: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      // The Host header is passed through: the server lets a page open the socket when its Origin
      // names the same host (ALLOWED_ORIGINS in the README), and here that is this dev server.
      '/v1': { target: apiTarget, changeOrigin: false, ws: true },
      '/logos': { target: apiTarget, changeOrigin: true },
      '/healthz': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Vendors change far less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 40,
            },
            // The indicators' maths ships with the chart that draws them, not with every screen.
            {
              name: 'charts',
              test: /node_modules[\\/](lightweight-charts|fancy-canvas|trading-signals)[\\/]/,
              priority: 30,
            },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/, priority: 30 },
            // Only the invite screen draws QR codes; its chunk loads with that screen.
            { name: 'qrcode', test: /node_modules[\\/]qrcode\.react[\\/]/, priority: 30 },
            // The components the first screen draws (and what they share) load with it, in one
            // cached chunk; those only other screens use are left out (below), so a phone does not
            // fetch the date pickers, steppers and tabs before it shows a single quote.
            { name: 'antd-mobile', test: isAntdMobile, tags: ['$initial'], priority: 20 },
            // The rest follow the screens that use them: grouped by the set of screens that import
            // them, small groups merged, so one screen's components do not load with another's.
            {
              name: 'antd-mobile-screens',
              test: isAntdMobile,
              priority: 15,
              entriesAware: true,
              entriesAwareMergeThreshold: 20_000,
            },
            // Likewise the other libraries: those the first screen needs in one chunk, the others
            // split along the screens that import them by the bundler's own rules.
            {
              name: 'vendor',
              test: (id) => /node_modules[\\/]/.test(id) && !isAntdLocale(id),
              tags: ['$initial'],
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
