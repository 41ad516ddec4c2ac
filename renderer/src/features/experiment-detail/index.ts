/** The experiment-detail feature: one experiment's page. */
export { ExperimentRoute } from './experiment-page.tsx';
