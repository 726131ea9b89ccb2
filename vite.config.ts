import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import babel from '@rolldown/plugin-babel';
import react, { reactCompilerPreset } from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/precompress.ts';

/**
 * Chakra's theme module by module (src/client/ui/chakra-theme.ts): through the theme's index every
 * recipe of Chakra would land in the first screen's bundle. The component tests resolve it too.
 */
export const chakraThemeAlias = {
  find: /^@chakra-ui\/react\/theme\/(.+)$/,
  replacement: path.resolve(import.meta.dirname, 'node_modules/@chakra-ui/react/dist/esm/theme/$1.js'),
};

/**
 * The React Compiler memoises the PWA's components and hooks: a keystroke in the editor re-renders
 * what depends on it, not the whole editor (docs/architecture.md, “Rendering on a phone”). The
 * component tests compile with it too, so that they test what ships.
 */
export const reactCompiler = () =>
  babel({ include: [/\/src\/(app|client|features)\/.*\.tsx?$/], presets: [reactCompilerPreset()] });

/**
 * React Router's package exports only its development build, checks and warnings included
 * (remix-run/react-router#12532); its production build sits beside it. The PWA's build takes that
 * one: about 11 ms less module evaluation at every start on this machine, and no development
 * checks in the renders.
 */
const routerBuild = path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production');
const reactRouterProduction = [
  { find: /^react-router$/, replacement: `${routerBuild}/index.mjs` },
  { find: /^react-router\/dom$/, replacement: `${routerBuild}/dom-export.mjs` },
];

const LOCALES_DIR = path.resolve(import.meta.dirname, 'locales');

/**
 * Translation files live in locales/ and are fetched by the PWA as /locales/{ui,help}.{locale}.json:
 * served from the folder in development and emitted (minified) into the build. The default's are
 * precached; the others are kept by the service worker once fetched (src/client/i18n/i18n.ts
 * fetches the partner's languages). names.{locale}.json is the server's.
 */
function translations(): Plugin {
  return {
    name: 'portal-translations',
    configureServer(server) {
      server.middlewares.use('/locales', (req, res, next) => {
        const file = path.join(LOCALES_DIR, path.basename(req.url ?? ''));
        if (!file.endsWith('.json')) return next();
        try {
          res.setHeader('content-type', 'application/json');
          res.end(readFileSync(file));
        } catch {
          next();
        }
      });
    },
    generateBundle() {
      for (const name of readdirSync(LOCALES_DIR).filter((f) => /^(ui|help)\..+\.json$/.test(f))) {
        const json = JSON.stringify(JSON.parse(readFileSync(path.join(LOCALES_DIR, name), 'utf8')));
        this.emitFile({ type: 'asset', fileName: `locales/${name}`, source: json });
      }
    },
  };
}

const backend = 'http://localhost:8080';

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    reactCompiler(),
    translations(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'Partner Portal',
        short_name: 'Partners',
        description: 'Financing calculations, offers and contracts for leasing partners.',
        lang: 'en-IE',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#eef2f7',
        theme_color: '#1f4e8c',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}', 'help/videos/*.jpg', 'locales/*.en-IE.json'],
        // pdf.js (440 KB, and its worker) serves only the preview of a document fetched online.
        globIgnores: ['**/pdf-pages-*.js'],
        // A classic worker script (workbox-window registers it so), as every browser runs one.
        rollupFormat: 'iife',
      },
      devOptions: { enabled: false },
    }),
    precompress(),
  ],
  resolve: {
    alias: command === 'build' ? [chakraThemeAlias, ...reactRouterProduction] : [chakraThemeAlias],
  },
  server: { proxy: { '/api': backend, '/oidc': backend, '/sign-in': backend } },
  // The manifest tells bench/bundle-size.ts what each way of arriving loads.
  build: {
    target: 'es2022',
    sourcemap: true,
    reportCompressedSize: false,
    manifest: true,
    modulePreload: false,
    rolldownOptions: {
      // The timing report names the React compiler's Babel pass every build (most of the build's
      // time, by design); a warning that says nothing new hides the ones that do.
      checks: { bundlerTimings: false },
    },
  },
}));
