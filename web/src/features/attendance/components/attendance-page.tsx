// The attendance screen of one kind of person: daily, monthly and yearly views as tabs, each
// a child route (…/daily, …/monthly, …/yearly, and the individual views).
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { attendanceFaceOf, type AttendanceKind } from '../api/faces';
import { DailyView } from './daily-view';
import { MonthlyView } from './monthly-view';
import { IndividualMonthlyView } from './individual-monthly-view';
import { IndividualYearlyView, YearlyView } from './yearly-view';
import { PayrollView } from './payroll-view';
import { PageHeader } from '../../../components/page-header';

export type AttendanceView = 'daily' | 'monthly' | 'yearly' | 'monthly-individual' | 'yearly-individual' | 'payroll';

export default function AttendancePage({ kind, view }: { kind: AttendanceKind; view: AttendanceView }) {
  const { t } = useTranslation(['attendance']);
  const navigate = useNavigate();
  const face = attendanceFaceOf(kind);
  const tab = view.startsWith('monthly') ? 'monthly' : view.startsWith('yearly') ? 'yearly' : view === 'payroll' ? 'payroll' : 'daily';
  const body =
    view === 'daily' ? (
      <DailyView face={face} />
    ) : view === 'monthly' ? (
      <MonthlyView face={face} />
    ) : view === 'monthly-individual' ? (
      <IndividualMonthlyView face={face} />
    ) : view === 'payroll' ? (
      <PayrollView face={face} />
    ) : view === 'yearly' ? (
      <YearlyView face={face} />
    ) : (
      <IndividualYearlyView face={face} />
    );
  return (
    <>
      <PageHeader title={t(`title.${kind}`)} />
      <Tabs
        activeKey={tab}
        onChange={(k) => navigate(`${face.route}/${k}`)}
        items={(['daily', 'monthly', 'yearly', 'payroll'] as const).map((k) => ({
          key: k,
          label: <span data-testid={`attendance-tab-${k}`}>{t(`tabs.${k}`)}</span>,
        }))}
      />
      {/* Keyed by view so each view starts with its own state. */}
      <div key={`${kind}-${view}`}>{body}</div>
    </>
  );
}
