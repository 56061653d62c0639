/** What other features may use from signatures. */
export { ServiceSignaturesList } from './components/ServiceSignaturesList';
