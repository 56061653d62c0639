/** View Services /services: 50 a page, newest first, "Load More" while pages come back full. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Plus } from 'lucide-react';
import { errorMessage } from '../../../lib/api/errors';
import { ErrorAlert } from '../../../ui/Alert';
import { RelativeTime } from '../../../ui/RelativeTime';
import { Spinner } from '../../../ui/Spinner';
import { usePageTitle } from '../../../ui/usePageTitle';
import { useSession } from '../../auth/AuthProvider';
import { servicesListOptions } from '../api';
import { formatLifeDates, servicesHeading } from '../model';
import { LoadMore } from '../../../ui/LoadMore';

export function ServicesListPage() {
  usePageTitle('View Services');
  const { viewingAllAccounts } = useSession();
  const query = useInfiniteQuery(servicesListOptions());
  const services = query.data?.pages.flatMap((p) => p.services) ?? [];
  const total = query.data?.pages[0]?.total_services ?? 0;

  return (
    <section aria-labelledby="services-heading">
      <div className="page-header">
        <h1 id="services-heading">{servicesHeading(total)}</h1>
        {!viewingAllAccounts && (
          <Link to="/create-service" className="btn btn-primary">
            <Plus size={18} aria-hidden="true" />
            Create Service
          </Link>
        )}
      </div>
      {query.isPending ? (
        <Spinner label="Loading services..." />
      ) : query.isError && services.length === 0 ? (
        <ErrorAlert message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : services.length === 0 ? (
        <div className="card empty">
          <p>No services have been created.</p>
          {!viewingAllAccounts && (
            <Link to="/create-service" className="btn btn-primary">
              Create Service
            </Link>
          )}
        </div>
      ) : (
        <>
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Deceased Name</th>
                  {viewingAllAccounts && <th scope="col">Account</th>}
                  <th scope="col">Created</th>
                </tr>
              </thead>
              <tbody>
                {services.map((s) => {
                  const person = s.public_data.deceased_person;
                  const dates = formatLifeDates(person.birth_date, person.death_date);
                  return (
                    <tr key={s.unique_identifier}>
                      <td>
                        <div className="name-cell">
                          <span className={`dot${s.is_active ? ' on' : ''}`} role="img" aria-label={s.is_active ? 'Active' : 'Not active'} />
                          <Link to={`/services/${s.unique_identifier}`}>{person.full_name || 'Unnamed service'}</Link>
                        </div>
                        {dates && <div className="hint cell-sub">{dates}</div>}
                      </td>
                      {viewingAllAccounts && <td>{s.account.name}</td>}
                      <td>
                        <RelativeTime iso={s.inserted_at} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <LoadMore query={query} />
        </>
      )}
    </section>
  );
}
