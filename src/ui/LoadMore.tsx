import { errorMessage } from '../lib/api/errors';
import { ErrorAlert } from './Alert';

/** The part of an infinite query the button needs. */
export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage: () => Promise<unknown>;
}

/** "Load More" after a full page (the query's getNextPageParam decides), with Retry on failure. */
export function LoadMore({ query }: { query: PagedQuery }) {
  return (
    <>
      {query.isFetchNextPageError && <ErrorAlert message={errorMessage(query.error)} onRetry={() => void query.fetchNextPage()} />}
      {query.hasNextPage && (
        <div className="load-more">
          <button type="button" className="btn btn-secondary" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? 'Loading...' : 'Load More'}
          </button>
        </div>
      )}
    </>
  );
}
