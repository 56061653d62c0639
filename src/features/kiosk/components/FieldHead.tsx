import { Eraser, Undo2 } from 'lucide-react';

/** A kiosk field's label with its Undo and Clear buttons (both disabled while nothing is written). */
export function FieldHead({ labelId, label, isEmpty, onUndo, onClear }: { labelId: string; label: string; isEmpty: boolean; onUndo: () => void; onClear: () => void }) {
  return (
    <div className="kiosk-field-head">
      <span id={labelId} className="kiosk-field-label" data-capture-text>
        {label}
      </span>
      <button type="button" className="kiosk-tool" onClick={onUndo} disabled={isEmpty} aria-label={`Undo ${label}`}>
        <Undo2 size={18} aria-hidden="true" /> Undo
      </button>
      <button type="button" className="kiosk-tool" onClick={onClear} disabled={isEmpty} aria-label={`Clear ${label}`}>
        <Eraser size={18} aria-hidden="true" /> Clear
      </button>
    </div>
  );
}
