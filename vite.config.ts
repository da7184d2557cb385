import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { sandboxPlugin } from './scripts/vite-sandbox-plugin.js';

const projectRoot = fileURLToPath(new URL('.', import.meta.url));

/** `npm start`: the demo page (demo/) with the sandbox API mounted on the same origin. */
export default defineConfig({
  root: 'demo',
  resolve: {
    // The demo imports the library as `/src/...`, outside Vite's root.
    alias: [{ find: /^\/src\//, replacement: `${projectRoot}src/` }],
  },
  server: { fs: { allow: [projectRoot] } },
  plugins: [sandboxPlugin()],
});
