// The personal pages of an account with no person record (typically the owner who registered
// the organisation): a friendly explanation instead of the API's people.no_account error, with
// a link to the people screen for those who may add themselves there.
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../lib/api-client';
import { hasPermission } from '../lib/session';
import { useSession } from '../lib/use-session';

/** Whether a failed personal call failed only because the account has no person record. */
export function isNotLinked(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'people.no_account';
}

/** Where the caller can add themselves as a person, or undefined when they may not. */
export function peopleScreenFor(session: ReturnType<typeof useSession>): string | undefined {
  if (session?.org?.kind === 'company' && hasPermission(session, 'view.manage.company.employee')) return '/company/employee/list';
  if (session?.org?.kind === 'school' && hasPermission(session, 'view.manage.school.employee')) return '/school/teacher/list';
  return undefined;
}

/** The explanation shown in place of personal leave, away, attendance or profile data. */
export function NotLinkedNotice({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('common');
  const session = useSession();
  const navigate = useNavigate();
  const people = peopleScreenFor(session);
  return (
    <Result
      status="info"
      style={compact ? { padding: '16px 0' } : undefined}
      title={t('not_linked.title')}
      subTitle={people ? t('not_linked.admin_hint') : t('not_linked.member_hint')}
      extra={
        people ? (
          <Button type="primary" onClick={() => navigate(people)} data-testid="not-linked-people">
            {t('not_linked.admin_link')}
          </Button>
        ) : undefined
      }
      data-testid="not-linked"
    />
  );
}
