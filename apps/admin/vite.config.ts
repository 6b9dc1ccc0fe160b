import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

/**
 * The server hosts the built back office at /admin/ and its API on the same origin, so the dev
 * server proxies the API to a locally running server instead of configuring CORS.
 */
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  // Relative asset URLs: the build works at /admin/ or under any other prefix a proxy gives it.
  base: './',
  plugins: [react(), compression({ threshold: 1024 })],
  server: {
    host: true,
    proxy: {
      '/admin/api': { target: apiTarget, changeOrigin: true },
      '/v1/files': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // Vendors change far less often than the screens: separate chunks stay cached.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 40,
            },
            {
              name: 'antd',
              test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[a-z-]+|dayjs)[\\/]/,
              priority: 30,
            },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});
