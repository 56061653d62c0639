/** The Start and End confirmation pages of a service (spec 000 sections 2 and 4). */
import { useState, type ReactNode } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../../lib/api/errors';
import { servicesListOptions, useEndService, useStartService } from '../api';
import { otherActiveService } from '../model';
import { useManagedService } from './ManageServiceLayout';

/** Shown when the action does not apply to the service's state. */
function NotApplicable({ id, text }: { id: string; text: string }) {
  return (
    <div className="card stack">
      <p>{text}</p>
      <div className="row">
        <Link to={`/services/${id}/details`} className="btn btn-secondary">
          Manage Service
        </Link>
      </div>
    </div>
  );
}

interface ConfirmProps {
  id: string;
  question: string;
  label: string;
  busyLabel: string;
  tone: 'primary' | 'danger';
  action: { mutateAsync: () => Promise<unknown>; isPending: boolean };
  notice?: ReactNode;
}

/** The question, Cancel (back to details) and the action; after it, the details page. */
function ConfirmServiceAction({ id, question, label, busyLabel, tone, action, notice }: ConfirmProps) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const onConfirm = async () => {
    setError(null);
    try {
      await action.mutateAsync();
      navigate(`/services/${id}/details`);
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  return (
    <div className="card stack">
      {notice}
      <p>{question}</p>
      <div className="row">
        <Link to={`/services/${id}/details`} className="btn btn-secondary">
          Cancel
        </Link>
        <button type="button" className={`btn btn-${tone}`} onClick={() => void onConfirm()} disabled={action.isPending}>
          {action.isPending ? busyLabel : label}
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

export function StartServicePage() {
  const service = useManagedService();
  const start = useStartService(service.unique_identifier);
  const list = useInfiniteQuery(servicesListOptions());
  const id = service.unique_identifier;
  if (service.is_active) return <NotApplicable id={id} text="This service is already active and cannot be started." />;
  const other = otherActiveService(list.data?.pages.flatMap((p) => p.services) ?? [], service);
  const notice = other && (
    <div className="alert alert-info" role="status">
      <span>
        There's an active service for <Link to={`/services/${other.unique_identifier}/details`}>{other.public_data.deceased_person.full_name}</Link>
      </span>
    </div>
  );
  return (
    <ConfirmServiceAction id={id} question="Are you sure you want to start this service?" label="Start Service" busyLabel="Starting Service..." tone="primary" action={start} notice={notice} />
  );
}

export function EndServicePage() {
  const service = useManagedService();
  const end = useEndService(service.unique_identifier);
  const id = service.unique_identifier;
  if (!service.is_active) return <NotApplicable id={id} text="This service is not active and cannot be ended." />;
  return <ConfirmServiceAction id={id} question="Are you sure you want to end this service?" label="End Service" busyLabel="Ending Service..." tone="danger" action={end} />;
}
