import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { Button } from 'antd';
import { ResponsiveTable, type ListColumn } from './responsive-table';
import { NARROW_QUERY } from '../lib/use-narrow-screen';

interface Row {
  id: number;
  name: string;
  type: string;
  reason: string;
  comment: string;
}

const rows: Row[] = [
  { id: 1, name: 'Lucía Fernández', type: 'Emergency leave', reason: 'A long reason that explains the whole family matter in detail', comment: '' },
  { id: 2, name: 'Mei Ling Lim', type: 'Annual leave', reason: 'Trip', comment: 'Approved early' },
];

function columns(onApprove: (r: Row) => void): ListColumn<Row>[] {
  return [
    { title: 'Person', dataIndex: 'name', key: 'name', primary: true },
    { title: 'Type', dataIndex: 'type', key: 'type' },
    { title: 'Reason', dataIndex: 'reason', key: 'reason', long: true },
    { title: 'Comment', dataIndex: 'comment', key: 'comment', long: true },
    { title: 'Hidden on cards', key: 'hidden', cardHidden: true, render: () => 'desktop only' },
    {
      key: 'actions',
      title: 'Actions',
      render: (_, r) => (
        <Button onClick={() => onApprove(r)} data-testid={`approve-${r.id}`}>
          Approve
        </Button>
      ),
    },
  ];
}

/** Makes the narrow-screen media query match (a phone) or not. */
function viewport(narrow: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: narrow && query === NARROW_QUERY,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}

afterEach(() => vi.unstubAllGlobals());

describe('ResponsiveTable', () => {
  it('shows a table on a wide screen whose headers and ordinary cells never wrap, long text cut with a tooltip', () => {
    viewport(false);
    render(<ResponsiveTable<Row> rowKey="id" columns={columns(() => {})} dataSource={rows} pagination={false} data-testid="list" />);
    const table = screen.getByTestId('list');
    expect(table.querySelector('table')).toBeTruthy();
    expect(screen.queryAllByTestId('list-card')).toHaveLength(0);
    const headers = [...table.querySelectorAll('th')];
    expect(headers.map((h) => h.textContent)).toEqual(['Person', 'Type', 'Reason', 'Comment', 'Hidden on cards', 'Actions']);
    for (const h of headers) expect(h.style.whiteSpace).toBe('nowrap');
    const nameCell = screen.getByText('Lucía Fernández').closest('td')!;
    expect(nameCell.style.whiteSpace).toBe('nowrap');
    const long = screen.getAllByTestId('long-text')[0];
    expect(long.textContent).toBe(rows[0].reason);
    expect(long.style.textOverflow).toBe('ellipsis');
    expect(long.style.maxWidth).not.toBe('');
    // Keyboard users reach the whole text too: the cut text takes focus, which opens its tooltip.
    expect(long.tabIndex).toBe(0);
  });

  it('shows one card per row on a phone, titled by the primary column, with the same actions', () => {
    viewport(true);
    const approve = vi.fn();
    render(<ResponsiveTable<Row> rowKey="id" columns={columns(approve)} dataSource={rows} pagination={false} data-testid="list" />);
    const list = screen.getByTestId('list');
    expect(list.getAttribute('data-view')).toBe('cards');
    expect(list.querySelector('table')).toBeNull();
    const cards = screen.getAllByTestId('list-card');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]);
    expect(first.getByText('Lucía Fernández')).toBeTruthy();
    expect(first.getByText('Type')).toBeTruthy();
    expect(first.getByText('Emergency leave')).toBeTruthy();
    // Long text is whole on a card, an empty comment is left out, card-hidden columns too.
    expect(first.getByText(rows[0].reason)).toBeTruthy();
    expect(first.queryByText('Comment')).toBeNull();
    expect(first.queryByText('desktop only')).toBeNull();
    expect(within(cards[1]).getByText('Approved early')).toBeTruthy();
    fireEvent.click(within(cards[1]).getByTestId('approve-2'));
    expect(approve).toHaveBeenCalledWith(rows[1]);
  });

  it('makes a card as clickable as its table row, by mouse and keyboard', () => {
    viewport(true);
    const open = vi.fn();
    render(
      <ResponsiveTable<Row>
        rowKey="id"
        columns={columns(() => {})}
        dataSource={rows}
        pagination={false}
        onRow={(r) => ({ onClick: () => open(r.id) })}
      />,
    );
    const cards = screen.getAllByTestId('list-card');
    fireEvent.click(cards[0]);
    fireEvent.keyDown(cards[1], { key: 'Enter' });
    expect(open.mock.calls).toEqual([[1], [2]]);
  });

  it('pages the cards like the table', () => {
    viewport(true);
    const onChange = vi.fn();
    render(
      <ResponsiveTable<Row>
        rowKey="id"
        columns={columns(() => {})}
        dataSource={rows}
        pagination={{ current: 1, pageSize: 2, total: 5, onChange }}
      />,
    );
    fireEvent.click(screen.getByTitle('Next Page'));
    expect(onChange).toHaveBeenCalledWith(2, 2);
  });
});
