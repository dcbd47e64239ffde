import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { orgFace } from '../api/faces';
import { StatisticsPanel } from './statistics-panel';

/** /company/leave/statistics. */
export default function LeaveStatisticsPage() {
  const { t } = useTranslation('leave');
  return (
    <>
      <PageHeader title={t('titles.statistics')} />
      <StatisticsPanel face={orgFace('company', 'leave')} />
    </>
  );
}
