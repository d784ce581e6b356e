import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Served by the Bellwether server under /dashboard; every asset is bundled (no CDN), nothing inline,
// so the server's strict Content-Security-Policy (script-src 'self') holds.
export default defineConfig({
  base: '/dashboard/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, assetsInlineLimit: 0, sourcemap: false },
});
