/** What other features may use from services. */
export { DeceasedSummary } from './components/DeceasedSummary';
