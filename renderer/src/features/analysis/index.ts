export { AnalysisScreen } from './analysis-screen.tsx';
