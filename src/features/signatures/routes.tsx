import type { RouteObject } from 'react-router-dom';
import { SignaturesPage } from './components/SignaturesPage';

export const signaturesRoutes: RouteObject[] = [{ path: 'signatures', element: <SignaturesPage /> }];
