/**
 * The package version, as `window.CommerceOps.version` and `version` report it. `npm version`
 * rewrites it (scripts/sync-version.ts) and the package tests check it matches package.json.
 */
export const version = '0.1.0';
