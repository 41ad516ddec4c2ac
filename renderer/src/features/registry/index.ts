/** The registry feature: the model list, one model's page and one version's page. */
export { RegistryScreen } from './registry-screen.tsx';
export { ModelPage } from './model-page.tsx';
export { VersionPage } from './version-page.tsx';
export { RequestsScreen } from './requests-screen.tsx';
export { VersionFormDialog } from './version-form-dialog.tsx';
export type { PickedModel } from './experiment-model-picker.tsx';
