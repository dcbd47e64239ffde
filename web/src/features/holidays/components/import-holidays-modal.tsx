// Import a country's (and region's) public holidays for a year from the embedded catalogue:
// choose, see the days with those already there marked, then import the missing ones.
import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Form, Modal, Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable, type ListColumn } from '../../../components/responsive-table';
import { translateApiError } from '../../../lib/form-errors';
import { languageInfo } from '../../../lib/languages';
import type { OrgKind } from '../api/holidays';
import { useHolidayCatalogue, useHolidayImportPreview, useImportHolidays, type HolidayImportDay } from '../api/import-holidays';

interface Choice {
  country?: string;
  region?: string;
  year?: number;
}

export function ImportHolidaysModal({ kind, open, onClose }: { kind: OrgKind; open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation(['holidays', 'common', 'errors']);
  const { message } = App.useApp();
  const catalogue = useHolidayCatalogue(kind, open);
  const [choice, setChoice] = useState<Choice>({});
  const language = languageInfo(i18n.language).code;
  const request = choice.country && choice.year ? { country: choice.country, region: choice.region ?? '', year: choice.year, language } : null;
  const preview = useHolidayImportPreview(kind, open ? request : null);
  const run = useImportHolidays(kind);

  useEffect(() => {
    if (open) setChoice((c) => (c.year ? c : { year: catalogue.data?.years.find((y) => y === new Date().getFullYear()) ?? catalogue.data?.years[0] }));
  }, [open, catalogue.data]);

  // Country names in the reader's language where the browser knows them.
  const countryName = useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([languageInfo(i18n.language).html], { type: 'region' });
    } catch {
      names = null;
    }
    return (code: string, fallback: string) => names?.of(code) ?? fallback;
  }, [i18n.language]);

  const countries = catalogue.data?.countries ?? [];
  const country = countries.find((c) => c.code === choice.country);
  const days = preview.data ?? [];
  const missing = days.filter((d) => !d.exists).length;

  const columns: ListColumn<HolidayImportDay>[] = [
    { title: t('fields.date'), dataIndex: 'date', width: 120 },
    { title: t('fields.name'), dataIndex: 'name', primary: true, long: true },
    {
      title: t('import.status'),
      dataIndex: 'exists',
      render: (exists: boolean) => (exists ? <Tag>{t('import.exists')}</Tag> : <Tag color="green">{t('import.new')}</Tag>),
    },
  ];

  const submit = () => {
    if (!request) return;
    run.mutate(request, {
      onSuccess: (r) => {
        message.success(t('import.added', { count: r.added }));
        onClose();
      },
      onError: (e) => message.error(translateApiError(t, e)),
    });
  };

  return (
    <Modal
      open={open}
      title={t('import.title')}
      onCancel={onClose}
      onOk={submit}
      okText={t('import.submit', { count: missing })}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ disabled: !request || missing === 0 || preview.isFetching, ...({ 'data-testid': 'holiday-import-submit' } as Record<string, string>) }}
      confirmLoading={run.isPending}
      width={640}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('import.country')} htmlFor="holiday-import-country">
          <Select
            id="holiday-import-country"
            showSearch
            optionFilterProp="label"
            loading={catalogue.isLoading}
            value={choice.country}
            onChange={(v: string) => setChoice((c) => ({ ...c, country: v, region: undefined }))}
            options={countries.map((c) => ({ value: c.code, label: countryName(c.code, c.name) }))}
            data-testid="holiday-import-country"
          />
        </Form.Item>
        {country && country.regions.length > 0 && (
          <Form.Item label={t('import.region')} htmlFor="holiday-import-region" extra={t('import.region_help')}>
            <Select
              id="holiday-import-region"
              showSearch
              allowClear
              optionFilterProp="label"
              placeholder={t('import.whole_country')}
              value={choice.region}
              onChange={(v?: string) => setChoice((c) => ({ ...c, region: v }))}
              options={country.regions.map((r) => ({ value: r.code, label: r.name }))}
              data-testid="holiday-import-region"
            />
          </Form.Item>
        )}
        <Form.Item label={t('import.year')} htmlFor="holiday-import-year">
          <Select
            id="holiday-import-year"
            value={choice.year}
            onChange={(v: number) => setChoice((c) => ({ ...c, year: v }))}
            options={(catalogue.data?.years ?? []).map((y) => ({ value: y, label: String(y) }))}
            data-testid="holiday-import-year"
          />
        </Form.Item>
      </Form>
      {preview.isError && <Alert type="error" showIcon title={translateApiError(t, preview.error)} />}
      {request && !preview.isError && (
        <>
          <Typography.Paragraph data-testid="holiday-import-summary">{t('import.summary', { count: days.length, missing })}</Typography.Paragraph>
          <ResponsiveTable<HolidayImportDay>
            rowKey="date"
            size="small"
            columns={columns}
            dataSource={days}
            loading={preview.isFetching}
            pagination={false}
            scroll={{ y: 320 }}
            data-testid="holiday-import-preview"
          />
        </>
      )}
      {catalogue.data && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('import.source', { source: catalogue.data.source, version: catalogue.data.version, licence: catalogue.data.licence })}
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
