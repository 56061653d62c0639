import { usePageTitle } from '../../../ui/usePageTitle';
import { useSession } from '../../auth/AuthProvider';
import { SignaturesList } from './SignaturesList';

/** /signatures: every signature of the account, or of all accounts ("All Signatures"). */
export function SignaturesPage() {
  const { viewingAllAccounts } = useSession();
  usePageTitle(viewingAllAccounts ? 'All Signatures' : 'Signatures');
  return <SignaturesList serviceId={null} />;
}
