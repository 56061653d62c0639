/** Send Service to Family and Add Family Member arrive with the family issue; until then, say so. */
import { Users } from 'lucide-react';

export function FamilyPlaceholder({ title }: { title: string }) {
  return (
    <div className="card empty stack placeholder-card">
      <Users size={32} aria-hidden="true" className="muted" />
      <h2>{title}</h2>
      <p>Sending the guestbook to the family and managing family members will be available here soon.</p>
    </div>
  );
}
