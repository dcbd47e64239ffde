// Assignments: an admin applies for someone; the application is approved at once.
import { App, Card, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { orgFace, personFace, type LeaveKind, type PersonKind, type PersonLeaveFace } from '../api/faces';
import { useAssign } from '../api/applications';
import { useAllLeaveTypes } from '../api/leave-types';
import { ApplyForm } from './apply-form';
import { PersonKindSwitch } from './person-kind-switch';
import { PersonPicker } from './person-picker';

export function AssignForm({ face, typesPath, onDone }: { face: PersonLeaveFace; typesPath: string; onDone?: () => void }) {
  const { t } = useTranslation(['leave', 'errors']);
  const { message } = App.useApp();
  const assign = useAssign(face);
  const types = useAllLeaveTypes(typesPath);
  return (
    <ApplyForm
      types={types.data}
      typesLoading={types.isFetching}
      submitting={assign.isPending}
      submitLabel={t('assignment.submit')}
      personField={
        <Form.Item name="person_id" label={t(`person_kind.${face.personKind}`)} rules={[{ required: true, message: t('errors:validation.required') }]}>
          <PersonPicker face={face} testId="assign-person" style={{ width: '100%' }} />
        </Form.Item>
      }
      onSubmit={(payload, attachment, personId) =>
        assign.mutateAsync({ personId: personId as number, payload, attachment }).then((a) => {
          message.success(t('assignment.done', { name: a.name }));
          onDone?.();
        })
      }
    />
  );
}

export default function AssignmentPage({ kind, personKind }: { kind: LeaveKind; personKind: PersonKind }) {
  const { t } = useTranslation('leave');
  const face = personFace(kind, personKind);
  return (
    <>
      <PageHeader title={t(`titles.${kind}_assignment`)} />
      <PersonKindSwitch value={personKind} pathOf={(k) => `/school/${kind}/assignment/${k}`} />
      <Card style={{ maxWidth: 720 }}>
        <AssignForm face={face} typesPath={orgFace(face.org, kind).api.types} />
      </Card>
    </>
  );
}
