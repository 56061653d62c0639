/** The deceased's round portrait, name and dates, as the public pages show them. */
import type { DeceasedPerson } from '../../../contract/services';
import { formatLifeDates } from '../model';

/** Avatar size of spec 000 section 9. */
export const AVATAR_SIZE_PX = 175;

export function DeceasedSummary({ person, headingLevel = 1 }: { person: DeceasedPerson; headingLevel?: 1 | 2 }) {
  const dates = formatLifeDates(person.birth_date, person.death_date);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className="deceased-summary">
      {person.avatar_url ? (
        <img src={person.avatar_url} alt={`Photo of ${person.full_name}`} width={AVATAR_SIZE_PX} height={AVATAR_SIZE_PX} className="round-avatar" />
      ) : (
        <div className="round-avatar avatar-empty" style={{ width: AVATAR_SIZE_PX, height: AVATAR_SIZE_PX }} aria-hidden="true" />
      )}
      <Heading className="deceased-name">{person.full_name}</Heading>
      {person.preferred_name && person.preferred_name !== person.full_name && <p className="muted deceased-preferred">“{person.preferred_name}”</p>}
      {dates && <p className="deceased-dates">{dates}</p>}
    </div>
  );
}
