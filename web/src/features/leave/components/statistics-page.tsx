import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { orgFace, type LeaveKind } from '../api/faces';
import { StatisticsPanel } from './statistics-panel';

/** /company/{leave|away}/statistics. */
export default function LeaveStatisticsPage({ kind = 'leave' }: { kind?: LeaveKind }) {
  const { t } = useTranslation('leave');
  return (
    <>
      <PageHeader title={t(kind === 'away' ? 'titles.away_statistics' : 'titles.statistics')} />
      <StatisticsPanel face={orgFace('company', kind)} />
    </>
  );
}
