import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Screen chunks are named after their feature (`assets/screen-order-<hash>.js`), so the bundle
 * report and the network panel say which screen a file belongs to; translation files after
 * their language and namespace (`assets/locale-de-shell-<hash>.js`).
 */
function chunkFileName(chunk: { facadeModuleId: string | null; name: string }): string {
  const id = chunk.facadeModuleId?.replace(/\\/g, '/') ?? '';
  const feature = /\/src\/features\/([^/]+)\/index\.tsx?$/.exec(id);
  if (feature) return `assets/screen-${feature[1]}-[hash].js`;
  const locale = /\/src\/locales\/([^/]+)\/([^/]+)\.json$/.exec(id);
  if (locale) return `assets/locale-${locale[1]}-${locale[2]}-[hash].js`;
  return 'assets/[name]-[hash].js';
}

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: which files each entry and screen loads (scripts/bundle-report.ts).
    manifest: true,
    rolldownOptions: {
      output: { chunkFileNames: chunkFileName },
    },
  },
});
