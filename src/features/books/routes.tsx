import type { RouteObject } from 'react-router-dom';
import { Placeholder } from '../chrome/Placeholder';
import { RequireOneAccount } from '../chrome/RequireOneAccount';

export const booksRoutes: RouteObject[] = [
  { path: 'books', element: <Placeholder title="View Books" /> },
  { path: 'create-book', element: <RequireOneAccount><Placeholder title="Create Book" /></RequireOneAccount> },
  { path: 'books/:bookUniqueId/*', element: <Placeholder title="Manage Book" /> },
];
