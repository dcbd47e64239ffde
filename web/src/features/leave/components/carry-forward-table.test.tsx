import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { initI18n, i18n } from '../../../lib/i18n';
import { CarryForwardTable } from './carry-forward-table';
import { BalanceCell } from './leave-bits';

async function withI18n(ui: React.ReactElement) {
  await initI18n('en');
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['leave']);
  return render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
}

describe('carry-forward preview', () => {
  it('lists each person with remaining, carried, next entitlement and validity, and the total carried', async () => {
    const people = new Map([
      [11, { code: 'T-1', name: 'Nurul Aina' }],
      [12, { code: 'T-2', name: 'Ahmad Zaki' }],
    ]);
    await withI18n(
      <CarryForwardTable
        people={people}
        rows={[
          { employee_id: 11, remaining: 7.5, carried: 5, entitled: 14, valid_until: '2027-03-31' },
          { employee_id: 12, remaining: 2, carried: 2, entitled: 14, valid_until: '' },
          { employee_id: 99, remaining: 0.5, carried: 0.5, entitled: 10, valid_until: '2027-03-31' },
        ]}
      />,
    );
    const table = screen.getByTestId('carry-preview');
    expect(within(table).getByText('Remaining')).toBeTruthy();
    expect(within(table).getByText('Carried forward')).toBeTruthy();
    const rows = table.querySelectorAll('tbody tr');
    const cells = (i: number) => [...rows[i].querySelectorAll('td')].map((td) => td.textContent);
    expect(cells(0)).toEqual(['Nurul Aina (T-1)', '7.5', '5', '14', '2027-03-31']);
    expect(cells(1)).toEqual(['Ahmad Zaki (T-2)', '2', '2', '14', '—']);
    // Someone not in the ledger still shows, by id.
    expect(cells(2)[0]).toBe('#99');
    expect(screen.getByTestId('carry-total').textContent).toBe('7.5');
  });

  it('says when there is nothing to carry', async () => {
    await withI18n(<CarryForwardTable people={new Map()} rows={[]} />);
    expect(screen.getByText('Nothing to carry forward.')).toBeTruthy();
  });
});

describe('balance cell', () => {
  it('shows the balance, and what is available when some is pending', async () => {
    const { rerender } = await withI18n(<BalanceCell entitlement={{ balance: 13, available: 13 }} />);
    expect(screen.getByTestId('leave-balance').textContent).toBe('13');
    rerender(
      <I18nextProvider i18n={i18n}>
        <BalanceCell entitlement={{ balance: 13, available: 12.5 }} />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('leave-balance').textContent).toBe('13 (12.5 available)');
  });
});
