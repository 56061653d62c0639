import { format, formatDistanceToNow } from 'date-fns';

/** "3 minutes ago" for Created columns (spec 000 section 9); the exact time is in the tooltip. */
export function RelativeTime({ iso }: { iso: string }) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <span>—</span>;
  return (
    <time dateTime={iso} title={format(date, 'PPpp')}>
      {formatDistanceToNow(date)} ago
    </time>
  );
}
