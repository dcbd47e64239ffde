import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router';
import { initI18n, i18n } from '../../../lib/i18n';
import { StatusSegments, useStatusParam, type StatusCounts } from './status-filter';

function Harness({ counts }: { counts: StatusCounts }) {
  const [status, setStatus] = useStatusParam('pending');
  const loc = useLocation();
  return (
    <>
      <StatusSegments value={status} onChange={setStatus} counts={counts} />
      <output data-testid="status">{status || '(every)'}</output>
      <output data-testid="search">{loc.search}</output>
    </>
  );
}

async function renderAt(url: string, counts: StatusCounts) {
  await initI18n('en');
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['leave']);
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[url]}>
        <Harness counts={counts} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

const text = (id: string) => screen.getByTestId(id).textContent;

describe('approval list status choice', () => {
  it('opens on pending and shows a count per status and the total', async () => {
    await renderAt('/school/leave/application/teacher', { pending: 3, approved: 12, rejected: 1, cancelled: 0 });
    expect(text('status')).toBe('pending');
    expect(text('status-segment-pending')).toBe('Pending 3');
    expect(text('status-segment-approved')).toBe('Approved 12');
    expect(text('status-segment-rejected')).toBe('Rejected 1');
    expect(text('status-segment-cancelled')).toBe('Cancelled 0');
    expect(text('status-segment-all')).toBe('All 16');
    const selected = document.querySelector('.ant-segmented-item-selected');
    expect(selected?.textContent).toBe('Pending 3');
  });

  it('shows a placeholder while counts load, and no total until all are known', async () => {
    await renderAt('/x', { pending: 2 });
    expect(text('status-count-pending')).toBe('2');
    expect(text('status-count-approved')).toBe('…');
    expect(text('status-count-all')).toBe('…');
  });

  it('keeps the choice in the URL: all as ?status=all, pending as no parameter', async () => {
    await renderAt('/x?status=approved', { pending: 1, approved: 1, rejected: 0, cancelled: 0 });
    expect(text('status')).toBe('approved');
    await act(async () => fireEvent.click(screen.getByTestId('status-segment-all')));
    expect(text('status')).toBe('(every)');
    expect(text('search')).toBe('?status=all');
    await act(async () => fireEvent.click(screen.getByTestId('status-segment-pending')));
    expect(text('status')).toBe('pending');
    expect(text('search')).toBe('');
  });

  it('falls back to pending on an unknown status', async () => {
    await renderAt('/x?status=bogus', {});
    expect(text('status')).toBe('pending');
  });
});
