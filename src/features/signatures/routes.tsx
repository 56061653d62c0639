import type { RouteObject } from 'react-router-dom';
import { Placeholder } from '../chrome/Placeholder';

export const signaturesRoutes: RouteObject[] = [{ path: 'signatures', element: <Placeholder title="Signatures" /> }];
