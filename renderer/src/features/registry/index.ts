/** The registry feature: the model list and one model's page. */
export { RegistryScreen } from './registry-screen.tsx';
export { ModelPage } from './model-page.tsx';
export { RequestsScreen } from './requests-screen.tsx';
