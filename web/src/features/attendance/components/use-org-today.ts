import { useSession } from '../../../lib/use-session';
import { dateInZone } from '../../../lib/org-date';

/** Today's date in the organisation's time zone. */
export function useOrgToday(): string {
  const session = useSession();
  return dateInZone(session?.org?.timezone);
}
