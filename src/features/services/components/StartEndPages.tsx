/** The Start and End confirmation pages of a service (spec 000 sections 2 and 4). */
import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../../lib/api/errors';
import { servicesListOptions, useEndService, useStartService } from '../api';
import { otherActiveService } from '../model';
import { useManagedService } from './ManageServiceLayout';

function ManageServiceLink({ id }: { id: string }) {
  return (
    <Link to={`/services/${id}/details`} className="btn btn-secondary">
      Manage Service
    </Link>
  );
}

export function StartServicePage() {
  const service = useManagedService();
  const navigate = useNavigate();
  const start = useStartService(service.unique_identifier);
  const list = useInfiniteQuery(servicesListOptions());
  const [error, setError] = useState<string | null>(null);
  const id = service.unique_identifier;

  if (service.is_active) {
    return (
      <div className="card stack">
        <p>This service is already active and cannot be started.</p>
        <div className="row">
          <ManageServiceLink id={id} />
        </div>
      </div>
    );
  }
  const other = otherActiveService(list.data?.pages.flatMap((p) => p.services) ?? [], service);
  const onStart = async () => {
    setError(null);
    try {
      await start.mutateAsync();
      navigate(`/services/${id}/details`);
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  return (
    <div className="card stack">
      {other && (
        <div className="alert alert-info" role="status">
          <span>
            There's an active service for{' '}
            <Link to={`/services/${other.unique_identifier}/details`}>{other.public_data.deceased_person.full_name}</Link>
          </span>
        </div>
      )}
      <p>Are you sure you want to start this service?</p>
      <div className="row">
        <Link to={`/services/${id}/details`} className="btn btn-secondary">
          Cancel
        </Link>
        <button type="button" className="btn btn-primary" onClick={() => void onStart()} disabled={start.isPending}>
          {start.isPending ? 'Starting Service...' : 'Start Service'}
        </button>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export function EndServicePage() {
  const service = useManagedService();
  const navigate = useNavigate();
  const end = useEndService(service.unique_identifier);
  const [error, setError] = useState<string | null>(null);
  const id = service.unique_identifier;

  if (!service.is_active) {
    return (
      <div className="card stack">
        <p>This service is not active and cannot be ended.</p>
        <div className="row">
          <ManageServiceLink id={id} />
        </div>
      </div>
    );
  }
  const onEnd = async () => {
    setError(null);
    try {
      await end.mutateAsync();
      navigate(`/services/${id}/details`);
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  return (
    <div className="card stack">
      <p>Are you sure you want to end this service?</p>
      <div className="row">
        <Link to={`/services/${id}/details`} className="btn btn-secondary">
          Cancel
        </Link>
        <button type="button" className="btn btn-danger" onClick={() => void onEnd()} disabled={end.isPending}>
          {end.isPending ? 'Ending Service...' : 'End Service'}
        </button>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
