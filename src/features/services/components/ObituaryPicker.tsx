/**
 * Obituaries the account's listing already holds: picking one fills the form and loads its
 * photo into the cropper. Four show first (spec 000 section 9), the rest behind "Show more".
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { OBITUARY_PICKER_INITIAL_COUNT, type Obituary } from '../../../contract/services';
import { errorMessage } from '../../../lib/api/errors';
import { ErrorAlert } from '../../../ui/Alert';
import { Spinner } from '../../../ui/Spinner';
import { obituariesOptions } from '../api';
import { formatLifeDates } from '../model';

interface Props {
  selectedId: string | null;
  onPick: (obituary: Obituary) => void;
  onClear: () => void;
  disabled?: boolean;
}

export function ObituaryPicker({ selectedId, onPick, onClear, disabled }: Props) {
  const query = useQuery(obituariesOptions());
  const [expanded, setExpanded] = useState(false);

  if (query.isPending) return <Spinner label="Loading obituaries..." />;
  if (query.isError) return <ErrorAlert message={`Failed to load obituaries: ${errorMessage(query.error)}`} onRetry={() => void query.refetch()} />;
  const obituaries = query.data.obituaries;
  if (obituaries.length === 0) return null;
  const visible = expanded ? obituaries : obituaries.slice(0, OBITUARY_PICKER_INITIAL_COUNT);

  return (
    <section className="obituary-picker" aria-labelledby="obituary-picker-title">
      <div className="row">
        <h3 id="obituary-picker-title">Start from an obituary</h3>
        <span className="spacer" />
        <button type="button" className="btn btn-secondary btn-sm" onClick={onClear} disabled={disabled}>
          Clear
        </button>
      </div>
      <ul className="obituary-list">
        {visible.map((o) => {
          const r = o.public_data.latest_obituary_detail_extraction.result;
          const selected = o.unique_identifier === selectedId;
          return (
            <li key={o.unique_identifier}>
              <button type="button" className={`obituary-card${selected ? ' selected' : ''}`} aria-pressed={selected} onClick={() => onPick(o)} disabled={disabled}>
                <strong>{r.full_name}</strong>
                {r.preferred_name && <span className="muted">“{r.preferred_name}”</span>}
                <span className="hint">{formatLifeDates(r.date_of_birth, r.date_of_death) || 'Dates unknown'}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {obituaries.length > OBITUARY_PICKER_INITIAL_COUNT && (
        <button type="button" className="btn btn-ghost btn-sm" aria-expanded={expanded} onClick={() => setExpanded((e) => !e)}>
          {expanded ? 'Show less' : 'Show more'}
        </button>
      )}
    </section>
  );
}
