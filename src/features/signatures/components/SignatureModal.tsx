/**
 * The modal a signature row opens. iPad signature: the screen capture beside the editable
 * transcription. QR signature: what the guest typed, read-only.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { isQrSignature, type Signature } from '../../../contract/signatures';
import { errorMessage } from '../../../lib/api/errors';
import { Modal } from '../../../ui/Modal';
import { RelativeTime } from '../../../ui/RelativeTime';
import { TextField } from '../../../ui/TextField';
import { useRetranscribe, useUpdateTranscription } from '../api';
import { isWaitingForTranscription, transcriptionBody, transcriptionDefaults, type TranscriptionFormValues } from '../model';
import { LeaveOutToggle, RemoveSignature } from './SignatureActions';

interface Props {
  signature: Signature;
  isSuperuser: boolean;
  onClose: () => void;
}

export function SignatureModal({ signature, isSuperuser, onClose }: Props) {
  return isQrSignature(signature) ? <QrSignatureModal signature={signature} onClose={onClose} /> : <IpadSignatureModal signature={signature} isSuperuser={isSuperuser} onClose={onClose} />;
}

function Facts({ signature }: { signature: Signature }) {
  return (
    <dl className="facts">
      <div className="fact">
        <dt>Service</dt>
        <dd>{signature.service.public_data.deceased_person.full_name}</dd>
      </div>
      {signature.created_by_ipad && (
        <div className="fact">
          <dt>iPad</dt>
          <dd>{signature.created_by_ipad.public_data.ipad_name}</dd>
        </div>
      )}
      <div className="fact">
        <dt>Pre-Need?</dt>
        <dd>{signature.is_pre_need ? 'Yes' : 'No'}</dd>
      </div>
      <div className="fact">
        <dt>Created</dt>
        <dd>
          <RelativeTime iso={signature.inserted_at} />
        </dd>
      </div>
    </dl>
  );
}

function IpadSignatureModal({ signature, isSuperuser, onClose }: Props) {
  const update = useUpdateTranscription();
  const retranscribe = useRetranscribe();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const { register, handleSubmit } = useForm<TranscriptionFormValues>({ defaultValues: transcriptionDefaults(signature) });
  const capture = signature.public_data.screen_capture_url;
  const source = signature.public_data.latest_signature_transcription?.latest_generated_json_source;

  const onSubmit = handleSubmit(async (values) => {
    setStatus(null);
    try {
      await update.mutateAsync({ id: signature.unique_identifier, vars: transcriptionBody(values) });
      setStatus({ ok: true, text: 'Transcription confirmed.' });
    } catch (err) {
      setStatus({ ok: false, text: errorMessage(err) });
    }
  });
  const onRetranscribe = () => {
    setStatus(null);
    retranscribe.mutate(
      { id: signature.unique_identifier, vars: undefined },
      { onSuccess: () => setStatus({ ok: true, text: 'Retranscription queued.' }), onError: (err) => setStatus({ ok: false, text: errorMessage(err) }) },
    );
  };

  return (
    <Modal
      title="View iPad Signature"
      onClose={onClose}
      fullScreen
      footer={
        <>
          <RemoveSignature signature={signature} onRemoved={onClose} />
          <span className="spacer" />
          {isSuperuser && (
            <button type="button" className="btn btn-secondary" onClick={onRetranscribe} disabled={retranscribe.isPending}>
              {retranscribe.isPending ? 'Retranscribing...' : 'Retranscribe'}
            </button>
          )}
          <button type="submit" form="transcription-form" className="btn btn-primary" disabled={update.isPending}>
            {update.isPending ? 'Confirming...' : 'Confirm Transcription'}
          </button>
        </>
      }
    >
      <div className="ipad-signature">
        <div className="capture">
          {capture ? <img src={capture} alt="Screen capture of the signed card" /> : <p className="muted">No screen capture.</p>}
        </div>
        <div className="stack">
          {isWaitingForTranscription(signature) ? (
            <p className="hint">(Waiting for signature transcription) — you can type the details yourself.</p>
          ) : (
            <p className="hint">Transcribed by: {source}</p>
          )}
          <form id="transcription-form" onSubmit={onSubmit} noValidate>
            <TextField label="Name" autoComplete="off" data-autofocus {...register('name')} />
            <TextField label="Phone" type="tel" autoComplete="off" {...register('phone_number')} />
            <TextField label="E-mail" type="email" autoComplete="off" {...register('email')} />
            <TextField label="Address line 1" autoComplete="off" {...register('mailing_address_line_1')} />
            <TextField label="Address line 2" autoComplete="off" {...register('mailing_address_line_2')} />
          </form>
          <div aria-live="polite">{status && <p className={status.ok ? 'form-success' : 'form-error'}>{status.text}</p>}</div>
          <LeaveOutToggle signature={signature} />
          <Facts signature={signature} />
        </div>
      </div>
    </Modal>
  );
}

function QrSignatureModal({ signature, onClose }: Omit<Props, 'isSuperuser'>) {
  const guest = signature.public_data.based_on_simple_signature;
  const rows: [string, string | null | undefined][] = [
    ['Name', guest?.full_name],
    ['Phone', guest?.phone_number],
    ['E-mail', guest?.email_address],
    ['Address line 1', guest?.mailing_address_line1],
    ['Address line 2', guest?.mailing_address_line2],
    ['Interested in planning ahead', guest ? (guest.interested_in_planning_ahead ? 'Yes' : 'No') : null],
  ];
  return (
    <Modal title="View QR Code Signature" onClose={onClose} footer={<RemoveSignature signature={signature} onRemoved={onClose} />}>
      <div className="stack">
        <dl className="facts">
          {rows.map(([label, value]) => (
            <div key={label} className="fact">
              <dt>{label}</dt>
              <dd>{value || '—'}</dd>
            </div>
          ))}
        </dl>
        <LeaveOutToggle signature={signature} />
        <Facts signature={signature} />
      </div>
    </Modal>
  );
}
