/** @type {import('next').NextConfig} */
export default {
  // Lit and its server renderer load as Node modules on the server, as they are published: one copy
  // of Lit for the Server Component that renders the elements and for the React wrappers.
  serverExternalPackages: [
    '@lit-labs/ssr',
    '@lit-labs/ssr-client',
    '@lit-labs/ssr-dom-shim',
    '@lit/reactive-element',
    'lit',
    'lit-element',
    'lit-html',
  ],
};
