// A type whose policy grants the days takes a manual entitlement as an adjustment: negative
// amounts are allowed and the note (the reason) is required, as the API says; a manual type
// keeps entitled ≥ 0 and an optional note.
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, Form } from 'antd';
import { initI18n, i18n } from '../../../lib/i18n';
import { mockFetch } from '../../../test/render-app';
import { EntitlementFields } from './entitlement-page';

const TYPES = '/api/school/leave/management';

async function renderFields(onFinish: (v: Record<string, unknown>) => void) {
  await initI18n('en');
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['leave', 'errors', 'common']);
  mockFetch((url) =>
    url.pathname === TYPES
      ? {
          body: {
            data: [
              { id: 1, type: 'Annual leave', day_count: 14, policy: { grant: 'monthly', days: 12, tiers: [], pro_rata: true, max_balance: 0, carry_expiry: '', blackouts: [], min_notice_days: 0 } },
              { id: 2, type: 'Compassionate', day_count: 3, policy: { grant: 'manual', days: 0, tiers: [], pro_rata: false, max_balance: 0, carry_expiry: '', blackouts: [], min_notice_days: 0 } },
            ],
            meta: { total: 2 },
          },
        }
      : undefined,
  );
  function Harness() {
    const [form] = Form.useForm();
    return (
      <Form form={form} onFinish={onFinish} data-testid="form">
        <EntitlementFields typesPath={TYPES} />
        <button type="submit">save</button>
      </Form>
    );
  }
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <App>
          <Harness />
        </App>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

async function chooseType(name: string) {
  const select = await screen.findByTestId('entitlement-type');
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
  const options = await screen.findAllByText(name);
  fireEvent.click(options[options.length - 1]);
}

describe('entitlement fields', () => {
  it('take a negative adjustment with its reason for a type whose policy grants the days', async () => {
    const saved: Record<string, unknown>[] = [];
    await renderFields((v) => saved.push(v));
    await chooseType('Annual leave');
    expect(await screen.findByText('Adjustment')).toBeTruthy();
    const amount = screen.getByTestId('entitlement-entitled');
    fireEvent.change(amount, { target: { value: '-2' } });
    fireEvent.blur(amount);
    fireEvent.click(screen.getByText('save'));
    expect(await screen.findByText(i18n.t('errors:leave.adjustment_reason'))).toBeTruthy();
    expect(saved).toHaveLength(0);
    fireEvent.change(screen.getByTestId('entitlement-note'), { target: { value: 'Two days given as cash' } });
    fireEvent.click(screen.getByText('save'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ leave_type_id: 1, entitled: -2, note: 'Two days given as cash' });
  });

  it('keep a manual type at zero or more, with an optional note', async () => {
    const saved: Record<string, unknown>[] = [];
    await renderFields((v) => saved.push(v));
    await chooseType('Compassionate');
    expect(await screen.findByText('Entitled')).toBeTruthy();
    const amount = screen.getByTestId('entitlement-entitled');
    expect((amount as HTMLInputElement).value).toBe('3.00'); // the type's days
    fireEvent.change(amount, { target: { value: '-2' } });
    fireEvent.blur(amount);
    fireEvent.click(screen.getByText('save'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].entitled).toBe(0); // clamped to the minimum
  });
});
