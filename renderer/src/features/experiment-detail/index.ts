export { ExperimentPage } from './experiment-page.tsx';
