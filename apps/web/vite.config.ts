import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { serviceWorkerBuild } from './service-worker-build.ts';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

const isAntdLocale = (id: string) => /antd-mobile[\\/]es[\\/]locales[\\/]/.test(id);

/**
 * The server hosts the built app at `/` and the API on the same origin, so the dev server proxies
 * every API path (and the socket) to a locally running server instead of configuring CORS.
 */
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  // Relative asset URLs keep the build working whether it is served at `/` or under a sub-path.
  base: './',
  plugins: [react(), serviceWorkerBuild(import.meta.dirname), compression({ threshold: 1024 })],
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
            {
              name: 'antd-mobile',
              // Its locale tables stay out: each is loaded on demand for the chosen language only.
              test: (id) =>
                /node_modules[\\/](antd-mobile|antd-mobile-icons|@react-spring|@use-gesture|@rc-component|rc-[a-z-]+|ahooks|classnames|lodash|dayjs|staged-components|tslib)[\\/]/.test(
                  id,
                ) && !isAntdLocale(id),
              priority: 20,
            },
            { name: 'vendor', test: (id) => /node_modules[\\/]/.test(id) && !isAntdLocale(id), priority: 10 },
          ],
        },
      },
    },
  },
});
