// Small shared pieces of the leave screens: status tags, balance cells, error messages.
import { Tag, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { translateApiError } from '../../../lib/form-errors';
import type { ApplicationStatus } from '../api/faces';
import { balanceDisplay, formatAmount } from '../api/amounts';

export const STATUS_COLOURS: Record<ApplicationStatus, string> = {
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
  cancelled: 'default',
};

/** An application status as a coloured tag: pending gold, approved green, rejected red, cancelled grey. */
export function ApplicationStatusTag({ status }: { status: ApplicationStatus }) {
  const { t } = useTranslation('leave');
  return (
    <Tag color={STATUS_COLOURS[status] ?? 'default'} data-testid={`leave-status-${status}`}>
      {t(`status.${status}`)}
    </Tag>
  );
}

/** The balance and, when pending applications hold some of it, what is still available. */
export function BalanceCell({ entitlement }: { entitlement: { balance: number; available: number } }) {
  const { t } = useTranslation('leave');
  const b = balanceDisplay(entitlement);
  return (
    <span data-testid="leave-balance">
      <Typography.Text strong type={b.negative ? 'danger' : undefined}>
        {b.balance}
      </Typography.Text>
      {b.differs && (
        <Tooltip title={t('entitlement.available_hint')}>
          <Typography.Text type="secondary"> ({t('entitlement.available_short', { value: b.available })})</Typography.Text>
        </Tooltip>
      )}
    </span>
  );
}

export function Amount({ value }: { value: number }) {
  return <>{formatAmount(value)}</>;
}

/** Every translated message of a refusal: the leave code itself and the field details. */
export function leaveErrorMessages(t: TFunction, error: unknown): string[] {
  if (!(error instanceof ApiError)) return [translateApiError(t, error)];
  const out: string[] = [];
  if (error.code.startsWith('leave.')) out.push(translateApiError(t, error));
  for (const [field, details] of Object.entries(error.details)) {
    for (const [i, d] of details.entries()) {
      const msg = t(`errors:${d.code}`, { ...(d.params ?? {}), defaultValue: error.errors[field]?.[i] ?? d.code });
      if (!out.includes(msg)) out.push(msg);
    }
  }
  if (!out.length) out.push(translateApiError(t, error));
  return out;
}
