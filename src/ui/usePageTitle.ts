import { useEffect } from 'react';

export const PRODUCT_NAME = 'Signature Guestbook';

/** Page titles are "{page} | Signature Guestbook" (spec 000 section 1). */
export function usePageTitle(page: string): void {
  useEffect(() => {
    document.title = `${page} | ${PRODUCT_NAME}`;
  }, [page]);
}
