export { ExperimentsScreen } from './experiments-screen.tsx';
export { FilterField } from './experiments-toolbar.tsx';
export { namesOf } from './project-names.ts';
