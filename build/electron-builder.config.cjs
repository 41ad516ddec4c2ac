// @ts-check
/**
 * Packaging for `npm run dist` (electron-builder): Linux AppImage and deb, macOS dmg, Windows nsis.
 * Fuses are flipped at packaging time. TRACKDESK_E2E_BUILD=1 keeps only the inspect fuse on, because Playwright's
 * `_electron.launch` attaches through --inspect; release builds never set it.
 */
const e2eBuild = process.env.TRACKDESK_E2E_BUILD === '1';

/** @type {import('electron-builder').Configuration} */
module.exports = {
  appId: 'dev.trackdesk.app',
  productName: 'Trackdesk',
  directories: { output: 'dist', buildResources: 'build' },
  files: ['package.json', 'out/**', '!out/**/*.map'],
  // Native modules (better-sqlite3, @napi-rs/keyring) are N-API builds shipped prebuilt: nothing to rebuild per runtime.
  npmRebuild: false,
  nodeGypRebuild: false,
  buildDependenciesFromSource: false,
  asar: true,
  asarUnpack: ['**/*.node'],
  // Installers register trackdesk:// (the invitation page's "Open in Trackdesk"): Info.plist on macOS, the registry on
  // Windows, x-scheme-handler in the .desktop file on Linux. electron/main/app-links.ts takes the links.
  protocols: [{ name: 'Trackdesk link', schemes: ['trackdesk'] }],
  electronFuses: {
    runAsNode: false,
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: e2eBuild,
    enableCookieEncryption: true,
    enableEmbeddedAsarIntegrityValidation: true,
    onlyLoadAppFromAsar: true,
    grantFileProtocolExtraPrivileges: false,
  },
  linux: {
    target: ['AppImage', 'deb'],
    category: 'Development',
    maintainer: 'Trackdesk maintainers',
    synopsis: 'Desktop client and local service for experiment tracking',
  },
  mac: { target: ['dmg'], category: 'public.app-category.developer-tools' },
  win: { target: ['nsis'] },
  nsis: { oneClick: false, perMachine: false },
};
