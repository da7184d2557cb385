import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';

export default defineConfig({
  base: './',
  logLevel: 'warn',
  plugins: [
    vue({
      template: {
        // The package's tags are custom elements, not Vue components.
        compilerOptions: { isCustomElement: (tag) => tag.includes('-') },
      },
    }),
  ],
});
