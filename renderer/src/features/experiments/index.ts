export { ExperimentsScreen } from './experiments-screen.tsx';
