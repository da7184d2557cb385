import { defineConfig } from 'vite';

export default defineConfig({
  base: './',
  logLevel: 'warn',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
});
