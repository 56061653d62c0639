import { useParams } from 'react-router-dom';
import { SignaturesList } from './SignaturesList';

/** The signatures tab of Manage service: the list scoped to the service in the URL. */
export function ServiceSignaturesList() {
  const { serviceUniqueId = '' } = useParams();
  return <SignaturesList serviceId={serviceUniqueId} headingLevel={2} />;
}
