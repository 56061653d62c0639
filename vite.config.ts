/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const SERVER = process.env.API_ORIGIN ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      // Our own worker (sw/sw.ts): precache the shell, serve navigations offline, never cache a
      // signed-in user's API data. Registered from the page with workbox-window in prompt mode.
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      // The manifest icons are listed in the manifest already; globbing them again precaches twice.
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,woff2}', 'icons/icon-192.png', 'icons/apple-touch-icon.png'],
      },
      manifest: {
        name: 'Signature Guestbook',
        short_name: 'Guestbook',
        description: 'Memorial guestbook: iPad kiosk, guest signing and the funeral-home console.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        background_color: '#f7f5f2',
        theme_color: '#3f4f5f',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/apple-touch-icon.png', sizes: '180x180', type: 'image/png' },
        ],
      },
    }),
  ],
  server: {
    proxy: {
      '/api': SERVER,
      '/socket': { target: SERVER, ws: true },
    },
  },
  build: { sourcemap: true, chunkSizeWarningLimit: 900 },
});
